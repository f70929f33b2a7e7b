import type { FastifySchema } from 'fastify';
import type { Redis } from 'ioredis';
import type { ChangeBus } from '../changes/index';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { PeriodicJob } from './housekeeping/periodic-job';
import type { IdentityService } from '../identity/index';
import type { Lifecycle } from './plugins/lifecycle';
import type { CounterStore } from './lib/rate-limit/index';

/** One method and path pattern of a registered route. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's schemas as registered (tests/api/route-schemas.test.ts holds every route to having them). */
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Now, in ms since 1970 (AppOptions.clock; tests move it). */
    clock: () => number;
    database: DatabaseHandle;
    /** Present when REDIS_URL is set: state shared by several server instances. */
    redis: Redis | null;
    /** Cross-instance change notices: in process, Redis pub/sub or PostgreSQL LISTEN/NOTIFY. */
    changes: ChangeBus;
    /** Where every rate limit counts (src/server/platform/lib/rate-limit): Redis when present, else the database. */
    rateLimitStore: CounterStore;
    /** Accounts: verifies ID tokens for requireUser (src/server/identity). */
    identity: IdentityService;
    /** Every route registered, in order (see app.ts). */
    registeredRoutes: readonly RegisteredRoute[];
    /** Deletes dead sessions and codes, once per hour across all instances. */
    identityHousekeeping: PeriodicJob<{ refreshTokens: number; oobCodes: number }>;
    /** Instance id, draining and closing state (src/server/platform/plugins/lifecycle.ts). */
    lifecycle: Lifecycle;
  }
}
