import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BEACON_MAX_BYTES,
  beaconSchema,
  INSIGHTS_COLLECT_PATH,
  INSIGHTS_PIXEL_PATH,
  insightsNowSchema,
  insightsQuerySchema,
  insightsReportSchema,
} from '../../common/insights-schemas';
import { rolesAllow } from '../../common/roles';
import { consoleRouteDefaults, staffOnly } from '../admin/index';
import { badRequest, HttpError, notFound } from '../platform/lib/http-error';
import { memoryStore, rateLimiter, redisStore, warnOnStoreError } from '../platform/lib/rate-limit/index';
import { errorResponse } from '../platform/lib/schemas';
import { rangeProblem } from '../../common/insights-range';
import { buildReport, previousRange, speedPeriods } from './report';
import { notCounted } from './rules';
import type { InsightsRepository } from './repository';
import type { Arrival, InsightsService } from './service';

/** A transparent 1×1 GIF: what the <noscript> image of a page without JavaScript loads. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** What the counting rules read of a request. */
export function arrivalOf(request: FastifyRequest): Arrival {
  return {
    address: request.ip,
    host: (request.hostname || 'localhost').split(':')[0]!.slice(0, 200),
    userAgent: header(request, 'user-agent'),
    purpose: header(request, 'purpose') ?? header(request, 'x-purpose') ?? header(request, 'x-moz'),
    secPurpose: header(request, 'sec-purpose'),
    gpc: header(request, 'sec-gpc'),
    dnt: header(request, 'dnt'),
  };
}

/** Whether the request carries a valid ID token of a staff member (they are not counted). */
async function fromStaff(request: FastifyRequest): Promise<boolean> {
  const value = header(request, 'authorization');
  if (!value) return false;
  const match = value.length <= 8192 ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  if (!match) return false;
  try {
    const caller = await request.server.identity.verify(match[1]!);
    return rolesAllow(await request.server.identity.rolesOf(caller.user.id), 'staff');
  } catch {
    return false;
  }
}

/** Pure: the field-by-field problems of a beacon that did not parse. */
function beaconProblems(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues.slice(0, 10)) fields[issue.path.map(String).join('.') || 'body'] = issue.message;
  return fields;
}

function parseBeacon(body: unknown) {
  let value: unknown = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      throw badRequest('The beacon must be one JSON object.', { body: 'is not JSON' });
    }
  }
  const result = beaconSchema.safeParse(value);
  if (!result.success) throw badRequest('The beacon is not one Insights knows.', beaconProblems(result.error.issues));
  return result.data;
}

/** The public collection routes: the beacon and the no-JavaScript image (counting nothing without a service). */
export function collectRoutes(service: InsightsService | null): FastifyPluginAsyncZod {
  return async (app) => {
    const store = app.redis ? redisStore(app.redis) : memoryStore();
    const perAddress = rateLimiter(
      store,
      { name: 'insights-beacon', max: app.config.INSIGHTS_BEACONS_PER_MINUTE, windowMs: 60_000, whenUnavailable: 'open' },
      warnOnStoreError(app.log),
    );
    const limit = async (request: FastifyRequest) => {
      const decision = await perAddress.consume(request.ip);
      if (!decision.allowed)
        throw new HttpError(429, 'rate_limited', 'Too many beacons from your address.', undefined, {
          'Retry-After': String(decision.retryAfterSeconds),
        });
    };

    app.post(
      INSIGHTS_COLLECT_PATH,
      {
        bodyLimit: BEACON_MAX_BYTES,
        // sendBeacon cannot send the CSRF header, and a forged beacon gains nothing a direct one would not.
        config: { csrfExempt: true },
        schema: {
          body: z.union([z.string().max(BEACON_MAX_BYTES), z.record(z.string(), z.unknown())]),
          response: { 204: z.null(), 400: errorResponse, 413: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        const beacon = parseBeacon(request.body);
        // With INSIGHTS=off pages loaded before the switch still send: answered, never counted.
        // Robots and prefetches cost a parse and are dropped before the limit, whose counter
        // (and a staff token's check) is spent only on what could count.
        if (service && notCounted(arrivalOf(request)) === null) {
          await limit(request);
          if (await fromStaff(request)) return reply.code(204).header('Cache-Control', 'no-store').send(null);
          const outcome = await service.collect(beacon, arrivalOf(request));
          if (outcome === 'invalid-path') throw badRequest('The page is not a path of this site.', { p: 'must be a path starting with /' });
        }
        return reply.code(204).header('Cache-Control', 'no-store').send(null);
      },
    );

    app.get(
      INSIGHTS_PIXEL_PATH,
      {
        schema: {
          querystring: z.object({ p: z.string().max(1024) }),
          // A GIF, written as it is (never serialized).
          response: { 200: z.any(), 400: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        if (notCounted(arrivalOf(request)) === null) await limit(request);
        // Counted from the page's own request: the page named itself in `p` (it is sent without a referrer).
        await service?.collect({ t: 'pageview', p: request.query.p }, arrivalOf(request));
        return reply.type('image/gif').header('Cache-Control', 'no-store').send(PIXEL);
      },
    );
  };
}

/** The console's reads: the report of a range, and the visitors of the last minutes. */
export function adminRoutes(repository: InsightsRepository, now: () => number, enabled: boolean): FastifyPluginAsyncZod {
  return async (app) => {
    await consoleRouteDefaults(app, 'nw-rl-insights-');
    const off = () => notFound('Insights are turned off on this server (INSIGHTS=off).');

    app.get(
      '/api/admin/insights',
      {
        ...staffOnly,
        schema: { querystring: insightsQuerySchema, response: { 200: insightsReportSchema, 400: errorResponse, 404: errorResponse } },
      },
      async (request) => {
        if (!enabled) throw off();
        const { from, to } = request.query;
        const problem = rangeProblem(from, to);
        if (problem) throw badRequest(problem.sentence, { [problem.field]: problem.detail });
        const previous = previousRange(from, to);
        const oneDay = from === to;
        const speed = speedPeriods(from, to);
        const [rows, series, previousSeries, vitals] = await Promise.all([
          repository.rollups(from, to),
          oneDay ? repository.series(`${from}T00`, `${to}T23`, true) : repository.series(from, to),
          repository.series(previous.from, previous.to),
          repository.vitals(speed.from, speed.to, speed.monthly),
        ]);
        const sum = (key: 'pageviews' | 'visitors') => previousSeries.reduce((total, row) => total + Number(row[key]), 0);
        return buildReport({
          from,
          to,
          rows,
          series,
          vitals,
          speedCovers: speed.covers,
          previous: { ...previous, pageviews: sum('pageviews'), visitors: sum('visitors') },
        });
      },
    );

    app.get('/api/admin/insights/now', { ...staffOnly, schema: { response: { 200: insightsNowSchema, 404: errorResponse } } }, async () => {
      if (!enabled) throw off();
      const minutes = 5;
      const recent = await repository.recent(new Date(now() - minutes * 60_000).toISOString());
      return { ...recent, minutes };
    });
  };
}
