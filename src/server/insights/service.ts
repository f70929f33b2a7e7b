import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Beacon, InsightsEventName } from '../../common/insights-schemas';
import type { PendingItem } from './batch';
import { dropEpisodes } from './drops';
import type { InsightsRepository } from './repository';
import type { DaySalts } from './salts';
import {
  campaignOf,
  classifyAgent,
  dayOf,
  METRICS,
  normalisePath,
  notCounted,
  optedOut,
  referrerSource,
  type RequestFacts,
  screenClass,
  visitorHash,
} from './rules';

/** What the collection endpoint knows of one request. */
export interface Arrival extends RequestFacts {
  address: string;
  /** The site's host name (part of the visitor hash, and our own referrer). */
  host: string;
}

export type Outcome = 'counted' | 'view-only' | 'invalid-path' | 'not-counted' | 'dropped';

export interface InsightsServiceOptions {
  repository: InsightsRepository;
  /** Where the day's visitor salt comes from (never the database: salts.ts). */
  salts: DaySalts;
  now: () => number;
  /** Distinct pages (and referrers, campaigns) per day before the rest count as "(other)". */
  keysPerDay: number;
  /** Items held in memory at most (INSIGHTS_BUFFER_ITEMS); beyond it new ones are dropped (the database is not keeping up). */
  maxBuffered: number;
  /** A batch is written as soon as this many items wait. */
  batchSize: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Told of the items dropped (the insights_dropped_items_total metric). */
  onDropped?: (items: readonly PendingItem[]) => void;
}

/**
 * Counting: beacons and server events become items in memory, written in one transaction per
 * batch by `flush` (every INSIGHTS_FLUSH_MS, at once when a batch is full, and on shutdown).
 * What a crash loses is what waits in memory: at most one flush interval of counts.
 */
export function insightsService(options: InsightsServiceOptions) {
  const { repository, now } = options;
  let buffer: PendingItem[] = [];
  let writing: Promise<void> = Promise.resolve();
  let salt: { day: string; value: Promise<string> } | null = null;
  const episodes = dropEpisodes();

  /** Counts and reports items that will never be stored: one log line when dropping starts. */
  const drop = (items: readonly PendingItem[]) => {
    options.onDropped?.(items);
    if (episodes.drop(items.length, now()))
      options.log.warn(
        { cap: options.maxBuffered, buffered: buffer.length },
        'insights buffer full: dropping new counts until the database takes a batch again (insights_dropped_items_total counts them)',
      );
  };

  const saltOf = (day: string): Promise<string> => {
    if (salt?.day !== day) {
      const value = options.salts.of(day);
      salt = { day, value };
      // A failed read is retried by the next beacon, not cached.
      value.catch(() => {
        if (salt?.value === value) salt = null;
      });
    }
    return salt.value;
  };

  const push = (items: PendingItem[]): boolean => {
    if (buffer.length + items.length > options.maxBuffered) {
      drop(items);
      return false;
    }
    buffer.push(...items);
    if (buffer.length >= options.batchSize) void flush().catch(() => undefined);
    return true;
  };

  /**
   * Writes what waits, one batch after another (never two transactions of this instance at once);
   * answers how many page views it wrote.
   */
  function flush(): Promise<number> {
    const run = writing.then(async () => {
      let views = 0;
      while (buffer.length > 0) {
        const batch = buffer.slice(0, options.batchSize * 4);
        buffer = buffer.slice(batch.length);
        try {
          await repository.writeBatch(batch, options.keysPerDay);
          views += batch.filter((item) => item.kind === 'pageview').length;
          const episode = episodes.end(now());
          if (episode)
            options.log.warn(
              { dropped: episode.dropped, forMs: episode.forMs },
              `insights buffer has room again: ${episode.dropped} counted items were dropped while the database did not take them`,
            );
        } catch (error) {
          // Put back for the next flush while there is room; counts are worth a retry, not a crash.
          const kept = buffer.length + batch.length <= options.maxBuffered;
          if (kept) buffer = [...batch, ...buffer];
          else drop(batch);
          options.log.warn(
            { err: error, items: batch.length },
            kept ? 'insights batch not written; kept for the next flush' : 'insights batch not written and dropped: the buffer is full',
          );
          throw error;
        }
      }
      return views;
    });
    writing = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  return {
    /** Turns a beacon into items and queues them; says whether and how it counted. */
    async collect(beacon: Beacon, arrival: Arrival): Promise<Outcome> {
      if (notCounted(arrival)) return 'not-counted';
      const path = normalisePath(beacon.p);
      if (path === null) return 'invalid-path';
      const atMs = now();
      const agent = classifyAgent(arrival.userAgent);
      if (beacon.t === 'vitals') {
        const items: PendingItem[] = [];
        for (const metric of METRICS) {
          const raw = beacon[metric];
          if (raw === undefined) continue;
          // CLS is unitless; kept × 1000 so every histogram holds whole numbers.
          const value = metric === 'cls' ? raw * 1000 : raw;
          items.push({ kind: 'vital', id: randomUUID(), atMs, path, device: agent.device, metric, value });
        }
        return push(items) ? 'counted' : 'dropped';
      }
      const optOut = optedOut(arrival);
      const salt = optOut
        ? null
        : await saltOf(dayOf(atMs)).catch((error: unknown) => {
            // Redis away (logged once by its connection): a view without a visitor, not a lost beacon.
            if (options.salts.unavailable?.(error)) return null;
            throw error;
          });
      const visitor = salt === null ? null : visitorHash(salt, arrival.address, arrival.userAgent, arrival.host);
      const campaign = campaignOf(beacon.p);
      const ok = push([
        {
          kind: 'pageview',
          id: randomUUID(),
          atMs,
          path,
          referrer: referrerSource(beacon.r, arrival.host),
          utmSource: campaign.source,
          utmMedium: campaign.medium,
          utmCampaign: campaign.campaign,
          ...agent,
          screen: screenClass(beacon.w),
          visitor,
        },
      ]);
      if (!ok) return 'dropped';
      return optOut ? 'view-only' : 'counted';
    },

    /** Counts a server-side event (a Contact Us message, a sign-up...) with its page. */
    event(name: InsightsEventName, rawPath: string): void {
      push([{ kind: 'event', id: randomUUID(), atMs: now(), name, path: normalisePath(rawPath) ?? '/' }]);
    },

    flush,

    get pending() {
      return buffer.length;
    },
  };
}

export type InsightsService = ReturnType<typeof insightsService>;
