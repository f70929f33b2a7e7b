import type { Kysely, Transaction } from 'kysely';
import type { InboxEvent, InboxMessageDetail, InboxStatus } from '../../common/inbox-schemas';
import { auditRepository } from '../platform/audit/repository';
import type { ChangeEvent } from '../changes/index';
import type { Database, SupportMessageRow } from '../platform/db/schema';
import { badRequest, notFound } from '../platform/lib/http-error';
import { type InboxFilter, inboxRepository, notificationPrefsRepository } from './messages-repository';
import { recordInboxChange, toEvent, toInboxMessage } from './inbox-mappers';
import { deliveryState, outboxRepository } from './outbox-repository';
import { conversationsRepository, savedRepliesRepository } from './conversations-repository';
import { replyMail } from './reply-mail';

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
  options: {
    publicUrl: string;
    /** The domain of reply addresses and of the Message-IDs we make. */
    mailDomain: string;
    /** Who hears of a customer's answer when nobody is assigned (SUPPORT_INBOX_EMAIL). */
    inboxEmails: readonly string[];
    afterCommit: (events: ChangeEvent[], mailQueued: boolean) => void;
  },
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
    const files = new Map<string, InboxEvent['attachments']>();
    for (const file of await conversationsRepository(db).attachmentsOf(id))
      files.set(file.event_id, [
        ...(files.get(file.event_id) ?? []),
        { id: file.id, filename: file.filename, contentType: file.content_type, size: Number(file.size) },
      ]);
    const mails = new Map(
      (await outboxRepository(db).find(history.flatMap((e) => (e.outbox_id ? [e.outbox_id] : [])))).map((m) => [m.id, m]),
    );
    return {
      message: toInboxMessage(row),
      history: history.map((event) => {
        const mail = event.outbox_id ? mails.get(event.outbox_id) : undefined;
        return toEvent(event, mail ? deliveryState(mail) : null, files.get(event.id) ?? []);
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

    /**
     * The reply is queued for the customer in the same transaction, with the conversation's
     * reply address and threading headers and their last message quoted; the conversation
     * then waits for the customer.
     */
    reply(actor: Actor, id: string, body: string) {
      return change(actor, id, async (trx, before) => {
        const at = new Date().toISOString();
        const mail = await replyMail(trx, before, body, { domain: options.mailDomain, publicUrl: options.publicUrl });
        const outboxId = await outboxRepository(trx).enqueue(mail.outbox, at);
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
          mail_message_id: mail.messageId,
        });
        await setStatus(trx, actor, before, 'waiting', at);
        return { action: 'inbox.reply', after: { status: 'waiting', reply: body }, mailQueued: true };
      });
    },

    /** Hands the conversation to a staff member (told by mail unless they took it themselves), or to nobody. */
    assign(actor: Actor, id: string, assigneeId: string | null) {
      return change(actor, id, async (trx, before) => {
        const assignee = assigneeId ? (await conversationsRepository(trx).staffMembers()).find((member) => member.id === assigneeId) : null;
        if (assigneeId && !assignee) throw badRequest('There is no such staff member.', { assigneeId: 'is not a staff member' });
        const at = new Date().toISOString();
        if ((before.assignee_id ?? null) === (assignee?.id ?? null))
          return { action: 'inbox.assign', after: { assignee: assignee?.email ?? null } };
        await inboxRepository(trx).setAssignee(id, assignee ?? null);
        await inboxRepository(trx).addEvent({
          message_id: id,
          at,
          kind: 'assign',
          actor_id: actor.id,
          actor_email: actor.email,
          body: assignee?.email ?? null,
          from_status: null,
          to_status: null,
          outbox_id: null,
        });
        let mailQueued = false;
        if (assignee && assignee.id !== actor.id) {
          const link = `${options.publicUrl}/admin/inbox/${encodeURIComponent(id)}`;
          await outboxRepository(trx).enqueue(
            {
              kind: 'inbox_assigned',
              recipient: assignee.email,
              subject: `Assigned to you: ${before.subject ?? `message from ${before.name}`}`.slice(0, 200),
              body: `${actor.email} assigned you the conversation with ${before.name} <${before.email}>.\n\nOpen it: ${link}\n`,
              link,
            },
            at,
          );
          mailQueued = true;
        }
        return { action: 'inbox.assign', after: { assignee: assignee?.email ?? null }, mailQueued };
      });
    },

    /** Enabled staff members, for the assignee choice. */
    staff: () => conversationsRepository(db).staffMembers(),

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

    /** A kept attachment of the conversation, or 404. */
    async attachment(id: string, attachmentId: string) {
      const file = await conversationsRepository(db).attachment(id, attachmentId);
      if (!file) throw notFound('There is no such attachment.');
      return file;
    },

    /** A whole mail received in the conversation (the raw message), or 404. */
    async inboundMail(id: string, mailId: string): Promise<Buffer> {
      const mail = await conversationsRepository(db).inboundOf(id, mailId);
      if (!mail) throw notFound('There is no such mail in this conversation.');
      return Buffer.from(mail.raw, 'base64');
    },

    savedReplies: {
      list: () => savedRepliesRepository(db).list(),
      async add(actor: Actor, title: string, body: string) {
        return db.transaction().execute(async (trx) => {
          const saved = await savedRepliesRepository(trx).add(title, body, actor.id);
          await auditRepository(trx).record({
            actor,
            action: 'inbox.saved_reply',
            itemType: 'support_saved_reply',
            itemId: saved.id,
            before: null,
            after: { title },
          });
          return saved;
        });
      },
      async remove(actor: Actor, id: string) {
        await db.transaction().execute(async (trx) => {
          if (!(await savedRepliesRepository(trx).remove(id))) throw notFound('There is no such ready-made reply.');
          await auditRepository(trx).record({
            actor,
            action: 'inbox.saved_reply_delete',
            itemType: 'support_saved_reply',
            itemId: id,
            before: null,
            after: null,
          });
        });
      },
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
