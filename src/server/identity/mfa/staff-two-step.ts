import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { type Role, rolesAllow } from '../../../common/roles';
import { HttpError } from '../../platform/lib/http-error';
import { settingsRepository } from '../../platform/settings/repository';
import { mfaPresenceRepository } from './mfa-repository';

export const TWO_STEP_REQUIRED_MESSAGE =
  'Staff accounts must use two-step sign-in: turn it on in your Account page, then open the console again.';

/** Pure: whether a staff member is kept out of the console by the setting. */
export function twoStepMissing(required: boolean, hasSecondFactor: boolean): boolean {
  return required && !hasSecondFactor;
}

// The factor's secret is not read here: presence is enough, and no cipher is needed for it.
const hasSecondFactor = (db: Kysely<Database>, userId: string) => mfaPresenceRepository(db).hasEnrollment(userId);

/**
 * The setting "staff and admin accounts must use two-step sign-in" (decision 0111): such an
 * account still signs in (it must be able to reach the Account page to turn the second step
 * on), but every /api/admin call answers 403 `two_step_required` until it has.
 */
export async function requireStaffSecondFactor(db: Kysely<Database>, userId: string): Promise<void> {
  if (await staffSecondFactorMissing(db, userId)) throw new HttpError(403, 'two_step_required', TWO_STEP_REQUIRED_MESSAGE);
}

/** Whether the setting keeps this staff member out (the rule for routes and live topics alike). */
export async function staffSecondFactorMissing(db: Kysely<Database>, userId: string): Promise<boolean> {
  const required = await settingsRepository(db).get('staffTwoStepRequired');
  if (!required) return false;
  return twoStepMissing(required, await hasSecondFactor(db, userId));
}

/** An admin cannot require it of everyone while lacking it: that would lock them out at once. */
export async function assertCanRequireTwoStep(db: Kysely<Database>, userId: string): Promise<void> {
  if (!(await hasSecondFactor(db, userId))) {
    throw new HttpError(409, 'two_step_required', 'Turn on two-step sign-in for your own account before requiring it of all staff.');
  }
}

/**
 * Who may read a staff-only topic of the live stream (the inbox, publishing, Insights): the rule
 * of the console's GET routes, a staff role and, where required, a second factor.
 */
export function staffTopicReader(db: Kysely<Database>, rolesOf: (userId: string) => Promise<readonly Role[]>) {
  return async (user: { uid: string } | null): Promise<boolean> =>
    user !== null && rolesAllow(await rolesOf(user.uid), 'staff') && !(await staffSecondFactorMissing(db, user.uid));
}
