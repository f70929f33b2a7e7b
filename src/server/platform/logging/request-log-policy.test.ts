import { describe, expect, it } from 'vitest';
import { parseRequestLogPolicy, shouldLogRequest } from './request-log-policy';

describe('parseRequestLogPolicy', () => {
  it('reads the four forms', () => {
    expect(parseRequestLogPolicy('all')).toEqual({ mode: 'all' });
    expect(parseRequestLogPolicy(' Errors ')).toEqual({ mode: 'errors' });
    expect(parseRequestLogPolicy('none')).toEqual({ mode: 'none' });
    expect(parseRequestLogPolicy('sample:0.1')).toEqual({ mode: 'sample', rate: 0.1 });
    expect(parseRequestLogPolicy('sample:1')).toEqual({ mode: 'sample', rate: 1 });
  });
  it('refuses anything else', () => {
    for (const text of ['', 'some', 'sample:', 'sample:0', 'sample:1.5', 'sample:-0.1', 'sample:0.1x', `sample:0.${'1'.repeat(50)}`]) {
      expect(parseRequestLogPolicy(text)).toBeNull();
    }
  });
});

describe('shouldLogRequest', () => {
  it('logs everything, nothing, or failures only', () => {
    expect(shouldLogRequest({ mode: 'all' }, 200)).toBe(true);
    expect(shouldLogRequest({ mode: 'none' }, 500)).toBe(false);
    expect(shouldLogRequest({ mode: 'errors' }, 304)).toBe(false);
    expect(shouldLogRequest({ mode: 'errors' }, 404)).toBe(true);
    expect(shouldLogRequest({ mode: 'errors' }, 503)).toBe(true);
  });
  it('samples successes at the rate and always keeps failures', () => {
    const policy = { mode: 'sample', rate: 0.25 } as const;
    expect(shouldLogRequest(policy, 200, () => 0.2)).toBe(true);
    expect(shouldLogRequest(policy, 200, () => 0.3)).toBe(false);
    expect(shouldLogRequest(policy, 429, () => 0.9)).toBe(true);
  });
});
