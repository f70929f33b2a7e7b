import type { Kysely, Transaction } from 'kysely';
import type { InboxMessageDetail, InboxStatus } from '../../common/inbox-schemas';
import { auditRepository } from '../platform/audit/repository';
import type { ChangeEvent } from '../changes/index';
import type { Database, SupportMessageRow } from '../platform/db/schema';
import { notFound } from '../platform/lib/http-error';
import { type InboxFilter, inboxRepository, notificationPrefsRepository } from './messages-repository';
import { recordInboxChange, replySubject, toEvent, toInboxMessage } from './inbox-mappers';
import { deliveryState, outboxRepository } from './outbox-repository';

export interface Actor {
  id: string;
  email: string;
}

/**
 * The inbox's changes: replies (queued in the mail outbox), notes and status changes. Each is
 * written with its history entry, its audit entry and its live event in one transaction;
 * `afterCommit` receives the live events to announce, and whether a mail was queued.
 */
export function inboxService(
  db: Kysely<Database>,
  options: { publicUrl: string; afterCommit: (events: ChangeEvent[], mailQueued: boolean) => void },
) {
  async function change(
    actor: Actor,
    id: string,
    work: (trx: Transaction<Database>, before: SupportMessageRow) => Promise<{ action: string; after: unknown; mailQueued?: boolean }>,
  ): Promise<InboxMessageDetail> {
    let mailQueued = false;
    const events = await db.transaction().execute(async (trx) => {
      const repository = inboxRepository(trx);
      // Locked, so concurrent changes of one message see each other's status.
      const before = await repository.findForUpdate(id);
      if (!before) throw notFound('There is no such message in the inbox.');
      const { action, after, ...done } = await work(trx, before);
      mailQueued = done.mailQueued ?? false;
      await auditRepository(trx).record({
        actor,
        action,
        itemType: 'support_message',
        itemId: id,
        before: { status: before.status },
        after,
      });
      return [await recordInboxChange(trx, 'update', toInboxMessage((await repository.find(id))!))];
    });
    options.afterCommit(events, mailQueued);
    return detail(id);
  }

  async function setStatus(trx: Transaction<Database>, actor: Actor, row: SupportMessageRow, status: InboxStatus, at: string) {
    if (row.status === status) return;
    await inboxRepository(trx).setStatus(row.id, status);
    await inboxRepository(trx).addEvent({
      message_id: row.id,
      at,
      kind: 'status',
      actor_id: actor.id,
      actor_email: actor.email,
      body: null,
      from_status: row.status,
      to_status: status,
      outbox_id: null,
    });
  }

  async function detail(id: string): Promise<InboxMessageDetail> {
    const repository = inboxRepository(db);
    const row = await repository.find(id);
    if (!row) throw notFound('There is no such message in the inbox.');
    const history = await repository.history(id);
    const mails = new Map(
      (await outboxRepository(db).find(history.flatMap((e) => (e.outbox_id ? [e.outbox_id] : [])))).map((m) => [m.id, m]),
    );
    return {
      message: toInboxMessage(row),
      history: history.map((event) => {
        const mail = event.outbox_id ? mails.get(event.outbox_id) : undefined;
        return toEvent(event, mail ? deliveryState(mail) : null);
      }),
    };
  }

  return {
    detail,

    async list(filter: InboxFilter): Promise<SupportMessageRow[]> {
      return inboxRepository(db).list(filter);
    },

    /** The count of new messages and the newest few of them (the console's menu and home). */
    async summary(latest: number): Promise<{ newCount: number; latestNew: SupportMessageRow[] }> {
      const repository = inboxRepository(db);
      const [newCount, latestNew] = await Promise.all([
        repository.countWithStatus('new'),
        repository.list({ status: 'new', limit: latest }),
      ]);
      return { newCount, latestNew };
    },

    /** The reply is queued for the sender in the same transaction; the message becomes answered. */
    reply(actor: Actor, id: string, body: string) {
      return change(actor, id, async (trx, before) => {
        const at = new Date().toISOString();
        const outboxId = await outboxRepository(trx).enqueue(
          {
            kind: 'inbox_reply',
            recipient: before.email,
            subject: replySubject(before.subject),
            body,
            link: `${options.publicUrl}/support`,
          },
          at,
        );
        await inboxRepository(trx).addEvent({
          message_id: id,
          at,
          kind: 'reply',
          actor_id: actor.id,
          actor_email: actor.email,
          body,
          from_status: null,
          to_status: null,
          outbox_id: outboxId,
        });
        await setStatus(trx, actor, before, 'answered', at);
        return { action: 'inbox.reply', after: { status: 'answered', reply: body }, mailQueued: true };
      });
    },

    note(actor: Actor, id: string, body: string) {
      return change(actor, id, async (trx) => {
        await inboxRepository(trx).addEvent({
          message_id: id,
          at: new Date().toISOString(),
          kind: 'note',
          actor_id: actor.id,
          actor_email: actor.email,
          body,
          from_status: null,
          to_status: null,
          outbox_id: null,
        });
        return { action: 'inbox.note', after: { note: body } };
      });
    },

    setStatus(actor: Actor, id: string, status: InboxStatus) {
      return change(actor, id, async (trx, before) => {
        await setStatus(trx, actor, before, status, new Date().toISOString());
        return { action: 'inbox.status', after: { status } };
      });
    },

    preferences: (userId: string) => notificationPrefsRepository(db).get(userId),

    async setPreferences(actor: Actor, notify: boolean): Promise<boolean> {
      await db.transaction().execute(async (trx) => {
        const before = await notificationPrefsRepository(trx).get(actor.id);
        await notificationPrefsRepository(trx).set(actor.id, notify);
        await auditRepository(trx).record({
          actor,
          action: 'inbox.preferences',
          itemType: 'staff_notification_prefs',
          itemId: actor.id,
          before: { notifyNewMessages: before },
          after: { notifyNewMessages: notify },
        });
      });
      return notify;
    },
  };
}

export type InboxService = ReturnType<typeof inboxService>;
