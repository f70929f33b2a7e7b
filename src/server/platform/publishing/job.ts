import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { leasesRepository } from '../housekeeping/leases-repository';
import { periodicJob } from '../housekeeping/periodic-job';
import { rolesAllow } from '../../../common/roles';
import { withTimeout } from '../../changes/index';
import { type VersionedCollection, versionedCollection } from './collection';
import { dueSchedules } from './repository';
import { publishingService, type ScheduleFailure } from './service';
import { failureReason } from './validation';

/** How often each instance looks for due schedules: a draft is published within this of its time. */
export const SCHEDULE_CHECK_MS = 20_000;
const LEASE = 'scheduled-publishing';

/** The mail that tells whoever scheduled a draft that it was not published, and why. */
export function scheduleFailureMail(collection: VersionedCollection, failure: ScheduleFailure, publicUrl: string) {
  const path = collection.consolePath?.(failure.itemId) ?? `/admin/content/${collection.name}/${encodeURIComponent(failure.itemId)}`;
  const link = `${publicUrl}${path}`;
  const what = failure.label ? `"${failure.label}"` : `${collection.itemType.replace(/_/g, ' ')} ${failure.itemId}`;
  return {
    subject: `Not published: ${what}`.slice(0, 200),
    text: [
      `The draft of ${what} that you scheduled for ${failure.dueAt} (UTC) could not be published:`,
      '',
      failure.reason,
      '',
      `Nothing was published. Fix the draft and schedule it again here: ${link}`,
    ].join('\n'),
    link,
  };
}

/**
 * Publishes scheduled drafts when they are due. Every instance checks every SCHEDULE_CHECK_MS and
 * at start-up (a restart that spanned a due time publishes at once), but only the one that takes
 * the `scheduled-publishing` lease (the housekeeping lease of decision 0702) runs; a stopping
 * instance gives the lease back. Each draft is published in a transaction that first deletes its
 * schedule row, so even two runs at once publish it once. A draft that cannot be published (a
 * refusal of Publish, or a scheduler whose role was revoked) stops only itself: its schedule is
 * marked failed with the reason (shown in the console, not tried again), audited, and its
 * scheduler is mailed; the other due drafts are published.
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
        const service = publishingService(app, collection);
        try {
          if (await service.publishIfDue(due.itemId, now)) published++;
        } catch (error) {
          await reportFailure(collection, due, error, now);
        }
      }
      return published;
    },
  });

  /** One failed schedule: marked, audited and mailed; a failure to report it is logged, never thrown. */
  async function reportFailure(collection: VersionedCollection, due: { itemId: string; dueAt: string }, error: unknown, now: string) {
    const { reason, expected } = failureReason(error);
    const context = { collection: collection.name, itemId: due.itemId, dueAt: due.dueAt };
    if (expected) app.log.warn({ ...context, reason }, 'scheduled draft not published');
    else app.log.error({ ...context, err: error }, 'scheduled draft not published');
    try {
      const failure = await publishingService(app, collection).recordScheduleFailure(due.itemId, due.dueAt, reason, now);
      if (!failure?.scheduledBy) return;
      // Someone whose console role was revoked is told nothing more of the console.
      if (!rolesAllow(await app.identity.rolesOf(failure.scheduledBy.id), 'staff')) return;
      const mail = scheduleFailureMail(collection, failure, app.config.publicUrl);
      await withTimeout(app.identity.mailer.send({ to: failure.scheduledBy.email, ...mail }), app.config.MAIL_TIMEOUT_MS, 'mail send');
    } catch (reportError) {
      app.log.error({ ...context, err: reportError }, 'could not report a scheduled draft that was not published');
    }
  }

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
