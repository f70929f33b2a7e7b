/**
 * How long the mail worker waits before the next attempt after `attempts` failures: the base,
 * doubled each time, at most `maxMs`, so a mail server that is down for hours is still asked
 * often enough that mail goes out soon after it is back, without hammering it meanwhile.
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs = 15 * 60_000): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}
