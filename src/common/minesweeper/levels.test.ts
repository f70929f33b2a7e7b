import { describe, expect, it } from 'vitest';
import { formatDuration, isLevel, maxMines, PRESETS, recordBestTime, validateCustomBoard } from './levels';

describe('levels', () => {
  it('has the classic presets', () => {
    expect(PRESETS.beginner).toMatchObject({ rows: 9, cols: 9, mines: 10 });
    expect(PRESETS.intermediate).toMatchObject({ rows: 16, cols: 16, mines: 40 });
    expect(PRESETS.expert).toMatchObject({ rows: 16, cols: 30, mines: 99 });
    expect(isLevel('expert')).toBe(true);
    expect(isLevel('impossible')).toBe(false);
  });

  it('accepts a custom board up to 100x100', () => {
    expect(validateCustomBoard({ rows: 100, cols: 100, mines: 1000 })).toEqual({ ok: true, size: { rows: 100, cols: 100, mines: 1000 } });
  });

  it('names each field at fault for a bad custom board', () => {
    expect(validateCustomBoard({ rows: 4, cols: 101, mines: 0 })).toEqual({
      ok: false,
      errors: { rows: 'must be at least 5', cols: 'must be at most 100', mines: 'must be at least 1' },
    });
    expect(validateCustomBoard({ rows: 5.5, cols: 10, mines: 3 })).toEqual({ ok: false, errors: { rows: 'must be a whole number' } });
    expect(validateCustomBoard({ rows: 5, cols: 5, mines: 17 })).toEqual({
      ok: false,
      errors: { mines: 'must be at most 16 for this size' },
    });
    expect(maxMines(5, 5)).toBe(16);
  });
});

describe('best times', () => {
  it('keeps the fastest win per preset level', () => {
    let result = recordBestTime({}, 'beginner', 30_000);
    expect(result).toEqual({ best: { beginner: 30_000 }, isRecord: true });
    result = recordBestTime(result.best, 'beginner', 45_000);
    expect(result).toEqual({ best: { beginner: 30_000 }, isRecord: false });
    result = recordBestTime(result.best, 'beginner', 20_000);
    expect(result.best.beginner).toBe(20_000);
    expect(result.isRecord).toBe(true);
    result = recordBestTime(result.best, 'expert', 300_000);
    expect(result.best).toEqual({ beginner: 20_000, expert: 300_000 });
  });

  it('does not keep records for custom boards or nonsense times', () => {
    expect(recordBestTime({}, 'custom', 1000).isRecord).toBe(false);
    expect(recordBestTime({}, 'beginner', Number.NaN).isRecord).toBe(false);
  });

  it('formats durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(83_400)).toBe('1:23');
    expect(formatDuration(600_000)).toBe('10:00');
  });
});
