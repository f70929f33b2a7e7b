import type { BoardSize } from './levels';
import { createRng } from './rng';

/**
 * Minesweeper rules as pure functions: every move returns a new game and never changes the old
 * one, so React can compare by reference and tests can replay moves. Cells live in flat typed
 * arrays (index = row * cols + col) because a 100x100 board's flood reveal must fit in a frame.
 */
export const HIDDEN = 0;
export const REVEALED = 1;
export const FLAGGED = 2;
export type CellState = typeof HIDDEN | typeof REVEALED | typeof FLAGGED;

export type GameStatus = 'ready' | 'playing' | 'won' | 'lost';

export interface Game extends BoardSize {
  seed: number;
  status: GameStatus;
  /** 1 where a mine is. Empty until the first reveal places the mines. */
  mine: Uint8Array;
  /** Number of mines around each cell (0-8). */
  adjacent: Uint8Array;
  state: Uint8Array;
  revealedCount: number;
  flagCount: number;
  /** The mine that ended the game. */
  explodedIndex: number | null;
  startedAt: number | null;
  endedAt: number | null;
}

export interface MoveResult {
  game: Game;
  /** Cells this move revealed (for announcements). */
  revealed: number;
}

const at = (array: Uint8Array, index: number): number => array[index] ?? 0;

export function createGame(size: BoardSize, seed: number): Game {
  const total = size.rows * size.cols;
  return {
    rows: size.rows,
    cols: size.cols,
    mines: size.mines,
    seed,
    status: 'ready',
    mine: new Uint8Array(total),
    adjacent: new Uint8Array(total),
    state: new Uint8Array(total),
    revealedCount: 0,
    flagCount: 0,
    explodedIndex: null,
    startedAt: null,
    endedAt: null,
  };
}

export function indexOf(game: Pick<Game, 'cols'>, row: number, col: number): number {
  return row * game.cols + col;
}

export function neighbours(game: Pick<Game, 'rows' | 'cols'>, index: number): number[] {
  const row = Math.floor(index / game.cols);
  const col = index % game.cols;
  const result: number[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if (dr === 0 && dc === 0) continue;
      const r = row + dr;
      const c = col + dc;
      if (r >= 0 && r < game.rows && c >= 0 && c < game.cols) result.push(r * game.cols + c);
    }
  }
  return result;
}

/**
 * Places the mines for a game whose first reveal is at `safeIndex`: never on that cell and,
 * when the board has room, never next to it, so the first click always opens an area.
 * Deterministic for a given seed and first click.
 */
export function placeMines(size: BoardSize, seed: number, safeIndex: number): Uint8Array {
  const total = size.rows * size.cols;
  const excluded = new Set<number>([safeIndex]);
  if (total - size.mines >= 9) for (const n of neighbours(size, safeIndex)) excluded.add(n);
  const candidates: number[] = [];
  for (let i = 0; i < total; i++) if (!excluded.has(i)) candidates.push(i);
  const count = Math.min(size.mines, candidates.length);
  const random = createRng(seed);
  // Partial Fisher-Yates: the first `count` candidates after shuffling are the mines.
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (candidates.length - i));
    const swap = candidates[i]!;
    candidates[i] = candidates[j]!;
    candidates[j] = swap;
  }
  const mine = new Uint8Array(total);
  for (let i = 0; i < count; i++) mine[candidates[i]!] = 1;
  return mine;
}

export function countAdjacent(size: BoardSize, mine: Uint8Array): Uint8Array {
  const adjacent = new Uint8Array(size.rows * size.cols);
  for (let i = 0; i < adjacent.length; i++) {
    if (!at(mine, i)) continue;
    for (const n of neighbours(size, i)) adjacent[n] = at(adjacent, n) + 1;
  }
  return adjacent;
}

/** Mines not yet flagged, as the counter shows it (negative when over-flagged). */
export function minesLeft(game: Game): number {
  return game.mines - game.flagCount;
}

export function elapsedMs(game: Game, now: number): number {
  if (game.startedAt === null) return 0;
  return (game.endedAt ?? now) - game.startedAt;
}

const isOver = (game: Game) => game.status === 'won' || game.status === 'lost';

/**
 * Reveals `start` and, where it has no mine around it, the whole empty area around it (flood
 * fill with an explicit stack: recursion would overflow on big boards). Mutates `state`.
 */
function flood(game: Game, state: Uint8Array, start: number): number {
  let revealed = 0;
  const stack = [start];
  while (stack.length > 0) {
    const index = stack.pop()!;
    if (at(state, index) !== HIDDEN || at(game.mine, index)) continue;
    state[index] = REVEALED;
    revealed++;
    if (at(game.adjacent, index) !== 0) continue;
    const row = Math.floor(index / game.cols);
    const col = index % game.cols;
    for (let dr = -1; dr <= 1; dr++) {
      const r = row + dr;
      if (r < 0 || r >= game.rows) continue;
      for (let dc = -1; dc <= 1; dc++) {
        const c = col + dc;
        if (c < 0 || c >= game.cols || (dr === 0 && dc === 0)) continue;
        const n = r * game.cols + c;
        if (at(state, n) === HIDDEN) stack.push(n);
      }
    }
  }
  return revealed;
}

/** Ends the game as won when every safe cell is open; the remaining mines get flagged. */
function settle(game: Game, now: number): Game {
  if (game.revealedCount !== game.rows * game.cols - game.mines) return game;
  const state = game.state.slice();
  for (let i = 0; i < state.length; i++) if (at(game.mine, i)) state[i] = FLAGGED;
  return { ...game, state, flagCount: game.mines, status: 'won', endedAt: now };
}

function revealCells(game: Game, indexes: number[], now: number): MoveResult {
  const state = game.state.slice();
  let revealed = 0;
  for (const index of indexes) {
    if (at(state, index) !== HIDDEN) continue;
    if (at(game.mine, index)) {
      return {
        game: { ...game, state, revealedCount: game.revealedCount + revealed, status: 'lost', explodedIndex: index, endedAt: now },
        revealed,
      };
    }
    revealed += flood(game, state, index);
  }
  return { game: settle({ ...game, state, revealedCount: game.revealedCount + revealed }, now), revealed };
}

/** Reveals one hidden cell. The first reveal of a game places the mines around it. */
export function reveal(game: Game, index: number, now: number = Date.now()): MoveResult {
  if (isOver(game) || index < 0 || index >= game.state.length || at(game.state, index) !== HIDDEN) return { game, revealed: 0 };
  let current = game;
  if (game.status === 'ready') {
    const mine = placeMines(game, game.seed, index);
    current = { ...game, mine, adjacent: countAdjacent(game, mine), status: 'playing', startedAt: now };
  }
  return revealCells(current, [index], now);
}

/**
 * Chording: on an open number whose flags around it match the number, reveal every other
 * hidden neighbour at once (which loses if a flag was wrong).
 */
export function chord(game: Game, index: number, now: number = Date.now()): MoveResult {
  if (game.status !== 'playing' || at(game.state, index) !== REVEALED) return { game, revealed: 0 };
  const around = neighbours(game, index);
  const flags = around.filter((n) => at(game.state, n) === FLAGGED).length;
  const number = at(game.adjacent, index);
  if (number === 0 || flags !== number) return { game, revealed: 0 };
  return revealCells(
    game,
    around.filter((n) => at(game.state, n) === HIDDEN),
    now,
  );
}

/** What a click or Enter does: reveal a hidden cell, chord an open number. */
export function activate(game: Game, index: number, now: number = Date.now()): MoveResult {
  return at(game.state, index) === REVEALED ? chord(game, index, now) : reveal(game, index, now);
}

/** Puts a flag on a hidden cell or takes it off again. */
export function toggleFlag(game: Game, index: number): Game {
  if (isOver(game)) return game;
  const current = at(game.state, index);
  if (current === REVEALED || index < 0 || index >= game.state.length) return game;
  const state = game.state.slice();
  state[index] = current === FLAGGED ? HIDDEN : FLAGGED;
  return { ...game, state, flagCount: game.flagCount + (current === FLAGGED ? -1 : 1) };
}

export type CellView =
  { kind: 'hidden' } | { kind: 'flagged'; wrong: boolean } | { kind: 'open'; adjacent: number } | { kind: 'mine'; exploded: boolean };

/** What one cell shows; after a loss every mine is shown and wrong flags are marked. */
export function cellView(game: Game, index: number): CellView {
  const state = at(game.state, index);
  const mine = at(game.mine, index) === 1;
  if (state === REVEALED) return { kind: 'open', adjacent: at(game.adjacent, index) };
  if (game.status === 'lost') {
    if (mine && state !== FLAGGED) return { kind: 'mine', exploded: index === game.explodedIndex };
    if (state === FLAGGED) return { kind: 'flagged', wrong: !mine };
  }
  if (state === FLAGGED) return { kind: 'flagged', wrong: false };
  return { kind: 'hidden' };
}

/** The largest connected area of mine-free, zero-count cells (for the flood-reveal benchmark). */
export function largestEmptyArea(game: Game): { start: number; size: number } {
  const seen = new Uint8Array(game.state.length);
  let best = { start: -1, size: 0 };
  for (let i = 0; i < seen.length; i++) {
    if (seen[i] || at(game.mine, i) || at(game.adjacent, i) !== 0) continue;
    let size = 0;
    const stack = [i];
    seen[i] = 1;
    while (stack.length > 0) {
      const index = stack.pop()!;
      size++;
      for (const n of neighbours(game, index)) {
        if (seen[n] || at(game.mine, n) || at(game.adjacent, n) !== 0) continue;
        seen[n] = 1;
        stack.push(n);
      }
    }
    if (size > best.size) best = { start: i, size };
  }
  return best;
}
