import compress from '@fastify/compress';
import { hostname } from 'node:os';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import backupSchedule from './backup/schedule';
import scheduledPublishing from './platform/publishing/job';
import type { Config } from './platform/config';
import type { DatabaseHandle } from './platform/db/database';
import contentChanges from './platform/cache/content-changes';
// The news routes use the console's guards, which reach the site pages that show the news: registered from here.
import newsRoutes from './news/routes';
import siteTextsRoutes from './site-texts/routes';
import admin from './admin/index';
import { createChangeBus } from './changes/bus';
import liveRoutes from './changes/routes';
import contentRoutes from './content/routes';
import imageRoutes from './images/routes';
import healthRoutes from './health/routes';
import { databaseStore, redisStore } from './platform/lib/rate-limit/index';
import { serializeRequest } from './platform/lib/log-redaction';
import { lazyChildLogger } from './platform/logging/lazy-child-logger';
import { fastifyTrustProxy } from './platform/lib/trust-proxy';
import identity from './identity/index';
import insights from './insights/index';
import metrics from './platform/metrics/plugin';
import movieRoutes from './movies/routes';
import client from './platform/plugins/client';
import errors from './platform/plugins/errors';
import { answerFrameworkError } from './platform/plugins/framework-errors';
import lifecycle from './platform/plugins/lifecycle';
import requestLog from './platform/plugins/request-log';
import security from './platform/plugins/security';
import scheduleRoutes from './schedule/routes';
import statsRoutes from './stats/routes';
import seoRoutes from './seo/routes';
import supportRoutes from './support/routes';
import inbox from './inbox/index';
import { compileResponsesOnce } from './platform/lib/response-schemas';
import { builtSiteRenderer, type SiteRenderer } from './platform/render/site-renderer';
import type { RegisteredRoute } from './platform/types';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  redis?: Redis | null;
  /** Defaults to the built site in DIST_DIR; tests may pass their own. */
  siteRenderer?: SiteRenderer;
  logger?: FastifyServerOptions['logger'];
  /** The time (ms since 1970) for features that count by day; tests move it. Defaults to Date.now. */
  clock?: () => number;
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
    // Whatever logger a caller passes keeps the redaction: secrets and single-use codes in URLs.
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: { req: serializeRequest },
            // Every line names the instance, so the logs of several instances can be told apart.
            base: { pid: process.pid, hostname: hostname(), instance: config.INSTANCE_ID },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    // A request's own logger is made only when something logs through it (logging/lazy-child-logger.ts).
    childLoggerFactory: lazyChildLogger,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    // Give in-flight requests time to finish on shutdown; close idle keep-alive sockets at once.
    // Requests arriving while closing are refused by the lifecycle plugin, in our error format.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // One line per request instead of Fastify's two (plugins/request-log.ts, LOG_REQUESTS).
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: (error, request, reply) => void answerFrameworkError(built.app!, error, request, reply),
  });
  built.app = app;
  // Every route any plugin registers, for tools that must cover them all (the API fuzz test).
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      registeredRoutes.push({
        method,
        url: route.url,
        // Read when asked: a plugin's own onRoute hook may still declare it after this one.
        get schema() {
          return route.schema;
        },
      });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRoute', compileResponsesOnce);

  app.decorate('config', config);
  app.decorate('clock', options.clock ?? Date.now);
  app.decorate('database', options.database);
  app.decorate('redis', options.redis ?? null);
  // Cross-instance change notices (decision 1000): caches and the live stream listen here.
  const changes = await createChangeBus({ redis: options.redis ?? null, databaseUrl: config.DATABASE_URL, logger: app.log });
  app.decorate('changes', changes);
  app.decorate('rateLimitStore', options.redis ? redisStore(options.redis) : databaseStore(options.database.db));

  await app.register(errors);
  await app.register(requestLog);
  await app.register(metrics);
  await app.register(security);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(lifecycle, { instanceId: config.INSTANCE_ID });
  await app.register(contentChanges);

  await app.register(healthRoutes);
  await app.register(identity);
  await app.register(insights);
  await app.register(liveRoutes);
  await app.register(movieRoutes);
  await app.register(scheduleRoutes);
  await app.register(statsRoutes);
  // Feature routes register here, one plugin per feature.
  await app.register(contentRoutes);
  await app.register(inbox);
  await app.register(imageRoutes);
  await app.register(supportRoutes);
  await app.register(seoRoutes);
  await app.register(backupSchedule);
  await app.register(admin);
  await app.register(newsRoutes);
  await app.register(siteTextsRoutes);
  await app.register(scheduledPublishing);

  await app.register(client, {
    distDir: config.DIST_DIR,
    siteRenderer: options.siteRenderer ?? builtSiteRenderer(config.DIST_DIR),
  });

  app.addHook('onClose', async () => {
    await changes.close();
    await options.database.close();
    if (options.redis) await options.redis.quit().catch(() => undefined);
  });
  return app;
}
