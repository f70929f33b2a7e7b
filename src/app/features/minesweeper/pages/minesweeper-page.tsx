import { IonButton, IonContent, IonIcon, IonPage, IonSelect, IonSelectOption, IonToggle } from '@ionic/react';
import { flag, refresh } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { type BoardSize, formatDuration, isLevel, type Level, PRESETS } from '../../../../common/minesweeper/levels';
import { AppHeader } from '../../../shell/app-header';
import { Board } from '../components/board';
import { CustomBoardForm } from '../components/custom-board-form';
import { GameStatus } from '../components/game-status';
import { fromQuery, sizeOf } from '../state/game-query';
import { useCustomBoard } from '../state/use-custom-board';
import { useMinesweeper } from '../state/use-minesweeper';
import '../minesweeper.css';

/** A complete Minesweeper game, playable by mouse, touch and keyboard. */
export default function MinesweeperPage() {
  const location = useLocation();
  const initial = useMemo(() => fromQuery(location.search), []); // eslint-disable-line react-hooks/exhaustive-deps -- read once on arrival
  const [level, setLevel] = useState<Level>(initial.level);
  const [custom, setCustom] = useState<BoardSize>(initial.custom);
  const customBoard = useCustomBoard(initial.custom);
  const play = useMinesweeper(level, sizeOf(initial.level, initial.custom), initial.seed);
  const { game, startGame } = play;

  const chooseLevel = (next: Level) => {
    setLevel(next);
    if (next !== 'custom') startGame(PRESETS[next]);
  };

  const startCustom = (size: BoardSize) => {
    setCustom(size);
    startGame(size);
  };

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
            <IonToggle checked={play.flagMode} onIonChange={(event) => play.setFlagMode(event.detail.checked)}>
              <IonIcon icon={flag} aria-hidden="true" /> Flag mode
            </IonToggle>
            <IonButton onClick={() => startGame(sizeOf(level, custom))}>
              <IonIcon slot="start" icon={refresh} aria-hidden="true" />
              New Game
            </IonButton>
          </div>

          {level === 'custom' && <CustomBoardForm board={customBoard} onStart={startCustom} />}

          <GameStatus game={game} elapsed={play.elapsed} newRecord={play.newRecord} />

          <Board game={game} focused={play.focused} onFocusChange={play.setFocused} onActivate={play.onActivate} onFlag={play.onFlag} />
          {over && (
            <IonButton className="ion-margin-top" onClick={() => startGame(sizeOf(level, custom))}>
              Play Again
            </IonButton>
          )}

          <div className="visually-hidden" role="status" aria-live="polite" data-testid="announcer">
            {play.announcement}
          </div>

          <h2>Best times</h2>
          <ul className="ms-best">
            {(Object.keys(PRESETS) as (keyof typeof PRESETS)[]).map((key) => (
              <li key={key}>
                {PRESETS[key].label}: <strong>{play.best[key] === undefined ? '—' : formatDuration(play.best[key])}</strong>
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
