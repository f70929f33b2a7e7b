import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { IdentityService } from './identity/identity-service';
import type { CounterStore } from './lib/rate-limit/index';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Present when REDIS_URL is set: state shared by several server instances. */
    redis: Redis | null;
    /** Where every rate limit counts (src/server/lib/rate-limit): Redis when present, else the database. */
    rateLimitStore: CounterStore;
    /** Accounts: verifies ID tokens for requireUser (src/server/identity). */
    identity: IdentityService;
  }
}
