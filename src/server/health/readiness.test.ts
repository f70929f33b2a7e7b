import { describe, expect, it } from 'vitest';
import { notReadyReason, probe } from './readiness';

describe('readiness', () => {
  it('is ready when every dependency is up and the instance is not draining', () => {
    expect(notReadyReason({ database: 'up', redis: 'up', draining: false })).toBeNull();
    expect(notReadyReason({ database: 'up', redis: 'not_configured', draining: false })).toBeNull();
  });

  it('names what is failing', () => {
    expect(notReadyReason({ database: 'up', redis: 'timeout', draining: false })).toBe('Not ready: Redis does not answer in time.');
    expect(notReadyReason({ database: 'down', redis: 'down', draining: false })).toBe(
      'Not ready: the database is not reachable and Redis is not reachable.',
    );
    expect(notReadyReason({ database: 'up', redis: 'up', draining: true })).toBe('This instance is shutting down.');
  });

  it('settles a probe that never answers within its timeout', async () => {
    const started = Date.now();
    expect(await probe(() => new Promise<boolean>(() => undefined), 50)).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await probe(async () => true)).toBe('up');
    expect(await probe(async () => false)).toBe('down');
    expect(await probe(() => Promise.reject(new Error('refused')))).toBe('down');
    // The client's own timeout fired first.
    expect(await probe(() => Promise.reject(new Error('Command timed out')))).toBe('timeout');
  });
});
