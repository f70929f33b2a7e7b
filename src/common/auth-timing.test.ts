import { describe, expect, it } from 'vitest';
import { expiresAtFrom, isTokenExpired, needsRefresh, refreshDelayMs, retryBackoffMs } from './auth-timing';

const MINUTE = 60_000;
const expiresAt = 1_000_000_000;

describe('token expiry tolerance (30 s)', () => {
  it('is valid until 30 s before its expiration time', () => {
    expect(isTokenExpired(expiresAt, expiresAt - 30_001)).toBe(false);
    expect(isTokenExpired(expiresAt, expiresAt - 30_000)).toBe(true);
    expect(isTokenExpired(expiresAt, expiresAt + 1)).toBe(true);
  });
});

describe('refresh margin (5 minutes)', () => {
  it('asks for a refresh from 5 minutes before expiry on', () => {
    expect(needsRefresh(expiresAt, expiresAt - 5 * MINUTE - 1)).toBe(false);
    expect(needsRefresh(expiresAt, expiresAt - 5 * MINUTE)).toBe(true);
  });

  it('schedules the proactive refresh 5 minutes before expiry, never in the past', () => {
    expect(refreshDelayMs(expiresAt, expiresAt - 60 * MINUTE)).toBe(55 * MINUTE);
    expect(refreshDelayMs(expiresAt, expiresAt - 5 * MINUTE)).toBe(0);
    expect(refreshDelayMs(expiresAt, expiresAt + MINUTE)).toBe(0);
  });

  it('turns the server expiresIn seconds into an instant', () => {
    expect(expiresAtFrom('3600', 1000)).toBe(1000 + 3_600_000);
    expect(expiresAtFrom(60, 0)).toBe(60_000);
  });
});

describe('retry backoff (30 s doubling to 16 minutes)', () => {
  it('doubles from 30 s', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryBackoffMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000]);
  });

  it('is capped at 16 minutes', () => {
    expect(retryBackoffMs(6)).toBe(16 * MINUTE);
    expect(retryBackoffMs(7)).toBe(16 * MINUTE);
    expect(retryBackoffMs(50)).toBe(16 * MINUTE);
  });

  it('waits nothing before any failure', () => {
    expect(retryBackoffMs(0)).toBe(0);
  });
});
