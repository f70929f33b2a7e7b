// zod/mini: the same engine as zod with tree-shakable checks, so the contact form ships a few
// KB of validation instead of the whole library (the site's JavaScript budget is 80 KB).
import * as z from 'zod/mini';

/**
 * A Contact Us message: the one set of rules and messages used by the
 * server's POST /api/support-messages and by the Contact Us form, so both say the same thing.
 */
import { looksLikeEmail } from './email-format';
import { SUPPORT_LIMITS } from './support-limits';
import { isStorableText } from './text-rules';

export { IDEMPOTENCY_HEADER, SUPPORT_LIMITS } from './support-limits';

/** Keys are client-made UUIDs in practice; any 8-100 URL-safe characters are accepted. */
export const idempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8 to 100 letters, digits, "-" or "_"'));

/**
 * Checks every field starts with: a bound on the raw text (a 60 KB field is refused before any
 * further rule, trimming included, looks at it) and characters every store can hold.
 */
const RAW_FIELD_MAX = SUPPORT_LIMITS.message * 2;
const storable = (what: string, tooLong: string) => [
  z.maxLength(RAW_FIELD_MAX, { error: tooLong, abort: true }),
  z.refine<string>(isStorableText, { error: `${what} cannot contain NUL characters or unpaired surrogate halves.`, abort: true }),
];

export const supportMessageSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .check(
      ...storable('Your name', `Please keep your name under ${SUPPORT_LIMITS.name + 1} characters.`),
      z.trim(),
      z.minLength(1, 'Please enter your name.'),
      z.maxLength(SUPPORT_LIMITS.name, `Please keep your name under ${SUPPORT_LIMITS.name + 1} characters.`),
    ),
  email: z.string({ error: 'Please enter your email address.' }).check(
    ...storable('The email address', `An email address has at most ${SUPPORT_LIMITS.email} characters.`),
    z.trim(),
    z.minLength(1, 'Please enter your email address.'),
    z.maxLength(SUPPORT_LIMITS.email, `An email address has at most ${SUPPORT_LIMITS.email} characters.`),
    // An address over the bound already has its own message; the format check then stays quiet.
    z.refine(
      (value: string) => value.length > SUPPORT_LIMITS.email || looksLikeEmail(value, SUPPORT_LIMITS.email),
      'Please enter a valid email address, like name@example.com.',
    ),
  ),
  subject: z.pipe(
    z.nullish(
      z
        .string({ error: 'The subject must be text.' })
        .check(
          ...storable('The subject', `Please keep the subject under ${SUPPORT_LIMITS.subject + 1} characters.`),
          z.trim(),
          z.maxLength(SUPPORT_LIMITS.subject, `Please keep the subject under ${SUPPORT_LIMITS.subject + 1} characters.`),
        ),
    ),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  ),
  message: z
    .string({ error: 'Please enter a message.' })
    .check(
      ...storable('The message', `Please keep the message under ${SUPPORT_LIMITS.message + 1} characters.`),
      z.trim(),
      z.minLength(1, 'Please enter a message.'),
      z.minLength(SUPPORT_LIMITS.messageMin, `Please tell us a little more (at least ${SUPPORT_LIMITS.messageMin} characters).`),
      z.maxLength(SUPPORT_LIMITS.message, `Please keep the message under ${SUPPORT_LIMITS.message + 1} characters.`),
    ),
});

export type SupportMessageInput = z.input<typeof supportMessageSchema>;
export type SupportMessageValues = z.output<typeof supportMessageSchema>;

/** What the server answers with 201: the stored message, including the date it added. */
export interface SupportMessageCreated {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  date: string;
}

export type SupportFieldErrors = Partial<Record<keyof SupportMessageValues, string>>;

/** Validates a message; on failure returns the first problem of each field, keyed by field. */
export function validateSupportMessage(
  input: unknown,
): { ok: true; value: SupportMessageValues } | { ok: false; fields: SupportFieldErrors } {
  const result = supportMessageSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fields: SupportFieldErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (name === 'name' || name === 'email' || name === 'subject' || name === 'message') fields[name] ??= issue.message;
  }
  return { ok: false, fields };
}
