import type { z } from 'zod';
import { badRequest, HttpError } from '../lib/http-error';
import type { Fields } from './collection';

/** Each field an issue names (`body.content.0`), with its first message, as a save's 400 lists them. */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || 'fields'] ??= issue.message;
  return fields;
}

/**
 * The fields as a save would keep them, or a 400 naming each refused field: what a publish, a
 * restore or a schedule sends to the site is held to today's rules, not to those it was saved under.
 */
export function checkedFields(schema: z.ZodObject, fields: Fields, what: string): Fields {
  const result = schema.safeParse(fields);
  if (result.success) return result.data as Fields;
  const messages = fieldMessages(result.error.issues);
  const summary = Object.entries(messages)
    .map(([name, message]) => `${name}: ${message}`)
    .join('; ');
  throw badRequest(`${what} does not meet the rules of a save (${summary}).`, messages);
}

/** Why a scheduled publish did not happen, in words safe for the console, a mail and the log. */
export function failureReason(error: unknown): { reason: string; expected: boolean } {
  if (error instanceof HttpError && error.statusCode < 500) {
    return { reason: error.message.slice(0, 500), expected: true };
  }
  return { reason: 'An unexpected error stopped it; the server log has the details.', expected: false };
}
