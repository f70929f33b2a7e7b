import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { IdentityService } from './identity/identity-service';

/** One method and path pattern of a registered route. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Present when REDIS_URL is set: state shared by several server instances. */
    redis: Redis | null;
    /** Accounts: verifies ID tokens for requireUser (src/server/identity). */
    identity: IdentityService;
    /** Every route registered, in order (see app.ts). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}
