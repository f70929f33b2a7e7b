/**
 * The auth error catalogue: what the identity service answers (provider codes,
 * the `message` of an Identity Toolkit error body, optionally followed by ` : detail`) and
 * what the client calls it (client codes), with the sentence a person is shown for each.
 */

/** The catalogue, row by row. */
export const SPEC_PROVIDER_CODES = {
  EMAIL_EXISTS: 'email-already-in-use',
  INVALID_PASSWORD: 'wrong-password',
  EMAIL_NOT_FOUND: 'user-not-found',
  INVALID_IDENTIFIER: 'invalid-email',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  RESET_PASSWORD_EXCEED_LIMIT: 'too-many-requests',
  EXPIRED_OOB_CODE: 'expired-action-code',
  INVALID_OOB_CODE: 'invalid-action-code',
  INVALID_ID_TOKEN: 'invalid-user-token',
  TOKEN_EXPIRED: 'user-token-expired',
  USER_NOT_FOUND: 'user-token-expired',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'requires-recent-login',
  PASSWORD_LOGIN_DISABLED: 'operation-not-allowed',
  FEDERATED_USER_ID_ALREADY_LINKED: 'credential-already-in-use',
  INVALID_CODE: 'invalid-verification-code',
  SESSION_EXPIRED: 'code-expired',
  UNAUTHORIZED_DOMAIN: 'unauthorized-continue-uri',
  ADMIN_ONLY_OPERATION: 'admin-restricted-operation',
} as const;

/**
 * Codes our service also answers that the catalogue leaves to "any other". Mapping them to
 * internal-error would tell a person "something broke" when they only mistyped, so they get
 * the client codes the Identity Toolkit family uses for them.
 */
export const EXTRA_PROVIDER_CODES = {
  INVALID_EMAIL: 'invalid-email',
  MISSING_EMAIL: 'invalid-email',
  WEAK_PASSWORD: 'weak-password',
  MISSING_PASSWORD: 'missing-password',
  INVALID_API_KEY: 'invalid-api-key',
  USER_DISABLED: 'user-disabled',
  OPERATION_NOT_ALLOWED: 'operation-not-allowed',
  // A refresh token that is unknown, reused or revoked ends the session like an expired one.
  INVALID_REFRESH_TOKEN: 'user-token-expired',
  MISSING_ID_TOKEN: 'invalid-user-token',
  MISSING_OOB_CODE: 'invalid-action-code',
  // Sign-in with providers and two-step sign-in.
  INVALID_IDP_RESPONSE: 'invalid-credential',
  MISSING_OR_INVALID_NONCE: 'missing-or-invalid-nonce',
  INVALID_PENDING_TOKEN: 'invalid-credential',
  USER_MISMATCH: 'user-mismatch',
  PROVIDER_ALREADY_LINKED: 'provider-already-linked',
  INVALID_PROVIDER_ID: 'no-such-provider',
  LAST_SIGN_IN_METHOD: 'last-sign-in-method',
  INVALID_MFA_PENDING_CREDENTIAL: 'code-expired',
  MFA_ENROLLMENT_NOT_FOUND: 'multi-factor-info-not-found',
  SECOND_FACTOR_EXISTS: 'second-factor-already-in-use',
} as const;

/** Client codes that do not come from a provider code (the catalogue's "Also" rows). */
export const LOCAL_CLIENT_CODES = [
  'network-request-failed',
  'popup-blocked',
  'unauthorized-domain',
  'multi-factor-auth-required',
  'user-mismatch',
  'login-blocked',
  'account-exists-with-different-credential',
  'popup-closed-by-user',
  'cancelled-popup-request',
  'internal-error',
] as const;

type ProviderMapped =
  (typeof SPEC_PROVIDER_CODES)[keyof typeof SPEC_PROVIDER_CODES] | (typeof EXTRA_PROVIDER_CODES)[keyof typeof EXTRA_PROVIDER_CODES];
export type AuthClientCode = ProviderMapped | (typeof LOCAL_CLIENT_CODES)[number];

/** `"WEAK_PASSWORD : Password should be..."` -> `{ code: 'WEAK_PASSWORD', detail: 'Password should be...' }`. */
export function splitProviderMessage(message: string): { code: string; detail: string | undefined } {
  const at = message.indexOf(' : ');
  if (at < 0) return { code: message.trim(), detail: undefined };
  return { code: message.slice(0, at).trim(), detail: message.slice(at + 3).trim() || undefined };
}

/** The client code for a provider message; anything unknown is internal-error. */
export function clientCodeFor(providerMessage: string): AuthClientCode {
  const { code } = splitProviderMessage(providerMessage);
  if (Object.hasOwn(SPEC_PROVIDER_CODES, code)) return SPEC_PROVIDER_CODES[code as keyof typeof SPEC_PROVIDER_CODES];
  if (Object.hasOwn(EXTRA_PROVIDER_CODES, code)) return EXTRA_PROVIDER_CODES[code as keyof typeof EXTRA_PROVIDER_CODES];
  return 'internal-error';
}

const SENTENCES: Record<AuthClientCode, string> = {
  'email-already-in-use': 'That email is already registered. Log in instead, or use another address.',
  'wrong-password': 'Wrong password. Try again, or reset it with "Forgot password?".',
  'user-not-found': 'There is no account with that email. Check it, or sign up.',
  'invalid-email': 'That email address does not look right.',
  'too-many-requests': 'Too many attempts, try again later.',
  'expired-action-code': 'That link has expired. Ask for a new one.',
  'invalid-action-code': 'That link is not valid any more: it may have been used already. Ask for a new one.',
  'invalid-user-token': 'Your session is not valid any more. Please log in again.',
  'user-token-expired': 'Your session has ended. Please log in again.',
  'requires-recent-login': 'For your security, please log in again before making this change.',
  'operation-not-allowed': 'This way of signing in is not available.',
  'credential-already-in-use':
    'That sign-in is already linked to another account. Log in to that account to use it, or unlink it there first.',
  'invalid-verification-code':
    'That code is not right, or it was already used. Type the 6-digit code your authenticator app shows now, or a recovery code.',
  'code-expired': 'That step took too long and has expired. Please start again.',
  'unauthorized-continue-uri': 'That return address is not allowed.',
  'admin-restricted-operation': 'Only an administrator can do that.',
  'weak-password': 'Password should be at least 8 characters.',
  'missing-password': 'Enter your password.',
  'invalid-api-key': 'This app is not set up correctly (invalid API key). Please contact support.',
  'user-disabled': 'This account has been disabled. Please contact support.',
  'network-request-failed': 'Could not reach the server. Check your connection and try again.',
  'popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site, or continue in this window instead.',
  'unauthorized-domain': 'Signing in is not allowed from this web address.',
  'multi-factor-auth-required': 'This account uses two-step sign-in: enter the 6-digit code from your authenticator app.',
  'user-mismatch': 'That sign-in belongs to a different account than the one you are logged in to.',
  'account-exists-with-different-credential':
    'An account with this email already exists. Log in to it the way you usually do, and this sign-in method will be linked to it.',
  'popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'cancelled-popup-request': 'Another sign-in window was opened, so this one was cancelled.',
  'invalid-credential': 'The sign-in provider gave an answer we could not accept. Please try again.',
  'missing-or-invalid-nonce': 'That sign-in answer was not meant for this attempt. Please try again.',
  'provider-already-linked': 'This account already has a sign-in of that kind. Unlink it first.',
  'no-such-provider': 'That sign-in method is not linked to this account.',
  'last-sign-in-method': 'This is your only way to sign in. Add another one before removing it.',
  'multi-factor-info-not-found': 'Two-step sign-in is not on for this account.',
  'second-factor-already-in-use': 'Two-step sign-in is already on for this account.',
  'login-blocked': 'Signing in is blocked for this account.',
  'internal-error': 'Something went wrong on our side. Please try again later.',
};

/** The sentence a person sees for a client code. */
export function authErrorSentence(code: AuthClientCode): string {
  return SENTENCES[code];
}

/** An error of the auth session: a client code, and the provider code it came from, if any. */
export class AuthError extends Error {
  readonly code: AuthClientCode;
  readonly providerCode: string | undefined;

  constructor(code: AuthClientCode, providerCode?: string, message = authErrorSentence(code)) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
    this.providerCode = providerCode;
  }

  static fromProvider(providerMessage: string): AuthError {
    return new AuthError(clientCodeFor(providerMessage), splitProviderMessage(providerMessage).code);
  }
}

/**
 * A first sign-in step answered with `mfaPendingCredential` instead of a session: the account
 * uses two-step sign-in (multi-factor-auth-required), and no session may be started from it.
 */
export function requiresSecondStep(body: unknown): boolean {
  return typeof body === 'object' && body !== null && typeof (body as { mfaPendingCredential?: unknown }).mfaPendingCredential === 'string';
}

/** These sign the user out automatically. */
export function endsSession(code: AuthClientCode): boolean {
  return code === 'user-disabled' || code === 'user-token-expired';
}
