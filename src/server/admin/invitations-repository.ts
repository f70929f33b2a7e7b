import type { Kysely } from 'kysely';
import type { Database, StaffInvitationRow } from '../platform/db/schema';

/** All SQL of staff invitations. "Open" means neither accepted nor withdrawn (it may have expired). */
export function invitationsRepository(db: Kysely<Database>) {
  const open = () => db.selectFrom('staff_invitations').selectAll().where('accepted_at', 'is', null).where('withdrawn_at', 'is', null);
  return {
    async insert(row: StaffInvitationRow): Promise<void> {
      await db.insertInto('staff_invitations').values(row).execute();
    },

    listOpen: (): Promise<StaffInvitationRow[]> => open().orderBy('created_at', 'desc').orderBy('id').execute(),

    findOpen: (id: string) => open().where('id', '=', id).executeTakeFirst(),

    findOpenByEmail: (email: string) => open().where('email', '=', email).executeTakeFirst(),

    /** The invitation a link can still accept: open, unexpired, and this link the latest one sent. */
    findUsable: (tokenHash: string, now: string) =>
      open().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst(),

    /** A new link: the old hash is replaced, so the old link stops working. */
    async renew(id: string, tokenHash: string, sentAt: string, expiresAt: string): Promise<boolean> {
      const result = await db
        .updateTable('staff_invitations')
        .set({ token_hash: tokenHash, sent_at: sentAt, expires_at: expiresAt })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async withdraw(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('staff_invitations')
        .set({ withdrawn_at: now })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Marks the link used; true for exactly one caller, however many try at once. */
    async claim(tokenHash: string, userId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('staff_invitations')
        .set({ accepted_at: now, accepted_user_id: userId })
        .where('token_hash', '=', tokenHash)
        .where('accepted_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
