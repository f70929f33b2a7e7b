import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import contentRoutes from './content/routes';
import healthRoutes from './health/routes';
import identity from './identity/index';
import movieRoutes from './movies/routes';
import client from './plugins/client';
import errors from './plugins/errors';
import { answerFrameworkError } from './plugins/framework-errors';
import security from './plugins/security';
import scheduleRoutes from './schedule/routes';
import statsRoutes from './stats/routes';
import seoRoutes from './seo/routes';
import supportRoutes from './support/routes';
import { builtSiteRenderer, type SiteRenderer } from './render/site-renderer';
import type { RegisteredRoute } from './types';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  redis?: Redis | null;
  /** Defaults to the built site in DIST_DIR; tests may pass their own. */
  siteRenderer?: SiteRenderer;
  logger?: FastifyServerOptions['logger'];
}

/** Sensitive values that must never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'password',
  'idToken',
  'refreshToken',
  'refresh_token',
];

/** Builds the whole server. Never listens: server.ts does that, tests call it on port 0. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Set once the app exists: Fastify calls this for requests it refuses before routing.
  const built: { app?: FastifyInstance } = {};
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' } },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // Give in-flight requests time to finish on shutdown; close idle keep-alive sockets at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: (error, request, reply) => void answerFrameworkError(built.app!, error, request, reply),
  });
  built.app = app;
  // Every route any plugin registers, for tools that must cover them all (the API fuzz test).
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('redis', options.redis ?? null);

  await app.register(errors);
  await app.register(security);
  await app.register(compress, { global: true, threshold: 1024 });

  await app.register(healthRoutes);
  await app.register(identity);
  await app.register(movieRoutes);
  await app.register(scheduleRoutes);
  await app.register(statsRoutes);
  // Feature routes register here, one plugin per feature.
  await app.register(contentRoutes);
  await app.register(supportRoutes);
  await app.register(seoRoutes);

  await app.register(client, {
    distDir: config.DIST_DIR,
    siteRenderer: options.siteRenderer ?? builtSiteRenderer(config.DIST_DIR),
  });

  // While shutting down, answer in-flight requests with `Connection: close` so keep-alive
  // sockets end with their last response instead of holding the shutdown open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });

  app.addHook('onClose', async () => {
    await options.database.close();
    if (options.redis) await options.redis.quit().catch(() => undefined);
  });
  return app;
}
