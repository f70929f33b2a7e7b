import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../../../common/minesweeper/levels';
import { DEFAULT_CUSTOM, fromQuery, sizeOf } from './game-query';

describe('a game from the address', () => {
  it('reads the level, the seed and a custom board', () => {
    expect(fromQuery('?level=expert&seed=42')).toEqual({ level: 'expert', custom: DEFAULT_CUSTOM, seed: 42 });
    expect(fromQuery('?level=custom&rows=10&cols=12&mines=20')).toEqual({
      level: 'custom',
      custom: { rows: 10, cols: 12, mines: 20 },
      seed: null,
    });
  });

  it('falls back to a beginner game and the default custom board on nonsense', () => {
    expect(fromQuery('?level=nope&seed=1.5&rows=1')).toEqual({ level: 'beginner', custom: DEFAULT_CUSTOM, seed: null });
  });

  it('sizes a preset from its level and custom from the board asked for', () => {
    expect(sizeOf('beginner', DEFAULT_CUSTOM)).toBe(PRESETS.beginner);
    expect(sizeOf('custom', { rows: 5, cols: 6, mines: 7 })).toEqual({ rows: 5, cols: 6, mines: 7 });
  });
});
