/**
 * Recognises errors that mean a backing service (the database or Redis) did not answer in time or
 * is not reachable. Such a request is not our bug and not the client's: it answers 503 with
 * Retry-After, and the log gets one line naming the service instead of a stack trace.
 */
export interface DependencyFailure {
  dependency: 'database' | 'redis';
  reason: 'timeout' | 'unreachable' | 'busy';
}

/** Seconds a client should wait before retrying after a dependency failure. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

// PostgreSQL SQLSTATEs: query_canceled (statement_timeout), admin/crash shutdown, cannot connect now,
// connection exceptions, too many connections.
const PG_UNAVAILABLE: Record<string, DependencyFailure['reason']> = {
  '57014': 'timeout',
  '57P01': 'unreachable',
  '57P02': 'unreachable',
  '57P03': 'unreachable',
  '08000': 'unreachable',
  '08003': 'unreachable',
  '08006': 'unreachable',
  '53300': 'busy',
};

const PG_MESSAGES: [RegExp, DependencyFailure['reason']][] = [
  [/^Query read timeout$/, 'timeout'],
  [/^timeout exceeded when trying to connect$/, 'timeout'],
  [/^Connection terminated due to connection timeout$/, 'timeout'],
  [/^Connection terminated unexpectedly$/, 'unreachable'],
  [/^Client has encountered a connection error and is not queryable$/, 'unreachable'],
];

const REDIS_MESSAGES: [RegExp, DependencyFailure['reason']][] = [
  [/^Command timed out$/, 'timeout'],
  [/^Stream isn't writeable/, 'unreachable'],
  [/^Connection is closed\.?$/, 'unreachable'],
  [/^Reached the max retries per request limit/, 'unreachable'],
];

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EPIPE']);

export function dependencyFailure(error: unknown): DependencyFailure | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  // Messages are short library constants; a long one is something else, and is not matched.
  const message = error.message.length <= 200 ? error.message : '';
  if (error.name === 'MaxRetriesPerRequestError') return { dependency: 'redis', reason: 'unreachable' };
  for (const [pattern, reason] of REDIS_MESSAGES) if (pattern.test(message)) return { dependency: 'redis', reason };
  if (typeof code === 'string') {
    if (/^SQLITE_(BUSY|LOCKED)(_[A-Z]+)?$/.test(code)) return { dependency: 'database', reason: 'busy' };
    const pgReason = PG_UNAVAILABLE[code];
    if (pgReason) return { dependency: 'database', reason: pgReason };
    // A refused or reset socket inside a request: the database pool is the one connecting lazily.
    if (SOCKET_CODES.has(code)) return { dependency: 'database', reason: 'unreachable' };
  }
  for (const [pattern, reason] of PG_MESSAGES) if (pattern.test(message)) return { dependency: 'database', reason };
  return null;
}

/** The log line for a failure: one sentence, no stack, no SQL. */
export function describeDependencyFailure(failure: DependencyFailure): string {
  const name = failure.dependency === 'redis' ? 'Redis' : 'The database';
  if (failure.reason === 'timeout') return `${name} did not answer in time`;
  if (failure.reason === 'busy') return `${name} is busy (locked or out of connections)`;
  return `${name} is not reachable`;
}
