import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database';

/** The result label of a sign-in, from the identity service's error message. */
export function signInResult(status: number, payload: string): string {
  if (status >= 200 && status < 300) return 'success';
  const message = /"message"\s*:\s*"([A-Z_]{1,60})/.exec(payload.slice(0, 400))?.[1];
  switch (message) {
    case 'TOO_MANY_ATTEMPTS_TRY_LATER':
      return 'rate_limited';
    case 'INVALID_PASSWORD':
    case 'EMAIL_NOT_FOUND':
    case 'INVALID_LOGIN_CREDENTIALS':
    case 'INVALID_OOB_CODE':
    case 'EXPIRED_OOB_CODE':
      return 'invalid_credentials';
    case 'USER_DISABLED':
      return 'disabled';
    default:
      return status >= 500 ? 'error' : 'rejected';
  }
}

/**
 * Everything /metrics reports, in a registry of its own (so several apps in one process, as in
 * the tests, keep separate figures). Requests are counted by the histogram's _count series.
 */
export function createInstruments(database: DatabaseHandle) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];
  const stats = () => database.poolStats();
  return {
    registry,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern (never the raw URL) and status; _count counts the requests',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused by a rate limit (429, and sign-ins refused after too many failures)',
      labelNames: ['route'] as const,
      registers,
    }),
    signIns: new Counter({
      name: 'sign_ins_total',
      help: 'Sign-in attempts by method and result',
      labelNames: ['method', 'result'] as const,
      registers,
    }),
    mailSent: new Counter({
      name: 'mail_sent_total',
      help: 'Mails handed to the transport, by result (sent or failed)',
      labelNames: ['result'] as const,
      registers,
    }),
    insightsDropped: new Counter({
      name: 'insights_dropped_items_total',
      help: 'Counted Insights items (pageview, vital, event) dropped because the buffer was full while the database did not take them',
      labelNames: ['kind'] as const,
      registers,
    }),
    mailQueue: new Gauge({ name: 'mail_queue_length', help: 'Mails waiting on the transport right now', registers }),
    dbPool: new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections by state (total, idle, waiting requests, max)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const pool = stats();
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, pool[state]);
      },
    }),
  };
}

export type Instruments = ReturnType<typeof createInstruments>;
