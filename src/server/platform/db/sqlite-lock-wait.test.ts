import { describe, expect, it } from 'vitest';
import { isSqliteBusy, LOCK_RETRY_MAX_MS, lockRetryDelay } from './sqlite-lock-wait';

describe('waiting for another connection’s SQLite write lock', () => {
  it('waits a little longer each time, never more than the cap nor past the deadline', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 100].map((attempt) => lockRetryDelay(attempt, 5000))).toEqual([2, 4, 8, 16, 32, 50, 50, 50]);
    expect(lockRetryDelay(10_000, 5000)).toBe(LOCK_RETRY_MAX_MS);
    expect(lockRetryDelay(6, 7)).toBe(7);
    expect(lockRetryDelay(6, 0.2)).toBe(1);
  });

  it('gives up when the time is spent', () => {
    expect(lockRetryDelay(1, 0)).toBeNull();
    expect(lockRetryDelay(1, -3)).toBeNull();
    expect(lockRetryDelay(1, Number.NaN)).toBeNull();
  });

  it('retries only for a lock another connection holds', () => {
    const error = (code: string) => Object.assign(new Error('database is locked'), { code });
    expect(isSqliteBusy(error('SQLITE_BUSY'))).toBe(true);
    expect(isSqliteBusy(error('SQLITE_BUSY_RECOVERY'))).toBe(true);
    expect(isSqliteBusy(error('SQLITE_LOCKED'))).toBe(false);
    expect(isSqliteBusy(error('SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
    expect(isSqliteBusy(new Error('database is locked'))).toBe(false);
    expect(isSqliteBusy(null)).toBe(false);
  });
});
