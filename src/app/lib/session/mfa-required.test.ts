import { describe, expect, it } from 'vitest';
import { AuthError } from '../../../common/auth-errors';
import { MultiFactorRequiredError, pendingSecondStep } from './mfa-required';

describe('the second step of a sign-in', () => {
  const body = {
    localId: 'u1',
    email: 'ann@example.com',
    mfaPendingCredential: 'p',
    mfaInfo: [{ mfaEnrollmentId: 'e1', enrolledAt: 'x' }],
  };

  it('is read from a first step that answered mfaPendingCredential, never from a session', () => {
    expect(pendingSecondStep(body)).toEqual(body);
    expect(pendingSecondStep({ localId: 'u1', email: 'ann@example.com' })).toBeNull();
  });

  it('is an AuthError multi-factor-auth-required with its sentence, carrying what the second step needs', () => {
    const error = new MultiFactorRequiredError(pendingSecondStep(body)!);
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('multi-factor-auth-required');
    expect(error.message).toMatch(/two-step sign-in.*6-digit code/);
    expect(error.pending.mfaPendingCredential).toBe('p');
  });
});
