/**
 * The rules for the two things a person types to get an account, shared by the identity
 * service (which answers INVALID_EMAIL / WEAK_PASSWORD) and the forms (which say the same
 * thing inline, before anything is sent).
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Argon2 would hash a megabyte happily; a cap keeps a sign-in from becoming a CPU lever. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;

/** Addresses compare case-insensitively: `Ann@Example.com` and `ann@example.com` are one account. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * The pattern zod's `z.email()` checks with (`regexes.email`), copied so that the sign-in and
 * signup forms, which carry this module, do not load zod (24 KB, most of their first screen);
 * identity-schemas.test.ts keeps it equal to zod's.
 */
// eslint-disable-next-line no-useless-escape -- zod's pattern character for character (the test compares them)
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Why an email address cannot be used, or null when it can. */
export function emailProblem(raw: string): string | null {
  const email = normaliseEmail(raw);
  if (email === '') return 'Enter your email address.';
  if (email.length > EMAIL_MAX_LENGTH) return `An email address has at most ${EMAIL_MAX_LENGTH} characters.`;
  if (!EMAIL_PATTERN.test(email)) return 'Enter a valid email address, like name@example.com.';
  return null;
}

/** Why a new password cannot be used, or null when it can. */
export function passwordProblem(password: string): string | null {
  if (password === '') return 'Enter a password.';
  if (password.length < PASSWORD_MIN_LENGTH) return `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password should be at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}
