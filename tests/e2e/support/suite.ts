import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the suite runs. With BASE_URL (a deployment, e.g. the cluster of `npm run test:cluster`)
 * Playwright starts no server of its own; otherwise it starts the built server on E2E_PORT over
 * a fresh SQLite file.
 */
export const EXTERNAL_BASE_URL = process.env.BASE_URL?.replace(/\/$/, '') || null;
export const SUITE_PORT = Number(process.env.E2E_PORT ?? 3210);
export const SUITE_BASE_URL = EXTERNAL_BASE_URL ?? `http://localhost:${SUITE_PORT}`;
export const SUITE_DATABASE_FILE = join(tmpdir(), `northwind-e2e-${SUITE_PORT}.db`);

/**
 * The suite server's database, for the few checks that what a page sent was stored: our own
 * server's SQLite file, or what E2E_DATABASE_URL names for an external one (any engine).
 */
export function suiteDatabaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (url) return url;
  if (EXTERNAL_BASE_URL) throw new Error('BASE_URL is set: set E2E_DATABASE_URL to the database that deployment uses');
  return `sqlite:${SUITE_DATABASE_FILE}`;
}

/**
 * Ports for the servers that specs start and stop themselves (offline, updates...): an offset
 * from E2E_OWN_PORT_BASE so parallel runs on one machine can keep apart.
 */
export function ownPort(offset: number): number {
  return Number(process.env.E2E_OWN_PORT_BASE ?? 3300) + offset;
}

/**
 * Every spec signs up from one address; the per-address limits have their own API tests. Any
 * server the suite runs against (its own, or a deployment under test) is started with these.
 */
export const E2E_SERVER_LIMITS = {
  SIGN_UP_LIMIT_PER_HOUR: '1000',
  MAIL_LIMIT_PER_HOUR: '1000',
  // Every page of every spec sends its Insights beacons from the one address (120 a minute by
  // default); through the cluster the limit is shared, and two workers passed it.
  INSIGHTS_BEACONS_PER_MINUTE: '100000',
  // Every browser streams from the one address; behind a balancer a closed stream keeps its
  // place until the next keep-alive write (25 s) finds the client gone.
  LIVE_STREAMS_PER_ADDRESS: '200',
  // A Contact Us form sent sooner than this after it was shown is taken for a robot's; the
  // specs fill forms at machine speed, and the rule has its own API tests (support-messages).
  CONTACT_MIN_FILL_MS: '0',
} as const;
