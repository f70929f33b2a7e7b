import { describe, expect, it } from 'vitest';
import { dependencyFailure, describeDependencyFailure } from './dependency-failure';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('dependencyFailure', () => {
  it('recognises PostgreSQL timeouts and outages', () => {
    expect(dependencyFailure(new Error('Query read timeout'))).toEqual({ dependency: 'database', reason: 'timeout' });
    expect(dependencyFailure(new Error('timeout exceeded when trying to connect'))).toEqual({ dependency: 'database', reason: 'timeout' });
    expect(dependencyFailure(withCode('canceling statement due to statement timeout', '57014'))).toEqual({
      dependency: 'database',
      reason: 'timeout',
    });
    expect(dependencyFailure(withCode('the database system is shutting down', '57P03'))).toEqual({
      dependency: 'database',
      reason: 'unreachable',
    });
    expect(dependencyFailure(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))?.reason).toBe('unreachable');
  });

  it('recognises a locked SQLite database', () => {
    expect(dependencyFailure(withCode('database is locked', 'SQLITE_BUSY'))).toEqual({ dependency: 'database', reason: 'busy' });
  });

  it('recognises Redis timeouts and outages', () => {
    expect(dependencyFailure(new Error('Command timed out'))).toEqual({ dependency: 'redis', reason: 'timeout' });
    expect(dependencyFailure(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toEqual({
      dependency: 'redis',
      reason: 'unreachable',
    });
    const retries = Object.assign(new Error('Reached the max retries per request limit (which is 1).'), {
      name: 'MaxRetriesPerRequestError',
    });
    expect(dependencyFailure(retries)).toEqual({ dependency: 'redis', reason: 'unreachable' });
  });

  it('leaves every other error alone', () => {
    expect(dependencyFailure(new Error('boom'))).toBeNull();
    expect(dependencyFailure(withCode('UNIQUE constraint failed: users.email', 'SQLITE_CONSTRAINT_UNIQUE'))).toBeNull();
    expect(dependencyFailure(withCode('duplicate key value', '23505'))).toBeNull();
    expect(dependencyFailure('Query read timeout')).toBeNull();
    expect(dependencyFailure(new Error(`Query read timeout${' '.repeat(300)}`))).toBeNull();
  });

  it('describes a failure in one sentence', () => {
    expect(describeDependencyFailure({ dependency: 'redis', reason: 'timeout' })).toBe('Redis did not answer in time');
    expect(describeDependencyFailure({ dependency: 'database', reason: 'unreachable' })).toBe('The database is not reachable');
  });
});
