import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { leasesRepository } from '../housekeeping/leases-repository';
import { periodicJob } from '../housekeeping/periodic-job';
import { versionedCollection } from './collection';
import { dueSchedules } from './repository';
import { publishingService } from './service';

/** How often each instance looks for due schedules: a draft is published within this of its time. */
export const SCHEDULE_CHECK_MS = 20_000;
const LEASE = 'scheduled-publishing';

/**
 * Publishes scheduled drafts when they are due. Every instance checks every SCHEDULE_CHECK_MS and
 * at start-up (a restart that spanned a due time publishes at once), but only the one that takes
 * the `scheduled-publishing` lease (the housekeeping lease of decision 0702) runs; a stopping
 * instance gives the lease back. Each draft is published in a transaction that first deletes its
 * schedule row, so even two runs at once publish it once.
 */
async function scheduledPublishing(app: FastifyInstance) {
  const holder = app.config.INSTANCE_ID;
  const leases = leasesRepository(app.database.db);
  const job = periodicJob({
    leases,
    name: LEASE,
    holder,
    periodMs: SCHEDULE_CHECK_MS,
    run: async (nowMs) => {
      const now = new Date(nowMs).toISOString();
      let published = 0;
      for (const due of await dueSchedules(app.database.db, now)) {
        const collection = versionedCollection(due.collection);
        if (!collection) continue;
        if (await publishingService(app, collection).publishIfDue(due.itemId, now)) published++;
      }
      return published;
    },
  });

  let running: Promise<number | null> | null = null;
  const runDue = async (nowMs?: number): Promise<number | null> => {
    running ??= job
      .runIfDue(nowMs ?? app.clock())
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'scheduled publishing failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    const published = await running;
    if (published) app.log.info({ published }, 'scheduled drafts published');
    return published;
  };

  const timer = setInterval(() => void runDue(), SCHEDULE_CHECK_MS);
  timer.unref();
  let started: Promise<number | null> = Promise.resolve(null);
  app.decorate('scheduledPublishing', {
    runDue,
    get started() {
      return started;
    },
  });
  app.addHook('onReady', async () => {
    started = runDue();
  });
  // preClose: the database is still open (onClose hooks run after the one that closes it).
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
    await leases.release(LEASE, holder).catch(() => undefined);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes the drafts due by now if this instance takes the lease (tests, operators); null when another did. */
    scheduledPublishing: {
      runDue: (nowMs?: number) => Promise<number | null>;
      /** The check at start-up, so a test or an operator can wait for what it published. */
      readonly started: Promise<number | null>;
    };
  }
}

export default fp(scheduledPublishing, { name: 'scheduled-publishing' });
