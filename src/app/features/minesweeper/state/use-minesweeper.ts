import { useCallback, useEffect, useState } from 'react';
import { activate, createGame, elapsedMs, type Game, minesLeft, toggleFlag } from '../../../../common/minesweeper/game';
import { type BestTimes, type BoardSize, formatDuration, type Level, recordBestTime } from '../../../../common/minesweeper/levels';
import { randomSeed } from '../../../../common/minesweeper/rng';
import { loadBestTimes, saveBestTimes } from './best-times';

/**
 * One game and what surrounds it: the running clock, the best times of this device, and the
 * sentence a screen reader hears after each move.
 */
export function useMinesweeper(level: Level, firstSize: BoardSize, firstSeed: number | null) {
  const [game, setGame] = useState<Game>(() => createGame(firstSize, firstSeed ?? randomSeed()));
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

  return {
    game,
    elapsed: elapsedMs(game, now),
    focused,
    setFocused,
    flagMode,
    setFlagMode,
    best,
    announcement,
    newRecord,
    startGame,
    onFlag,
    onActivate,
  };
}
