import { describe, expect, it } from 'vitest';
import {
  AuthError,
  LOCAL_CLIENT_CODES,
  authErrorSentence,
  clientCodeFor,
  endsSession,
  requiresSecondStep,
  splitProviderMessage,
} from './auth-errors';

describe('provider code -> client code (row by row)', () => {
  it.each([
    ['EMAIL_EXISTS', 'email-already-in-use'],
    ['INVALID_PASSWORD', 'wrong-password'],
    ['EMAIL_NOT_FOUND', 'user-not-found'],
    ['INVALID_IDENTIFIER', 'invalid-email'],
    ['TOO_MANY_ATTEMPTS_TRY_LATER', 'too-many-requests'],
    ['RESET_PASSWORD_EXCEED_LIMIT', 'too-many-requests'],
    ['EXPIRED_OOB_CODE', 'expired-action-code'],
    ['INVALID_OOB_CODE', 'invalid-action-code'],
    ['INVALID_ID_TOKEN', 'invalid-user-token'],
    ['TOKEN_EXPIRED', 'user-token-expired'],
    ['USER_NOT_FOUND', 'user-token-expired'],
    ['CREDENTIAL_TOO_OLD_LOGIN_AGAIN', 'requires-recent-login'],
    ['PASSWORD_LOGIN_DISABLED', 'operation-not-allowed'],
    ['FEDERATED_USER_ID_ALREADY_LINKED', 'credential-already-in-use'],
    ['INVALID_CODE', 'invalid-verification-code'],
    ['SESSION_EXPIRED', 'code-expired'],
    ['UNAUTHORIZED_DOMAIN', 'unauthorized-continue-uri'],
    ['ADMIN_ONLY_OPERATION', 'admin-restricted-operation'],
  ])('%s -> %s', (provider, client) => {
    expect(clientCodeFor(provider)).toBe(client);
  });

  it('maps any other code to internal-error', () => {
    expect(clientCodeFor('SOMETHING_NEW')).toBe('internal-error');
    expect(clientCodeFor('')).toBe('internal-error');
    // Inherited object keys are not codes.
    expect(clientCodeFor('toString')).toBe('internal-error');
    expect(clientCodeFor('__proto__')).toBe('internal-error');
  });

  it('reads the code before a " : detail"', () => {
    expect(clientCodeFor('TOO_MANY_ATTEMPTS_TRY_LATER : Access disabled for now')).toBe('too-many-requests');
    expect(splitProviderMessage('WEAK_PASSWORD : Password should be at least 8 characters')).toEqual({
      code: 'WEAK_PASSWORD',
      detail: 'Password should be at least 8 characters',
    });
    expect(splitProviderMessage('EMAIL_EXISTS')).toEqual({ code: 'EMAIL_EXISTS', detail: undefined });
  });
});

describe('codes our service adds beyond the catalogue table', () => {
  it.each([
    ['INVALID_EMAIL', 'invalid-email'],
    ['WEAK_PASSWORD : Password should be at least 8 characters', 'weak-password'],
    ['INVALID_API_KEY', 'invalid-api-key'],
    ['USER_DISABLED', 'user-disabled'],
    ['OPERATION_NOT_ALLOWED : No identity provider is configured', 'operation-not-allowed'],
    ['INVALID_REFRESH_TOKEN', 'user-token-expired'],
  ])('%s -> %s', (provider, client) => {
    expect(clientCodeFor(provider)).toBe(client);
  });
});

describe('codes of provider sign-in and two-step sign-in', () => {
  it.each([
    ['FEDERATED_USER_ID_ALREADY_LINKED', 'credential-already-in-use', /already linked to another account/],
    ['INVALID_CODE : The code is wrong or was already used', 'invalid-verification-code', /6-digit code/],
    ['SESSION_EXPIRED : Sign in again', 'code-expired', /expired/],
    ['USER_MISMATCH', 'user-mismatch', /different account/],
    ['INVALID_IDP_RESPONSE : The ID token has expired', 'invalid-credential', /provider/],
    ['MISSING_OR_INVALID_NONCE', 'missing-or-invalid-nonce', /not meant for this attempt/],
    ['INVALID_PENDING_TOKEN', 'invalid-credential', /provider/],
    ['LAST_SIGN_IN_METHOD : Keep one', 'last-sign-in-method', /only way to sign in/],
    ['INVALID_PROVIDER_ID', 'no-such-provider', /not linked/],
    ['PROVIDER_ALREADY_LINKED', 'provider-already-linked', /Unlink it first/],
    ['INVALID_MFA_PENDING_CREDENTIAL', 'code-expired', /start again/],
    ['SECOND_FACTOR_EXISTS', 'second-factor-already-in-use', /already on/],
    ['MFA_ENROLLMENT_NOT_FOUND', 'multi-factor-info-not-found', /not on/],
  ])('%s -> %s, with its sentence', (provider, client, sentence) => {
    const code = clientCodeFor(provider);
    expect(code).toBe(client);
    expect(authErrorSentence(code)).toMatch(sentence);
  });

  it.each([
    ['popup-blocked', /blocked the sign-in window.*continue in this window/],
    ['multi-factor-auth-required', /two-step sign-in.*6-digit code/],
    ['user-mismatch', /different account/],
    ['account-exists-with-different-credential', /already exists.*linked/],
    ['popup-closed-by-user', /closed before/],
    ['cancelled-popup-request', /Another sign-in window/],
  ] as const)('local code %s has its sentence', (code, sentence) => {
    expect(LOCAL_CLIENT_CODES).toContain(code);
    expect(authErrorSentence(code)).toMatch(sentence);
  });
});

describe('requiresSecondStep', () => {
  it('spots a first step answered with a pending credential', () => {
    expect(requiresSecondStep({ localId: 'u', mfaPendingCredential: 'p', mfaInfo: [] })).toBe(true);
    expect(requiresSecondStep({ localId: 'u', idToken: 't' })).toBe(false);
    expect(requiresSecondStep(null)).toBe(false);
  });
});

describe('sentences', () => {
  it('says plainly what went wrong', () => {
    expect(authErrorSentence('email-already-in-use')).toMatch(/^That email is already registered/);
    expect(authErrorSentence('wrong-password')).toMatch(/^Wrong password/);
    expect(authErrorSentence('too-many-requests')).toBe('Too many attempts, try again later.');
    expect(authErrorSentence('network-request-failed')).toMatch(/connection/);
  });

  it('has a sentence for every local code', () => {
    for (const code of LOCAL_CLIENT_CODES) expect(authErrorSentence(code)).toMatch(/\w+/);
  });

  it('builds an AuthError from a provider message', () => {
    const error = AuthError.fromProvider('EMAIL_EXISTS');
    expect(error.code).toBe('email-already-in-use');
    expect(error.providerCode).toBe('EMAIL_EXISTS');
    expect(error.message).toBe(authErrorSentence('email-already-in-use'));
  });
});

describe('automatic sign-out', () => {
  it('happens on user-disabled and user-token-expired only', () => {
    expect(endsSession('user-disabled')).toBe(true);
    expect(endsSession('user-token-expired')).toBe(true);
    expect(endsSession('wrong-password')).toBe(false);
    expect(endsSession('network-request-failed')).toBe(false);
  });
});
