import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  INVITATION_LIFETIME_HOURS,
  INVITATION_UNUSABLE,
  INVITATIONS_PER_ADMIN_HOUR,
  type Invitation,
} from '../../common/invitation-schemas';
import type { Role } from '../../common/roles';
import { auditRepository } from '../platform/audit/repository';
import type { Engine } from '../platform/db/database';
import type { Database, StaffInvitationRow, UserRow } from '../platform/db/schema';
import {
  DuplicateEmailError,
  hashPassword,
  insertStaffAccount,
  isUnprovedAccount,
  type Mail,
  newUserId,
  randomToken,
  takeOverUnprovedAccount,
  tokenHash,
  userRolesRepository,
  usersRepository,
} from '../identity/index';
import { conflict, HttpError, notFound } from '../platform/lib/http-error';
import { invitationsRepository } from './invitations-repository';

type Actor = { id: string; email: string };

export interface InvitationsOptions {
  db: Kysely<Database>;
  engine: Engine;
  publicUrl: string;
  send: (mail: Mail) => Promise<void>;
  warn: (message: string) => void;
}

const LIFETIME_MS = INVITATION_LIFETIME_HOURS * 60 * 60_000;
const INVITATION_MAIL_ACTIONS = ['invitation.create', 'invitation.resend'];
const NO_INVITATION = 'There is no such open invitation: it was accepted or withdrawn meanwhile.';

/** The page that accepts an invitation; the token rides in the fragment, which no server or Referer sees. */
const invitationLinkPath = (token: string) => `/admin/invitation#token=${encodeURIComponent(token)}`;

const present = (row: StaffInvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role as Role,
  invitedBy: row.invited_by_email,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  expiresAt: row.expires_at,
});

/**
 * Staff invitations: an administrator invites an email address with a role; the mail carries a
 * single-use, expiring link (stored only as a hash) where the person sets a password, even while
 * sign-up is closed. A resend replaces the link; a withdrawal voids it. Every step is audited in
 * the transaction of the change. An address whose account proved it is refused (the administrator
 * gives that account the role from its page in Users). An account that never proved its address
 * may be anyone's who typed it at sign-up: the invitation takes it over (see accept), since the
 * console gives no role to such an account.
 */
export function invitationsService(options: InvitationsOptions) {
  const { db } = options;

  async function mail(row: StaffInvitationRow, token: string): Promise<boolean> {
    const link = `${options.publicUrl}${invitationLinkPath(token)}`;
    try {
      await options.send({
        to: row.email,
        subject: `You are invited to the staff console as ${row.role}`,
        text: [
          `${row.invited_by_email ?? 'An administrator'} invites you to the staff console as ${row.role}.`,
          '',
          `Set your password here (the link works once, for ${INVITATION_LIFETIME_HOURS} hours):`,
          link,
          '',
          'If you did not expect this mail, ignore it.',
        ].join('\n'),
        link,
      });
      return true;
    } catch {
      // The invitation stays; the console offers "Send again". The link is never logged.
      options.warn(`invitation mail to invitation ${row.id} could not be sent`);
      return false;
    }
  }

  async function underLimit(actor: Actor, nowMs: number): Promise<void> {
    // Invitation mails (new and resent) this administrator sent in the last hour, from the audit log.
    const sent = await auditRepository(db).countByActor(actor.id, INVITATION_MAIL_ACTIONS, new Date(nowMs - 60 * 60_000).toISOString());
    if (sent >= INVITATIONS_PER_ADMIN_HOUR) {
      throw new HttpError(
        429,
        'rate_limited',
        `You sent ${INVITATIONS_PER_ADMIN_HOUR} invitations in the last hour, the most one administrator may. Please try again later.`,
        undefined,
        { 'Retry-After': '3600' },
      );
    }
  }

  return {
    list: async (): Promise<Invitation[]> => (await invitationsRepository(db).listOpen()).map(present),

    async create(actor: Actor, email: string, role: Role): Promise<Invitation> {
      const nowMs = Date.now();
      await underLimit(actor, nowMs);
      const token = randomToken();
      const now = new Date(nowMs).toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const existing = await usersRepository(trx).findByEmail(email);
        if (existing) {
          const refusal = refusalToInvite(existing, await userRolesRepository(trx, options.engine).rolesOf(existing.id));
          if (refusal) throw refusal;
        }
        const invitations = invitationsRepository(trx);
        if (await invitations.findOpenByEmail(email)) {
          throw conflict(`${email} is invited already: send that invitation again from the list.`, { email: 'is invited already' });
        }
        const row: StaffInvitationRow = {
          id: randomUUID(),
          email,
          role,
          token_hash: tokenHash(token),
          created_at: now,
          sent_at: now,
          expires_at: new Date(nowMs + LIFETIME_MS).toISOString(),
          invited_by: actor.id,
          invited_by_email: actor.email,
          accepted_at: null,
          accepted_user_id: null,
          withdrawn_at: null,
        };
        await invitations.insert(row);
        await auditRepository(trx).record(
          {
            actor,
            action: 'invitation.create',
            itemType: 'invitation',
            itemId: row.id,
            after: { email, role, ...(existing ? { takesOverUnprovedAccount: existing.id } : {}) },
          },
          now,
        );
        return row;
      });
      return { ...present(row), mailSent: await mail(row, token) };
    },

    async resend(actor: Actor, id: string): Promise<Invitation> {
      const nowMs = Date.now();
      await underLimit(actor, nowMs);
      const token = randomToken();
      const now = new Date(nowMs).toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const invitations = invitationsRepository(trx);
        const expiresAt = new Date(nowMs + LIFETIME_MS).toISOString();
        if (!(await invitations.renew(id, tokenHash(token), now, expiresAt))) throw notFound(NO_INVITATION);
        const row = (await invitations.findOpen(id))!;
        await auditRepository(trx).record(
          { actor, action: 'invitation.resend', itemType: 'invitation', itemId: id, after: { email: row.email, role: row.role } },
          now,
        );
        return row;
      });
      return { ...present(row), mailSent: await mail(row, token) };
    },

    async withdraw(actor: Actor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const invitations = invitationsRepository(trx);
        const row = await invitations.findOpen(id);
        const now = new Date().toISOString();
        if (!row || !(await invitations.withdraw(id, now))) throw notFound(NO_INVITATION);
        await auditRepository(trx).record(
          { actor, action: 'invitation.withdraw', itemType: 'invitation', itemId: id, before: { email: row.email, role: row.role } },
          now,
        );
      });
    },

    /** What the accept page shows before the password is asked for. */
    async preview(token: string): Promise<{ email: string; role: Role }> {
      const row = await invitationsRepository(db).findUsable(tokenHash(token), new Date().toISOString());
      if (!row) throw notFound(INVITATION_UNUSABLE);
      return { email: row.email, role: row.role as Role };
    },

    /**
     * Creates the account with the role, or takes over the account of the address that never proved
     * it. The link is checked before the password is hashed (the costly step), and claimed again
     * inside the transaction, where it is decided.
     */
    async accept(token: string, password: string, displayName: string | undefined): Promise<{ uid: string; email: string; role: Role }> {
      const hashed = tokenHash(token);
      if (!(await invitationsRepository(db).findUsable(hashed, new Date().toISOString()))) throw notFound(INVITATION_UNUSABLE);
      const passwordHash = await hashPassword(password);
      const now = new Date().toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          const invitations = invitationsRepository(trx);
          const row = await invitations.findUsable(hashed, now);
          if (!row) throw notFound(INVITATION_UNUSABLE);
          const existing = await usersRepository(trx).findByEmail(row.email);
          if (existing && !isUnprovedAccount(existing, await userRolesRepository(trx, options.engine).rolesOf(existing.id))) {
            throw accountExists();
          }
          const uid = existing?.id ?? newUserId();
          if (!(await invitations.claim(hashed, uid, now))) throw notFound(INVITATION_UNUSABLE);
          const role = row.role as Role;
          const account = {
            passwordHash,
            displayName: displayName?.trim() || null,
            role,
            grantedBy: row.invited_by,
            audit: {
              action: 'invitation.accept',
              after: {
                email: row.email,
                role,
                invitationId: row.id,
                invitedBy: row.invited_by_email,
                ...(existing ? { tookOverUnprovedAccount: true } : {}),
              },
            },
          };
          // The link reached this address: it is verified, whoever signed up with it before.
          if (existing) await takeOverUnprovedAccount(trx, options.engine, existing, account, now);
          else await insertStaffAccount(trx, options.engine, { ...account, id: uid, email: row.email, emailVerified: true }, now);
          return { uid, email: row.email, role };
        });
      } catch (error) {
        if (error instanceof DuplicateEmailError) throw accountExists();
        throw error;
      }
    },
  };
}

/** Why an address with this account may not be invited, or null when the invitation may take it over. */
function refusalToInvite(user: UserRow, roles: readonly Role[]): HttpError | null {
  if (user.email_verified === 1)
    return conflict(`${user.email} already has an account: give it the role from its page in Users.`, { email: 'already has an account' });
  if (roles.length > 0)
    return conflict(`${user.email} already has a console role: change its roles from its page in Users.`, { email: 'is staff already' });
  if (isUnprovedAccount(user, roles)) return null;
  return conflict(`${user.email} has a disabled account: delete it from its page in Users before you invite the address.`, {
    email: 'has a disabled account',
  });
}

const accountExists = () =>
  conflict('This email address has an account already: sign in with it, and ask the administrator who invited you to give it the role.');
