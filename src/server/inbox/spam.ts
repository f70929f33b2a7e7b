import { createHmac, timingSafeEqual } from 'node:crypto';

/** The hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = 'website';
/** The signed time at which the form was rendered. */
export const FORM_TOKEN_FIELD = 'formToken';

export type SpamReason = 'honeypot' | 'too_fast' | 'bad_token' | 'no_token';

const sign = (key: Buffer, issuedMs: number) => createHmac('sha256', key).update(`contact-form:${issuedMs}`).digest('base64url');

/** `<issued ms>.<signature>`: proves when the server rendered the form, so fill time cannot be faked. */
export function issueFormToken(key: Buffer, nowMs = Date.now()): string {
  return `${nowMs}.${sign(key, nowMs)}`;
}

/** The issue time of a token we made, or null for anything else. */
export function readFormToken(key: Buffer, token: string): number | null {
  if (token.length > 100) return null;
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issued = Number(match[1]);
  const expected = Buffer.from(sign(key, issued));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? issued : null;
}

export interface SpamCheckInput {
  honeypot: unknown;
  token: unknown;
  /** Form posts always carry a token; the JSON API only when its client sends one. */
  tokenRequired: boolean;
}

/** Why a submission looks automated, or null for a person. Never refuses: the caller stores it as spam. */
export function spamReason(key: Buffer, input: SpamCheckInput, minFillMs: number, nowMs = Date.now()): SpamReason | null {
  if (typeof input.honeypot === 'string' && input.honeypot.trim() !== '') return 'honeypot';
  if (input.honeypot !== undefined && typeof input.honeypot !== 'string') return 'honeypot';
  if (input.token === undefined || input.token === null || input.token === '') return input.tokenRequired ? 'no_token' : null;
  const issued = typeof input.token === 'string' ? readFormToken(key, input.token) : null;
  if (issued === null) return 'bad_token';
  return nowMs - issued < minFillMs ? 'too_fast' : null;
}
