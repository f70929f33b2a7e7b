import type { FastifyInstance } from 'fastify';
import { PUBLISHING_TOPIC } from '../../../common/constants';
import type { Kysely, Transaction } from 'kysely';
import { appendChange, type ChangeEvent } from '../../changes/index';
import { auditRepository } from '../audit/repository';
import { contentChanged } from '../cache/content-changes';
import type { Database } from '../db/schema';
import { rolesAllow } from '../../../common/roles';
import { badRequest, forbidden, notFound } from '../lib/http-error';
import type { Fields, VersionedCollection } from './collection';
import { candidateItemId, RESERVED_ITEM_IDS } from './item-ids';
import { type Actor, type Draft, publishingRepository, type Revision, type Schedule } from './repository';
import { checkedFields } from './validation';

/** The live stream's topic for staff: "this item has a new draft / was published". */
export { PUBLISHING_TOPIC };

export interface PublishingState {
  published: Fields | null;
  draft: Draft | null;
  schedule: Schedule | null;
}

/** A write that named an older draft version: nothing was written; `current` is the draft now. */
export type DraftResult = { ok: true; draft: Draft | null } | { ok: false; current: Draft | null };

type Event = 'draft' | 'published' | 'discarded' | 'scheduled' | 'unscheduled' | 'schedule_failed';

const DELETED_ITEM = 'Only an administrator can bring back a deleted item.';

/** A schedule that could not publish: reported once to whoever set it (the job sends the mail). */
export interface ScheduleFailure {
  itemId: string;
  dueAt: string;
  reason: string;
  scheduledBy: Actor;
  /** The item's title or name in its draft, if it has one. */
  label: string | null;
}

const labelOf = (fields: Fields | undefined): string | null => {
  const label = fields?.title ?? fields?.name;
  return typeof label === 'string' && label !== '' ? label.slice(0, 150) : null;
};

function notice(trx: Transaction<Database>, collection: string, id: string, kind: Event, draftVersion: number | null) {
  return appendChange(trx, { topic: PUBLISHING_TOPIC, kind, key: `${collection}/${id}`, data: { collection, id, draftVersion } });
}

/**
 * What every write of a published version records, inside its transaction: a first revision
 * of what was there before (content published before versioning existed), then the new one.
 */
export async function recordPublished(
  trx: Kysely<Database>,
  collection: VersionedCollection,
  id: string,
  action: 'publish' | 'restore' | 'schedule',
  before: Fields | null,
  after: Fields,
  actor: Actor,
  now: string,
): Promise<number> {
  const repository = publishingRepository(trx, collection.name);
  if (before && !(await repository.hasRevisions(id))) await repository.addRevision(id, 'initial', before, null, now);
  return repository.addRevision(id, action, after, actor, now);
}

/** Inside the transaction that deletes an item: its history keeps it, its draft and schedule go. */
export async function recordDeletion(trx: Kysely<Database>, collection: VersionedCollection, id: string, fields: Fields, actor: Actor) {
  const repository = publishingRepository(trx, collection.name);
  await repository.addRevision(id, 'delete', fields, actor, new Date().toISOString());
  await repository.deleteDraft(id);
  await repository.deleteSchedule(id);
}

/**
 * Drafts, publishing, history, restore and schedules of one collection. Every write runs in one
 * transaction with its audit entry and live notice; after the commit the caches of every
 * instance are dropped (contentChanged) and the notices sent.
 */
export function publishingService(app: FastifyInstance, collection: VersionedCollection) {
  const { db } = app.database;
  const audit = (trx: Kysely<Database>, actor: Actor, action: string, id: string, before?: unknown, after?: unknown) =>
    auditRepository(trx).record({
      actor,
      action: `${collection.itemType}.${action}`,
      itemType: collection.itemType,
      itemId: id,
      before,
      after,
    });
  const afterCommit = async (events: ChangeEvent[], published: boolean) => {
    if (published) await contentChanged(app, ...collection.topics);
    app.live.announce(events);
  };
  /** Whether these roles may bring back a deleted item of this collection. */
  const mayRestoreDeleted = (isAdmin: boolean) => isAdmin || collection.restoreDeletedRole === 'staff';
  /** Not published, but published once: its history holds it (a first draft has none). */
  const isDeleted = async (trx: Kysely<Database>, id: string, published: Fields | null) =>
    published === null && (await publishingRepository(trx, collection.name).hasRevisions(id));

  /**
   * What going public would write, held to the rules of a save and the collection's own checks;
   * fields missing from an old draft or revision keep their published value (`published`, as
   * the caller read it). Throws 400 or 403.
   */
  async function publishable(
    trx: Kysely<Database>,
    id: string,
    fields: Fields,
    published: Fields | null,
    isAdmin: boolean,
    what: string,
  ): Promise<Fields> {
    if (!mayRestoreDeleted(isAdmin) && (await isDeleted(trx, id, published))) throw forbidden(DELETED_ITEM);
    const checked = checkedFields(collection.schema, { ...(published ?? {}), ...fields }, what);
    await collection.checkPublishable?.(trx, id, checked);
    return checked;
  }

  /** Publishes the draft at `version` (any version when undefined); null when there is none at it. */
  async function publishIn(
    trx: Transaction<Database>,
    actor: Actor,
    id: string,
    version: number | undefined,
    action: 'publish' | 'schedule',
    isAdmin: boolean,
  ) {
    const repository = publishingRepository(trx, collection.name);
    const draft = await repository.draft(id);
    if (!draft || (version !== undefined && draft.version !== version)) return null;
    // The draft is taken first, at the version read: of two publishes at once, the second waits
    // on this row and then finds nothing to take (409), so a new item is never inserted twice.
    if (!(await repository.deleteDraft(id, draft.version))) return null;
    const now = new Date().toISOString();
    // A draft saved under older rules, or under a deleted item's id, is refused here (rolled back).
    const before = await collection.readPublished(trx, id);
    const fields = await publishable(trx, id, draft.fields, before, isAdmin, 'This draft');
    await collection.writePublished(trx, id, fields);
    // The revision keeps what visitors now get: the collection may complete the draft as it
    // publishes (an article's address and date), and a restore must bring back exactly that.
    const published = (await collection.readPublished(trx, id)) ?? fields;
    await repository.deleteSchedule(id);
    const number = await recordPublished(trx, collection, id, action, before, published, actor, now);
    await audit(trx, actor, 'publish', id, before ?? undefined, published);
    return { number, event: await notice(trx, collection.name, id, 'published', null) };
  }

  return {
    collection,

    async state(id: string): Promise<PublishingState> {
      const repository = publishingRepository(db, collection.name);
      const [published, draft, schedule] = await Promise.all([
        collection.readPublished(db, id),
        repository.draft(id),
        repository.schedule(id),
      ]);
      return { published, draft, schedule };
    },

    /** Drafts and schedules of the collection, for the list's markers. */
    async pending() {
      const repository = publishingRepository(db, collection.name);
      const [drafts, schedules] = await Promise.all([repository.drafts(), repository.schedules()]);
      const due = new Map(schedules.map((schedule) => [schedule.itemId, schedule]));
      return drafts.map((draft) => ({
        ...draft,
        scheduledAt: due.get(draft.itemId)?.dueAt ?? null,
        scheduleFailure: due.get(draft.itemId)?.failure ?? null,
      }));
    },

    /** `version` 0: the first draft since the last publish. Two first drafts at once: one wins, one 409. */
    async saveDraft(
      actor: Actor,
      id: string,
      version: number,
      fields: Fields,
      options: { newItems?: boolean; baseVersion?: number | undefined; isAdmin?: boolean } = {},
    ): Promise<DraftResult> {
      const result = await db.transaction().execute(async (trx) => {
        const repository = publishingRepository(trx, collection.name);
        const current = await collection.readPublished(trx, id);
        // Without `newItems`, a draft belongs to a published item or is a new item's first draft
        // (made by createDraft, so it is saved here from version 1 on).
        if (!options.newItems && !current && !(version > 0 && (await repository.draft(id)))) {
          throw notFound('This item no longer exists: someone deleted it since you opened it.');
        }
        // A draft under a deleted item's id is the first step of bringing it back.
        if (!mayRestoreDeleted(options.isAdmin ?? false) && (await isDeleted(trx, id, current))) throw forbidden(DELETED_ITEM);
        // A first draft opened on an older published version: someone published since.
        if (version === 0 && options.baseVersion !== undefined && collection.publishedVersion) {
          const published = await collection.publishedVersion(trx, id);
          if (published !== null && published !== options.baseVersion) {
            return { result: { ok: false, current: await repository.draft(id) } as DraftResult, events: [] };
          }
        }
        const now = new Date().toISOString();
        const saved =
          version === 0
            ? await repository.insertDraft(id, fields, actor, now)
            : await repository.updateDraft(id, version, fields, actor, now);
        if (!saved) return { result: { ok: false, current: await repository.draft(id) } as DraftResult, events: [] };
        const draft = (await repository.draft(id))!;
        return { result: { ok: true, draft } as DraftResult, events: [await notice(trx, collection.name, id, 'draft', draft.version)] };
      });
      await afterCommit(result.events, false);
      return result.result;
    },

    /**
     * A new item's first draft, under an id the server makes (the collection's `newItemId`): not
     * published, so nothing public sees it until Publish. An id that is taken (a published item,
     * another draft, or the history of a deleted one) gets a short suffix.
     */
    async createDraft(actor: Actor, fields: Fields): Promise<{ itemId: string; draft: Draft }> {
      if (!collection.newItemId) throw notFound('New items of this kind are not made here.');
      const made = collection.newItemId(fields);
      for (let attempt = 1; attempt <= 5; attempt++) {
        const itemId = candidateItemId(made, attempt);
        const result = await db.transaction().execute(async (trx) => {
          const repository = publishingRepository(trx, collection.name);
          const taken = (await collection.readPublished(trx, itemId)) !== null || (await repository.hasRevisions(itemId));
          // insertDraft is false when another draft has the id (two creations at once included).
          if (taken || !(await repository.insertDraft(itemId, fields, actor, new Date().toISOString()))) return null;
          const draft = (await repository.draft(itemId))!;
          return { draft, event: await notice(trx, collection.name, itemId, 'draft', draft.version) };
        });
        if (result) {
          await afterCommit([result.event], false);
          return { itemId, draft: result.draft };
        }
      }
      throw new Error(`No free id for a new item of ${collection.name} after 5 attempts.`);
    },

    async discardDraft(actor: Actor, id: string, version: number): Promise<DraftResult> {
      const result = await db.transaction().execute(async (trx) => {
        const repository = publishingRepository(trx, collection.name);
        const draft = await repository.draft(id);
        if (!draft || !(await repository.deleteDraft(id, version)))
          return { result: { ok: false, current: draft } as DraftResult, events: [] };
        await repository.deleteSchedule(id);
        await audit(trx, actor, 'draft_discard', id, draft.fields, undefined);
        return { result: { ok: true, draft: null } as DraftResult, events: [await notice(trx, collection.name, id, 'discarded', null)] };
      });
      await afterCommit(result.events, false);
      return result.result;
    },

    async publish(actor: Actor, id: string, version: number, isAdmin = false): Promise<DraftResult> {
      const result = await db.transaction().execute(async (trx) => {
        const done = await publishIn(trx, actor, id, version, 'publish', isAdmin);
        if (!done)
          return { result: { ok: false, current: await publishingRepository(trx, collection.name).draft(id) } as DraftResult, events: [] };
        return { result: { ok: true, draft: null } as DraftResult, events: [done.event] };
      });
      await afterCommit(result.events, result.result.ok);
      return result.result;
    },

    async history(id: string): Promise<{ published: Fields | null; revisions: Revision[] }> {
      const [published, revisions] = await Promise.all([
        collection.readPublished(db, id),
        publishingRepository(db, collection.name).revisions(id),
      ]);
      return { published, revisions };
    },

    async deleted() {
      return publishingRepository(db, collection.name).deleted();
    },

    /** Publishes an old revision's content as a new revision. Bringing back a deleted item may need `admin`. */
    async restore(actor: Actor, id: string, number: number, isAdmin: boolean): Promise<number> {
      const result = await db.transaction().execute(async (trx) => {
        const repository = publishingRepository(trx, collection.name);
        const revision = await repository.revision(id, number);
        if (!revision) throw notFound('There is no such revision of this item.');
        const before = await collection.readPublished(trx, id);
        // Checked as a save is: a revision kept under older rules, or of a deleted item for staff,
        // is refused, and nothing changes.
        const fields = await publishable(trx, id, revision.fields, before, isAdmin, 'This revision');
        const now = new Date().toISOString();
        await collection.writePublished(trx, id, fields);
        const published = (await collection.readPublished(trx, id)) ?? fields;
        const made = await recordPublished(trx, collection, id, 'restore', before, published, actor, now);
        await audit(trx, actor, 'restore', id, before ?? undefined, { ...published, revision: number });
        return { made, events: [await notice(trx, collection.name, id, 'published', null)] };
      });
      await afterCommit(result.events, true);
      return result.made;
    },

    async schedule(actor: Actor, id: string, dueAt: Date, options: { nowMs?: number; isAdmin?: boolean } = {}): Promise<Schedule> {
      const nowMs = options.nowMs ?? Date.now();
      if (dueAt.getTime() < nowMs - 60_000)
        throw badRequest('Choose a time that has not passed yet.', { dueAt: 'Choose a time that has not passed yet.' });
      const result = await db.transaction().execute(async (trx) => {
        const repository = publishingRepository(trx, collection.name);
        const draft = await repository.draft(id);
        if (!draft) throw notFound('There is no draft to schedule: save a draft first.');
        // What Publish would refuse is refused now, while its author is here to fix it.
        await publishable(trx, id, draft.fields, await collection.readPublished(trx, id), options.isAdmin ?? false, 'This draft');
        const before = await repository.schedule(id);
        await repository.setSchedule(id, dueAt.toISOString(), actor, new Date(nowMs).toISOString());
        await audit(trx, actor, 'schedule', id, before ? { dueAt: before.dueAt } : undefined, { dueAt: dueAt.toISOString() });
        return { schedule: (await repository.schedule(id))!, events: [await notice(trx, collection.name, id, 'scheduled', draft.version)] };
      });
      await afterCommit(result.events, false);
      return result.schedule;
    },

    async cancelSchedule(actor: Actor, id: string): Promise<void> {
      const events = await db.transaction().execute(async (trx) => {
        const repository = publishingRepository(trx, collection.name);
        const before = await repository.schedule(id);
        if (!before || !(await repository.deleteSchedule(id))) throw notFound('This draft is not scheduled.');
        await audit(trx, actor, 'schedule_cancel', id, { dueAt: before.dueAt }, undefined);
        return [await notice(trx, collection.name, id, 'unscheduled', null)];
      });
      await afterCommit(events, false);
    },

    /**
     * Publishes the item's draft if its schedule is due by `now`. The schedule row is deleted
     * first, in the same transaction: of two runs at once, one deletes it and publishes, the
     * other finds nothing, so a due draft is published once.
     */
    async publishIfDue(id: string, now: string): Promise<boolean> {
      // Read before the transaction: SQLite has one connection, which the transaction holds.
      const scheduled = await publishingRepository(db, collection.name).scheduleActor(id);
      if (!scheduled) return false;
      // The schedule acts for whoever set it, with their roles at the due time.
      const roles = scheduled.actor ? await app.identity.rolesOf(scheduled.actor.id) : [];
      if (!rolesAllow(roles, 'staff')) throw forbidden('The person who scheduled it no longer has a console role.');
      const result = await db.transaction().execute(async (trx) => {
        const repository = publishingRepository(trx, collection.name);
        if (!(await repository.deleteSchedule(id, now))) return null;
        return publishIn(trx, scheduled.actor, id, undefined, 'schedule', rolesAllow(roles, 'admin'));
      });
      if (result) await afterCommit([result.event], true);
      return result !== null;
    },

    /**
     * Marks the schedule due at `dueAt` as failed with `reason` (not tried again; the console
     * shows it), audits it and tells open consoles. Null when it was moved, cancelled or already
     * marked meanwhile: nothing to report.
     */
    async recordScheduleFailure(id: string, dueAt: string, reason: string, now: string): Promise<ScheduleFailure | null> {
      const result = await db.transaction().execute(async (trx) => {
        const repository = publishingRepository(trx, collection.name);
        const scheduled = await repository.scheduleActor(id);
        if (!scheduled || !(await repository.markScheduleFailed(id, dueAt, reason, now))) return null;
        const label = labelOf((await repository.draft(id))?.fields);
        // Recorded by the job, not a person: the title names the item in the audit log's sentence.
        await audit(trx, null, 'schedule_failed', id, undefined, {
          ...(label ? { title: label } : {}),
          dueAt,
          reason,
          scheduledBy: scheduled.actor?.email ?? null,
        });
        const failure: ScheduleFailure = { itemId: id, dueAt, reason, scheduledBy: scheduled.actor, label };
        return { failure, events: [await notice(trx, collection.name, id, 'schedule_failed', null)] };
      });
      if (result) await afterCommit(result.events, false);
      return result?.failure ?? null;
    },
  };
}

export type PublishingService = ReturnType<typeof publishingService>;

/**
 * Whether a new item may not take this id: a published item has it, a first draft holds it, a
 * deleted item's history keeps it, or it is a word of the addresses. For creations outside
 * `createDraft` (the direct create of the older routes), so a draft's Publish never lands on
 * another item.
 */
export async function itemIdTaken(db: Kysely<Database>, collection: VersionedCollection, itemId: string): Promise<boolean> {
  if (RESERVED_ITEM_IDS.has(itemId)) return true;
  const repository = publishingRepository(db, collection.name);
  return (
    (await collection.readPublished(db, itemId)) !== null || (await repository.draft(itemId)) !== null || repository.hasRevisions(itemId)
  );
}
