/** Which requests get their one `info` line (LOG_REQUESTS). */
export type RequestLogPolicy = { mode: 'all' } | { mode: 'errors' } | { mode: 'none' } | { mode: 'sample'; rate: number };

/** Parses `all`, `errors`, `none` or `sample:RATE` (0 < RATE <= 1); null when it is none of these. */
export function parseRequestLogPolicy(text: string): RequestLogPolicy | null {
  const value = text.trim().toLowerCase();
  if (value === 'all' || value === 'errors' || value === 'none') return { mode: value };
  const match = /^sample:(\d(?:\.\d{1,6})?)$/.exec(value.slice(0, 20));
  if (!match) return null;
  const rate = Number(match[1]);
  return rate > 0 && rate <= 1 ? { mode: 'sample', rate } : null;
}

/**
 * Whether a finished request is logged. Failures (4xx and 5xx) are always logged unless logging
 * is off: sampling thins out the ordinary traffic, never the answers someone may ask about.
 */
export function shouldLogRequest(policy: RequestLogPolicy, status: number, random: () => number = Math.random): boolean {
  switch (policy.mode) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'errors':
      return status >= 400;
    case 'sample':
      return status >= 400 || random() < policy.rate;
  }
}
