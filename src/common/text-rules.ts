import { z } from 'zod';

/**
 * Text every store and every client can hold. Two kinds of character break that: NUL, which
 * PostgreSQL refuses in text (the request then fails after validation passed), and a lone UTF-16
 * surrogate, half of a character that has no UTF-8 form (stored as one thing, read back as
 * another). Both are refused with a clear message, on every engine alike, before any write.
 */

/** With the `u` flag a paired surrogate is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

export const UNSTORABLE_TEXT_MESSAGE = 'cannot contain NUL characters or unpaired surrogate halves';

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The rule as a zod check, first on any text field, query or path parameter:
 * `z.string().check(storableText('The title')).trim()...`. It aborts, so no later rule (trim,
 * a pattern, the database) sees such text; the message names the field when given a label.
 */
export function storableText(label?: string) {
  return z.refine<string>(isStorableText, {
    error: label ? `${label} ${UNSTORABLE_TEXT_MESSAGE}.` : UNSTORABLE_TEXT_MESSAGE,
    abort: true,
  });
}

/**
 * The bounds of free text that is not part of a feature's own rules (identity fields, path
 * parameters), each far above any real value and far below what would cost the server anything.
 */
export const TEXT_LIMITS = {
  displayName: 100,
  photoUrl: 2048,
  /** ID tokens, refresh tokens, one-time codes. */
  token: 4096,
  url: 2048,
  /** Email addresses as typed, before trimming (the rule itself allows 254). */
  emailInput: 1024,
  /** Passwords as typed (the rule itself allows 256; longer is answered in its words). */
  passwordInput: 1024,
  /** An identity provider's POST body. */
  postBody: 8192,
} as const;
