import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuditLogRow, Database } from '../db/schema';

export interface AuditEntryInput {
  actor: { id: string; email: string } | null;
  /** What happened, `noun.verb`: `role.grant`, `service.update`, `staff.sign_in`. */
  action: string;
  itemType: string;
  itemId: string | null;
  before?: unknown;
  after?: unknown;
}

export interface AuditFilter {
  actorId?: string | undefined;
  action?: string | undefined;
  itemType?: string | undefined;
  itemId?: string | undefined;
  /** Keyset paging: entries strictly older than this (at, id) pair. */
  before?: { at: string; id: string } | undefined;
  limit: number;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * All SQL for the audit log. Only inserts and reads: the application never edits or deletes
 * an entry. Pass the transaction of the change it records, so both are written or neither.
 */
export function auditRepository(db: Kysely<Database>) {
  return {
    async record(entry: AuditEntryInput, now = new Date().toISOString()): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('audit_log')
        .values({
          id,
          at: now,
          actor_id: entry.actor?.id ?? null,
          actor_email: entry.actor?.email ?? null,
          action: entry.action,
          item_type: entry.itemType,
          item_id: entry.itemId,
          before_json: json(entry.before),
          after_json: json(entry.after),
        })
        .execute();
      return id;
    },

    /** How many entries of these actions an actor recorded after `since` (a per-actor allowance). */
    async countByActor(actorId: string, actions: readonly string[], since: string): Promise<number> {
      const row = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('actor_id', '=', actorId)
        .where('action', 'in', actions)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Newest first. */
    async list(filter: AuditFilter): Promise<AuditLogRow[]> {
      let query = db.selectFrom('audit_log').selectAll();
      if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
      if (filter.action) query = query.where('action', '=', filter.action);
      if (filter.itemType) query = query.where('item_type', '=', filter.itemType);
      if (filter.itemId) query = query.where('item_id', '=', filter.itemId);
      const before = filter.before;
      if (before) {
        query = query.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]));
      }
      return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
    },

    /**
     * What the console calls the people and messages a page of entries names: each account's
     * display name (else its email) and each Contact Us message's sender. Missing ids (a deleted
     * account) are left out; the entry's own JSON still names them.
     */
    async names(userIds: readonly string[], messageIds: readonly string[]): Promise<Map<string, string>> {
      const names = new Map<string, string>();
      const users = [...new Set(userIds)];
      const messages = [...new Set(messageIds)];
      if (users.length > 0) {
        for (const row of await db.selectFrom('users').select(['id', 'display_name', 'email']).where('id', 'in', users).execute()) {
          names.set(`user:${row.id}`, row.display_name?.trim() || row.email);
        }
      }
      if (messages.length > 0) {
        const rows = await db.selectFrom('support_messages').select(['id', 'name', 'email']).where('id', 'in', messages).execute();
        for (const row of rows) names.set(`support_message:${row.id}`, row.name.trim() || row.email);
      }
      return names;
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
