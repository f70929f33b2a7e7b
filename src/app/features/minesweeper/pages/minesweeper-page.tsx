import { IonButton, IonContent, IonIcon, IonInput, IonPage, IonSelect, IonSelectOption, IonToggle } from '@ionic/react';
import { flag, refresh } from 'ionicons/icons';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { activate, createGame, elapsedMs, type Game, minesLeft, toggleFlag } from '../../../../common/minesweeper/game';
import {
  type BestTimes,
  type BoardSize,
  formatDuration,
  isLevel,
  type Level,
  PRESETS,
  recordBestTime,
  validateCustomBoard,
} from '../../../../common/minesweeper/levels';
import { randomSeed } from '../../../../common/minesweeper/rng';
import { AppHeader } from '../../../shell/app-header';
import { Board } from '../components/board';
import { loadBestTimes, saveBestTimes } from '../state/best-times';
import '../minesweeper.css';

const DEFAULT_CUSTOM: BoardSize = { rows: 20, cols: 20, mines: 60 };

/** Reads ?level=beginner&seed=42 (and rows/cols/mines for custom) so a game can be replayed. */
function fromQuery(search: string): { level: Level; custom: BoardSize; seed: number | null } {
  const params = new URLSearchParams(search);
  const levelParam = params.get('level');
  const level = isLevel(levelParam) ? levelParam : 'beginner';
  const seedParam = Number(params.get('seed'));
  const seed = params.has('seed') && Number.isInteger(seedParam) ? seedParam : null;
  const asked = {
    rows: Number(params.get('rows') ?? DEFAULT_CUSTOM.rows),
    cols: Number(params.get('cols') ?? DEFAULT_CUSTOM.cols),
    mines: Number(params.get('mines') ?? DEFAULT_CUSTOM.mines),
  };
  const checked = validateCustomBoard(asked);
  return { level, custom: checked.ok ? checked.size : DEFAULT_CUSTOM, seed };
}

const sizeOf = (level: Level, custom: BoardSize): BoardSize => (level === 'custom' ? custom : PRESETS[level]);

/** A complete Minesweeper game, playable by mouse, touch and keyboard. */
export default function MinesweeperPage() {
  const location = useLocation();
  const initial = useMemo(() => fromQuery(location.search), []); // eslint-disable-line react-hooks/exhaustive-deps -- read once on arrival
  const [level, setLevel] = useState<Level>(initial.level);
  const [custom, setCustom] = useState<BoardSize>(initial.custom);
  const [customDraft, setCustomDraft] = useState({
    rows: String(initial.custom.rows),
    cols: String(initial.custom.cols),
    mines: String(initial.custom.mines),
  });
  const [customErrors, setCustomErrors] = useState<Partial<Record<keyof BoardSize, string>>>({});
  const [game, setGame] = useState<Game>(() => createGame(sizeOf(initial.level, initial.custom), initial.seed ?? randomSeed()));
  const [focused, setFocused] = useState(0);
  const [flagMode, setFlagMode] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [best, setBest] = useState<BestTimes>({});
  const [announcement, setAnnouncement] = useState('');
  const [newRecord, setNewRecord] = useState(false);

  useEffect(() => {
    void loadBestTimes().then(setBest);
  }, []);

  // The clock ticks only while a game is running.
  useEffect(() => {
    if (game.status !== 'playing') return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [game.status]);

  const startGame = useCallback((size: BoardSize, seed: number = randomSeed()) => {
    setGame(createGame(size, seed));
    setFocused(0);
    setNewRecord(false);
    setAnnouncement(`New game: ${size.rows} rows by ${size.cols} columns, ${size.mines} mines.`);
  }, []);

  const finish = (after: Game) => {
    if (after.status === 'lost') {
      setAnnouncement('Boom! You hit a mine. Game over. Press New Game to play again.');
    } else if (after.status === 'won') {
      const time = elapsedMs(after, Date.now());
      const { best: updated, isRecord } = recordBestTime(best, level, time);
      setNewRecord(isRecord);
      if (isRecord) {
        setBest(updated);
        void saveBestTimes(updated);
      }
      setAnnouncement(`You won in ${formatDuration(time)}!${isRecord ? ' New best time.' : ''}`);
    }
  };

  const onFlag = (index: number) => {
    const current = game;
    const after = toggleFlag(current, index);
    if (after === current) return;
    setGame(after);
    const placed = after.flagCount > current.flagCount;
    setAnnouncement(`Flag ${placed ? 'placed' : 'removed'}. ${minesLeft(after)} mines left.`);
  };

  const onActivate = (index: number) => {
    const current = game;
    if (flagMode && current.state[index] !== 1) return onFlag(index);
    const { game: after, revealed } = activate(current, index, Date.now());
    if (after === current) return;
    setGame(after);
    setNow(Date.now());
    if (after.status === 'won' || after.status === 'lost') finish(after);
    else setAnnouncement(`${revealed} ${revealed === 1 ? 'cell' : 'cells'} revealed. ${minesLeft(after)} mines left.`);
  };

  const chooseLevel = (next: Level) => {
    setLevel(next);
    if (next !== 'custom') startGame(PRESETS[next]);
  };

  const startCustom = () => {
    const checked = validateCustomBoard({
      rows: Number(customDraft.rows),
      cols: Number(customDraft.cols),
      mines: Number(customDraft.mines),
    });
    if (!checked.ok) {
      setCustomErrors(checked.errors);
      return;
    }
    setCustomErrors({});
    setCustom(checked.size);
    startGame(checked.size);
  };

  const elapsed = elapsedMs(game, now);
  const over = game.status === 'won' || game.status === 'lost';

  return (
    <IonPage>
      <AppHeader title="Minesweeper" />
      <IonContent className="ion-padding">
        <div className="ms-page">
          <h1 className="visually-hidden">Minesweeper</h1>
          <div className="ms-controls">
            <IonSelect
              label="Level"
              labelPlacement="stacked"
              interface="popover"
              value={level}
              onIonChange={(event) => isLevel(event.detail.value) && chooseLevel(event.detail.value)}
            >
              {(Object.keys(PRESETS) as (keyof typeof PRESETS)[]).map((key) => (
                <IonSelectOption key={key} value={key}>
                  {PRESETS[key].label} ({PRESETS[key].cols}x{PRESETS[key].rows}, {PRESETS[key].mines})
                </IonSelectOption>
              ))}
              <IonSelectOption value="custom">Custom</IonSelectOption>
            </IonSelect>
            <IonToggle checked={flagMode} onIonChange={(event) => setFlagMode(event.detail.checked)}>
              <IonIcon icon={flag} aria-hidden="true" /> Flag mode
            </IonToggle>
            <IonButton onClick={() => startGame(sizeOf(level, custom))}>
              <IonIcon slot="start" icon={refresh} aria-hidden="true" />
              New Game
            </IonButton>
          </div>

          {level === 'custom' && (
            <form
              className="ms-custom"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                startCustom();
              }}
            >
              {(['rows', 'cols', 'mines'] as const).map((field) => (
                <IonInput
                  key={field}
                  type="number"
                  inputmode="numeric"
                  fill="outline"
                  label={field === 'rows' ? 'Rows' : field === 'cols' ? 'Columns' : 'Mines'}
                  labelPlacement="stacked"
                  value={customDraft[field]}
                  onIonInput={(event) => setCustomDraft((draft) => ({ ...draft, [field]: String(event.detail.value ?? '') }))}
                  className={customErrors[field] ? 'ion-invalid ion-touched' : undefined}
                  errorText={
                    customErrors[field]
                      ? `${field === 'cols' ? 'Columns' : field === 'rows' ? 'Rows' : 'Mines'} ${customErrors[field]}`
                      : undefined
                  }
                  min={field === 'mines' ? 1 : 5}
                  max={field === 'mines' ? undefined : 100}
                />
              ))}
              <IonButton type="submit">Start</IonButton>
            </form>
          )}

          <div className="ms-status">
            <div>
              <span className="ms-status__label">Mines left</span>
              <span className="ms-status__figure" data-testid="mines-left">
                {minesLeft(game)}
              </span>
            </div>
            <div className={`ms-result ${over ? `ms-result--${game.status}` : ''}`} data-testid="game-status">
              {game.status === 'ready' && 'Reveal any cell to start'}
              {game.status === 'playing' && 'Playing'}
              {game.status === 'won' && `You won in ${formatDuration(elapsed)}!${newRecord ? ' New best time!' : ''}`}
              {game.status === 'lost' && 'Boom! Game over'}
            </div>
            <div>
              <span className="ms-status__label">Time</span>
              <span className="ms-status__figure" data-testid="timer">
                <time dateTime={`PT${Math.floor(elapsed / 1000)}S`}>{formatDuration(elapsed)}</time>
              </span>
            </div>
          </div>

          <Board game={game} focused={focused} onFocusChange={setFocused} onActivate={onActivate} onFlag={onFlag} />
          {over && (
            <IonButton className="ion-margin-top" onClick={() => startGame(sizeOf(level, custom))}>
              Play Again
            </IonButton>
          )}

          <div className="visually-hidden" role="status" aria-live="polite" data-testid="announcer">
            {announcement}
          </div>

          <h2>Best times</h2>
          <ul className="ms-best">
            {(Object.keys(PRESETS) as (keyof typeof PRESETS)[]).map((key) => (
              <li key={key}>
                {PRESETS[key].label}: <strong>{best[key] === undefined ? '—' : formatDuration(best[key])}</strong>
              </li>
            ))}
          </ul>
          <p className="ms-help">
            Click or tap to reveal; right-click, long-press or use Flag mode to flag. Click a number whose flags are all placed to open its
            other neighbours. Keyboard: arrow keys move, Enter or Space reveals, F flags.
          </p>
        </div>
      </IonContent>
    </IonPage>
  );
}
