import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, MfaEnrollmentRow, MfaSessionRow } from '../../platform/db/schema';
import type { KeyCipher } from '../key-cipher';
import { singleUseTokensRepository } from '../single-use-tokens-repository';
import { isUniqueViolation } from '../users-repository';

export class FactorExistsError extends Error {
  override name = 'FactorExistsError';
}

/** What needs no secret opened, so no cipher: whether an account has a second factor at all, and removing it. */
export function mfaPresenceRepository(db: Kysely<Database>) {
  return {
    async hasEnrollment(userId: string): Promise<boolean> {
      const row = await db.selectFrom('mfa_enrollments').select('id').where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    /** The account's second factor, its recovery codes and unfinished two-step sign-ins, all gone. */
    async removeAllForUser(userId: string): Promise<void> {
      await db.deleteFrom('mfa_sessions').where('user_id', '=', userId).execute();
      await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
      await db.deleteFrom('mfa_enrollments').where('user_id', '=', userId).execute();
    },
  };
}

/**
 * All SQL for the two-step sign-in tables (mfa_enrollments, mfa_sessions, mfa_recovery_codes).
 * TOTP secrets are sealed by `cipher` on the way in and opened on the way out: callers only see
 * plain secrets, the tables only hold sealed ones when KEY_ENCRYPTION_SECRET is set (older plain
 * values stay readable).
 */
export function mfaRepository(db: Kysely<Database>, cipher: KeyCipher) {
  const sessions = singleUseTokensRepository(db, 'mfa_sessions');
  const openSecret = <T extends { secret: string | null }>(row: T | undefined): T | undefined =>
    row && row.secret !== null ? { ...row, secret: cipher.open(row.secret) } : row;
  return {
    ...mfaPresenceRepository(db),

    async enrollmentFor(userId: string): Promise<MfaEnrollmentRow | undefined> {
      return openSecret(await db.selectFrom('mfa_enrollments').selectAll().where('user_id', '=', userId).executeTakeFirst());
    },

    /** The factor and its recovery codes in one transaction: never one without the other. */
    async enroll(row: MfaEnrollmentRow, recoveryCodeHashes: readonly string[]): Promise<void> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('mfa_enrollments')
            .values({ ...row, secret: cipher.seal(row.secret) })
            .execute();
          await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', row.user_id).execute();
          await trx
            .insertInto('mfa_recovery_codes')
            .values(recoveryCodeHashes.map((code_hash) => ({ id: randomUUID(), user_id: row.user_id, code_hash, used_at: null })))
            .execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new FactorExistsError();
        throw error;
      }
    },

    async withdraw(userId: string, enrollmentId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('mfa_enrollments')
          .where('id', '=', enrollmentId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
        return true;
      });
    },

    /** Each time step once: true only if `step` is later than every step used before. */
    async useStep(enrollmentId: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('mfa_enrollments')
        .set({ last_used_step: step })
        .where('id', '=', enrollmentId)
        .where('last_used_step', '<', step)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async useRecoveryCode(userId: string, codeHash: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('mfa_recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertSession(row: MfaSessionRow): Promise<void> {
      await sessions.insert({ ...row, secret: row.secret === null ? null : cipher.seal(row.secret) });
    },

    async findSession(id: string): Promise<MfaSessionRow | undefined> {
      return openSecret(await sessions.find(id));
    },

    markSessionUsed: (id: string, at: string) => sessions.markUsed(id, at),

    deleteExpiredSessions: (before: string) => sessions.deleteExpiredBefore(before),
  };
}

export type MfaRepository = ReturnType<typeof mfaRepository>;
