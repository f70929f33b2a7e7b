import type { Migration } from 'kysely';
import * as initial from './0001-initial';
import * as rateLimitCounters from './0002-rate-limit-counters';
import * as jobLeases from './0040-job-leases';
import * as liveData from './0030-live-data';
import * as serverSecrets from './0060-server-secrets';

/**
 * Every migration, in order. A static list (rather than reading a folder) so the bundled
 * server carries its migrations with it. Add new ones at the end; never edit a released one.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-rate-limit-counters': rateLimitCounters,
  '0030-live-data': liveData,
  '0040-job-leases': jobLeases,
  '0060-server-secrets': serverSecrets,
};
