import { dependencyFailure } from '../platform/lib/dependency-failure';

/**
 * Readiness: may this instance receive new traffic? It may not while it drains for shutdown, nor
 * while its database or (when configured) Redis does not answer. Liveness is separate: a live but
 * unready instance must not be restarted, only left out of the balancer.
 */
export type ProbeResult = 'up' | 'down' | 'timeout';

export interface ReadinessChecks {
  database: ProbeResult;
  redis: ProbeResult | 'not_configured';
  draining: boolean;
}

/** A probe answers within this time or counts as timed out, so a health check never hangs. */
export const PROBE_TIMEOUT_MS = 1500;

/** Runs one probe (true = up) and settles within `timeoutMs`, whatever the dependency does. */
export async function probe(check: () => Promise<boolean>, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ProbeResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const result = check().then(
    (up): ProbeResult => (up ? 'up' : 'down'),
    (error: unknown): ProbeResult => (dependencyFailure(error)?.reason === 'timeout' ? 'timeout' : 'down'),
  );
  try {
    return await Promise.race([result, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Null when ready, else the reason in one sentence for people. */
export function notReadyReason(checks: ReadinessChecks): string | null {
  if (checks.draining) return 'This instance is shutting down.';
  const failing: string[] = [];
  if (checks.database !== 'up')
    failing.push(checks.database === 'timeout' ? 'the database does not answer in time' : 'the database is not reachable');
  if (checks.redis === 'down' || checks.redis === 'timeout') {
    failing.push(checks.redis === 'timeout' ? 'Redis does not answer in time' : 'Redis is not reachable');
  }
  if (failing.length === 0) return null;
  const sentence = failing.join(' and ');
  return `Not ready: ${sentence}.`;
}
