import { describe, expect, it } from 'vitest';
import {
  activate,
  cellView,
  chord,
  countAdjacent,
  createGame,
  elapsedMs,
  FLAGGED,
  type Game,
  HIDDEN,
  indexOf,
  largestEmptyArea,
  minesLeft,
  neighbours,
  placeMines,
  REVEALED,
  reveal,
  toggleFlag,
} from './game';
import { PRESETS } from './levels';
import { createRng } from './rng';

const beginner = PRESETS.beginner;
const mineIndexes = (game: Game) => [...game.mine.keys()].filter((i) => game.mine[i] === 1);
const safeIndexes = (game: Game) => [...game.mine.keys()].filter((i) => game.mine[i] === 0);

/** A game with mines exactly where a picture says ('*' mine, '.' safe), already started. */
function fromPicture(picture: string[]): Game {
  const rows = picture.length;
  const cols = picture[0]!.length;
  const mine = new Uint8Array(rows * cols);
  picture.forEach((line, r) => [...line].forEach((ch, c) => (mine[r * cols + c] = ch === '*' ? 1 : 0)));
  const size = { rows, cols, mines: mine.reduce((sum, m) => sum + m, 0) };
  return { ...createGame(size, 1), mine, adjacent: countAdjacent(size, mine), status: 'playing', startedAt: 0 };
}

describe('seeded random', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(first);
    for (const value of first) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('mine placement', () => {
  it('places exactly the asked number of mines, the same for the same seed and first click', () => {
    const one = placeMines(PRESETS.expert, 7, 100);
    const two = placeMines(PRESETS.expert, 7, 100);
    expect(one.reduce((s, m) => s + m, 0)).toBe(99);
    expect([...one]).toEqual([...two]);
    expect([...placeMines(PRESETS.expert, 8, 100)]).not.toEqual([...one]);
  });

  it('never puts a mine on the first click or next to it, whatever the seed', () => {
    for (let seed = 0; seed < 300; seed++) {
      const first = seed % 81;
      const mine = placeMines(beginner, seed, first);
      expect(mine[first]).toBe(0);
      for (const n of neighbours(beginner, first)) expect(mine[n]).toBe(0);
    }
  });

  it('keeps only the clicked cell safe when the board is too full for a safe neighbourhood', () => {
    const size = { rows: 5, cols: 5, mines: 20 };
    const mine = placeMines(size, 3, 12);
    expect(mine[12]).toBe(0);
    expect(mine.reduce((s, m) => s + m, 0)).toBe(20);
  });

  it('counts the mines around every cell', () => {
    const game = fromPicture(['*..', '...', '..*']);
    expect([...game.adjacent]).toEqual([0, 1, 0, 1, 2, 1, 0, 1, 0]);
  });
});

describe('revealing', () => {
  it('starts the game on the first reveal, which is never a mine and opens an area', () => {
    for (let seed = 0; seed < 100; seed++) {
      const { game } = reveal(createGame(beginner, seed), 40, 1000);
      expect(game.status === 'playing' || game.status === 'won').toBe(true);
      expect(game.startedAt).toBe(1000);
      expect(game.adjacent[40]).toBe(0);
      expect(game.revealedCount).toBeGreaterThan(1);
    }
  });

  it('flood-reveals the empty area and its numbered border', () => {
    const game = fromPicture(['....*', '.....', '.....', '*....']);
    const { game: after, revealed } = reveal(game, indexOf(game, 1, 1));
    // Everything except the two mines and the cells only reachable past numbers opens.
    const open = [...after.state.keys()].filter((i) => after.state[i] === REVEALED);
    expect(revealed).toBe(open.length);
    expect(after.revealedCount).toBe(open.length);
    for (const i of open) expect(after.mine[i]).toBe(0);
    expect(after.state[indexOf(game, 0, 4)]).not.toBe(REVEALED);
    expect(after.state[indexOf(game, 3, 0)]).not.toBe(REVEALED);
    expect(after.status).toBe('won');
    // Numbers border the area; they are open but the flood did not pass them into a mine.
    expect(after.state[indexOf(game, 0, 3)]).toBe(REVEALED);
    expect(after.adjacent[indexOf(game, 0, 3)]).toBe(1);
  });

  it('stops the flood at numbers: a pocket walled off by numbers stays hidden', () => {
    // The two right-hand cells of row 1 are cut off from the empty area by a column of numbers.
    const game = fromPicture(['...*..', '...*..', '...*..']);
    const { game: after } = reveal(game, 0);
    expect([...after.state].map((s) => (s === REVEALED ? 'o' : '#')).join('')).toBe('ooo###' + 'ooo###' + 'ooo###');
    expect(after.status).toBe('playing');
  });

  it('reveals only the cell itself when it has a number', () => {
    const game = fromPicture(['*....', '.....', '.....']);
    const { game: after, revealed } = reveal(game, indexOf(game, 1, 1));
    expect(revealed).toBe(1);
    expect(after.revealedCount).toBe(1);
  });

  it('loses on a mine, records which one and stops the clock', () => {
    const game = fromPicture(['*....', '.....', '.....']);
    const { game: lost } = reveal(game, 0, 5000);
    expect(lost.status).toBe('lost');
    expect(lost.explodedIndex).toBe(0);
    expect(lost.endedAt).toBe(5000);
    expect(elapsedMs(lost, 99_999)).toBe(5000);
    expect(cellView(lost, 0)).toEqual({ kind: 'mine', exploded: true });
    // Nothing changes after the end.
    expect(reveal(lost, 4).game).toBe(lost);
    expect(toggleFlag(lost, 4)).toBe(lost);
  });

  it('ignores flagged and already open cells and indexes off the board', () => {
    const game = toggleFlag(fromPicture(['*....', '.....', '.....']), 14);
    expect(reveal(game, 14).game).toBe(game);
    expect(reveal(game, -1).game).toBe(game);
    expect(reveal(game, 999).game).toBe(game);
    const opened = reveal(game, 1).game;
    expect(reveal(opened, 1).game).toBe(opened);
  });

  it('never changes the game it was given', () => {
    const game = fromPicture(['*....', '.....', '.....']);
    const before = [...game.state];
    reveal(game, 14);
    toggleFlag(game, 3);
    expect([...game.state]).toEqual(before);
    expect(game.flagCount).toBe(0);
  });
});

describe('winning', () => {
  it('wins when every safe cell is open, flags the mines and stops the clock', () => {
    let game = reveal(createGame(beginner, 42), 40, 0).game;
    for (const i of safeIndexes(game)) game = reveal(game, i, 12_345).game;
    expect(game.status).toBe('won');
    expect(game.endedAt).toBe(12_345);
    expect(minesLeft(game)).toBe(0);
    for (const i of mineIndexes(game)) expect(game.state[i]).toBe(FLAGGED);
  });

  it('does not win while a safe cell is still hidden', () => {
    let game = reveal(createGame(beginner, 9), 0, 0).game;
    const safe = safeIndexes(game).filter((i) => game.state[i] === HIDDEN);
    for (const i of safe.slice(0, -1)) game = reveal(game, i).game;
    expect(game.status).toBe('playing');
    game = reveal(game, safe.at(-1)!).game;
    expect(game.status).toBe('won');
  });
});

describe('flags and the mine counter', () => {
  it('counts down with each flag, back up when removed, and below zero when over-flagged', () => {
    let game = createGame({ rows: 5, cols: 5, mines: 1 }, 1);
    expect(minesLeft(game)).toBe(1);
    game = toggleFlag(game, 0);
    expect(game.state[0]).toBe(FLAGGED);
    expect(minesLeft(game)).toBe(0);
    game = toggleFlag(game, 1);
    expect(minesLeft(game)).toBe(-1);
    game = toggleFlag(toggleFlag(game, 1), 0);
    expect(minesLeft(game)).toBe(1);
    expect(game.state[0]).toBe(HIDDEN);
  });

  it('cannot flag an open cell', () => {
    const game = reveal(fromPicture(['*....', '.....', '.....']), 14).game;
    expect(toggleFlag(game, 14)).toBe(game);
  });

  it('shows wrong flags after a loss', () => {
    let game = fromPicture(['*....', '.....', '.....']);
    game = toggleFlag(game, 4);
    game = reveal(game, 0).game;
    expect(cellView(game, 4)).toEqual({ kind: 'flagged', wrong: true });
  });
});

describe('chording', () => {
  const picture = ['*....', '.....', '.....', '.....'];

  it('opens the other neighbours when the flags around a number match it', () => {
    let game = reveal(fromPicture(picture), indexOf({ cols: 5 }, 1, 1)).game;
    expect(game.adjacent[6]).toBe(1);
    game = toggleFlag(game, 0);
    const { game: after, revealed } = chord(game, 6);
    expect(revealed).toBeGreaterThan(0);
    for (const n of neighbours(game, 6).filter((n) => n !== 0)) expect(after.state[n]).toBe(REVEALED);
    expect(after.status).toBe('won');
  });

  it('does nothing when the flags do not match the number', () => {
    const game = reveal(fromPicture(picture), 6).game;
    expect(chord(game, 6).game).toBe(game);
    expect(activate(game, 6).game).toBe(game);
  });

  it('loses when a flag was wrong', () => {
    let game = reveal(fromPicture(picture), 6).game;
    game = toggleFlag(game, 1);
    const { game: after } = chord(game, 6);
    expect(after.status).toBe('lost');
    expect(after.explodedIndex).toBe(0);
  });

  it('activate reveals a hidden cell and chords an open one', () => {
    let game = activate(fromPicture(picture), 6).game;
    expect(game.state[6]).toBe(REVEALED);
    game = toggleFlag(game, 0);
    expect(activate(game, 6).game.status).toBe('won');
  });
});

describe('big boards', () => {
  it('floods a 100x100 board without overflowing the stack and finds its largest empty area', () => {
    const size = { rows: 100, cols: 100, mines: 1000 };
    const started = reveal(createGame(size, 2024), 5050, 0).game;
    const area = largestEmptyArea(started);
    expect(area.size).toBeGreaterThan(0);
    const fresh = { ...createGame(size, 2024), mine: started.mine, adjacent: started.adjacent, status: 'playing' as const };
    const { revealed } = reveal(fresh, area.start);
    // The area plus its numbered border opens in one move.
    expect(revealed).toBeGreaterThanOrEqual(area.size);
  });

  it('opens everything at once on a 100x100 board with a single mine in the middle', () => {
    const { game } = reveal(
      fromPicture(Array.from({ length: 100 }, (_, r) => (r === 50 ? '.'.repeat(50) + '*' + '.'.repeat(49) : '.'.repeat(100)))),
      0,
    );
    expect(game.status).toBe('won');
    expect(game.revealedCount).toBe(9999);
  });
});
