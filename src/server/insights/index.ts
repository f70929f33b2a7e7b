import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { INSIGHTS_TOPIC, type InsightsEventName } from '../../common/insights-schemas';
import { staffTopicReader } from '../identity/index';
import { leasesRepository } from '../platform/housekeeping/leases-repository';
import { type PeriodicJob, periodicJob } from '../platform/housekeeping/periodic-job';
import { routeConfigOf } from '../platform/lib/route-config';
import { insightsRepository } from './repository';
import { adminRoutes, arrivalOf, collectRoutes } from './routes';
import { dayOf, notCounted } from './rules';
import { memorySalts, redisSalts, secretSalts } from './salts';
import { insightsService } from './service';

/** The event a route counts when it succeeds, and the page it is counted on. */
export interface InsightsEventConfig {
  name: InsightsEventName;
  page: string;
}

export interface InsightsFeature {
  readonly enabled: boolean;
  /** Counts a server-side event on a page (a no-op with INSIGHTS=off). */
  event(name: InsightsEventName, page: string): void;
  /** Writes what waits in memory now (tests, shutdown). */
  flush(): Promise<void>;
  /** Retention: raw events past INSIGHTS_RAW_DAYS, and earlier days' salt nonces and visitor sets. */
  housekeeping: PeriodicJob<{ rawEvents: number; dayRows: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Private visit counting (docs/insights.md). */
    insights: InsightsFeature;
  }
  interface FastifyContextConfig {
    /** The Insights event this route counts when it answers 2xx (the server counts, not the client). */
    insightsEvent?: InsightsEventConfig;
  }
}

const HOUSEKEEPING_PERIOD_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/** Pure: whether an answer is a missing page a person asked for (not an API call, a file or a robot). */
function missingPage(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET') return false;
  if (!request.is404 && reply.statusCode !== 404) return false;
  const path = request.url.split('?', 1)[0]!.slice(0, 2048);
  if (path.startsWith('/api/') || path.startsWith('/identity/') || path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path))
    return false;
  return notCounted(arrivalOf(request)) === null;
}

/**
 * Insights: the public beacon and image, the server-side events (routes marked with
 * `config.insightsEvent`, and missing pages), the batch writer, retention under the
 * housekeeping lease, and the console's report. INSIGHTS=off registers none of it.
 */
export default fp(
  async function insights(app: FastifyInstance) {
    const { config } = app;
    const db = app.database.db;
    const now = app.clock;
    const repository = insightsRepository(db);
    const housekeeping = periodicJob({
      leases: leasesRepository(db),
      name: 'insights-housekeeping',
      holder: config.INSTANCE_ID,
      periodMs: HOUSEKEEPING_PERIOD_MS,
      run: async (nowMs) => ({
        rawEvents: await repository.deleteRawBefore(new Date(nowMs - config.INSIGHTS_RAW_DAYS * DAY_MS).toISOString()),
        dayRows: await repository.forgetDaysBefore(dayOf(nowMs)),
      }),
    });

    if (config.INSIGHTS === 'off') {
      app.decorate('insights', {
        enabled: false,
        event: () => undefined,
        flush: async () => undefined,
        housekeeping,
      } satisfies InsightsFeature);
      await app.register(collectRoutes(null));
      await app.register(adminRoutes(repository, now, false));
      return;
    }

    // The day's visitor salt, never in the database (a backup would map the day's hashes back):
    // derived from the server's secret, else kept in Redis, else in this process (salts.ts).
    const secret = config.KEY_ENCRYPTION_SECRET;
    const salts = secret ? secretSalts(secret, (day) => repository.nonceFor(day)) : app.redis ? redisSalts(app.redis, now) : memorySalts();
    const service = insightsService({
      repository,
      salts,
      now,
      keysPerDay: config.INSIGHTS_PAGES_PER_DAY,
      maxBuffered: config.INSIGHTS_BUFFER_ITEMS,
      batchSize: 1000,
      log: app.log,
      onDropped: (items) => {
        const counter = app.metrics?.insightsDropped;
        if (!counter) return;
        const kinds = new Map<string, number>();
        for (const item of items) kinds.set(item.kind, (kinds.get(item.kind) ?? 0) + 1);
        for (const [kind, count] of kinds) counter.inc({ kind }, count);
      },
    });
    // "New page views were counted": open Insights pages refresh "visitors right now" through the
    // live stream, once per flush at most (every INSIGHTS_FLUSH_MS on each instance).
    app.addHook('onReady', async () => {
      app.live.registerTopic({
        name: INSIGHTS_TOPIC,
        // The rule of GET /api/admin/insights (staffOnly), second factor included.
        canRead: staffTopicReader(db, (uid) => app.identity.rolesOf(uid)),
      });
    });
    let toldAt = 0;
    const flush = async () => {
      const views = await service.flush();
      if (views === 0 || now() - toldAt < config.INSIGHTS_FLUSH_MS) return;
      toldAt = now();
      await app.live
        .record([{ topic: INSIGHTS_TOPIC, kind: 'changed', key: 'now' }])
        .catch((error: unknown) => app.log.warn({ err: error }, 'insights: live notice not sent; open pages read again within 30 s'));
    };

    app.decorate('insights', {
      enabled: true,
      event: (name, page) => service.event(name, page),
      flush,
      housekeeping,
    } satisfies InsightsFeature);

    // Runs after every response: a plain callback hook, so no promise is made per request.
    app.addHook('onResponse', (request, reply, done) => {
      try {
        const marked = routeConfigOf(request).insightsEvent;
        if (marked && reply.statusCode >= 200 && reply.statusCode < 400) service.event(marked.name, marked.page);
        else if (missingPage(request, reply)) service.event('not-found', request.url);
      } finally {
        done();
      }
    });

    await app.register(collectRoutes(service));
    await app.register(adminRoutes(repository, now, true));

    const flushTimer = setInterval(() => {
      flush().catch(() => undefined);
    }, config.INSIGHTS_FLUSH_MS);
    flushTimer.unref();
    const housekeepingTimer = setInterval(() => {
      housekeeping.runIfDue(now()).catch((error: unknown) => app.log.warn({ err: error }, 'insights housekeeping failed'));
    }, HOUSEKEEPING_PERIOD_MS);
    housekeepingTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(flushTimer);
      clearInterval(housekeepingTimer);
      // What waits is written before the database closes: only a crash loses counts.
      await service.flush().catch(() => undefined);
    });
  },
  { name: 'insights', dependencies: ['identity'] },
);
