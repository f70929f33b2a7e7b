import { AuthError, requiresSecondStep } from '../../../common/auth-errors';
import type { MfaInfo } from './identity-request';

/** A first step answered with a second to take (password or provider sign-in). */
export interface MfaPending {
  localId: string;
  email: string;
  mfaPendingCredential: string;
  mfaInfo: MfaInfo[];
}

/**
 * multi-factor-auth-required, carrying what the second step needs (as the official SDK's
 * MultiFactorError carries its resolver): the pending credential, the account and its factor.
 */
export class MultiFactorRequiredError extends AuthError {
  readonly pending: MfaPending;

  constructor(pending: MfaPending) {
    super('multi-factor-auth-required', 'MFA_REQUIRED');
    this.name = 'MultiFactorRequiredError';
    this.pending = pending;
  }
}

/** The pending second step of a first-step answer, or null when the answer is a session. */
export function pendingSecondStep(body: {
  localId?: string;
  email?: string;
  mfaPendingCredential?: string;
  mfaInfo?: MfaPending['mfaInfo'];
}): MfaPending | null {
  if (!body.mfaPendingCredential || !body.localId || !body.email) return null;
  return { localId: body.localId, email: body.email, mfaPendingCredential: body.mfaPendingCredential, mfaInfo: body.mfaInfo ?? [] };
}

/** Throws when a password answer asks for the second step instead of being a session. */
export function assertNoSecondStep(body: Parameters<typeof pendingSecondStep>[0]): void {
  const pending = pendingSecondStep(body);
  if (pending) throw new MultiFactorRequiredError(pending);
  if (requiresSecondStep(body)) throw new AuthError('multi-factor-auth-required', 'MFA_REQUIRED');
}
