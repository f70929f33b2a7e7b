import type { Redis } from 'ioredis';
import type { ChangeBus } from './changes/bus';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { IdentityService } from './identity/identity-service';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** Present when REDIS_URL is set: state shared by several server instances. */
    redis: Redis | null;
    /** Cross-instance change notices: in process, Redis pub/sub or PostgreSQL LISTEN/NOTIFY. */
    changes: ChangeBus;
    /** Accounts: verifies ID tokens for requireUser (src/server/identity). */
    identity: IdentityService;
  }
}
