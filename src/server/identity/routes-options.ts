import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IdentityService } from './identity-service';

/** What every identity route plugin gets; apart from routes.ts, which registers the others. */
export interface IdentityRoutesOptions {
  service: IdentityService;
  /** Route plugins of other capabilities (providers, two-step sign-in) in this same context. */
  extraRoutes?: FastifyPluginAsyncZod<IdentityRoutesOptions>[];
}
