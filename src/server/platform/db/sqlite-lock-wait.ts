/**
 * Waiting for another process's SQLite write lock without blocking the event loop: the
 * connection's own busy handler (busy_timeout) sleeps inside the synchronous driver, on the main
 * thread, so every request and timer of the server would wait with it. Instead a statement that
 * finds the lock taken fails at once (busy_timeout 0) and is tried again after a timer.
 */

/** The first wait after a busy answer; each next one doubles, up to LOCK_RETRY_MAX_MS. */
export const LOCK_RETRY_FIRST_MS = 2;
/** Short enough that a released lock is taken within a few dozen milliseconds. */
export const LOCK_RETRY_MAX_MS = 50;

/**
 * Pure: how long to wait before attempt `attempt` (1 for the first retry), or null when the
 * remaining time of the lock wait is spent (the caller gives up with the busy error).
 */
export function lockRetryDelay(attempt: number, remainingMs: number): number | null {
  if (!(remainingMs > 0)) return null;
  const backoff = Math.min(LOCK_RETRY_FIRST_MS * 2 ** Math.max(0, Math.min(attempt - 1, 16)), LOCK_RETRY_MAX_MS);
  return Math.max(1, Math.min(backoff, Math.ceil(remainingMs)));
}

/** Pure: whether an error is SQLite's "another connection holds the lock" (which a retry may cure). */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_BUSY(_[A-Z]+)?$/.test(code);
}
