import { type CounterStore, type Decision, type LimiterOptions, type LimitRule, rateLimiter } from '../platform/lib/rate-limit/index';
import { IdentityError } from './identity-error';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The per-address allowances a deployment may tune (SIGN_UP_LIMIT_PER_HOUR, MAIL_LIMIT_PER_HOUR). */
export interface IdentityLimitSettings {
  signUpsPerHour: number;
  mailsPerHour: number;
}

export const DEFAULT_LIMIT_SETTINGS: IdentityLimitSettings = { signUpsPerHour: 20, mailsPerHour: 20 };

/**
 * Every limit of the identity service (decisions 0102 and 0611). Each counts and decides in one
 * atomic step; `whenUnavailable` is what happens while the counter store (Redis) is down.
 */
export function identityLimitRules(settings: IdentityLimitSettings = DEFAULT_LIMIT_SETTINGS) {
  return {
    /** Password attempts per email that have not (yet) succeeded. */
    signInPerEmail: { name: 'signin-email', max: 10, windowMs: 15 * MINUTE, whenUnavailable: 'closed' },
    /** Per client address: room for a shared office or carrier address, too few for guessing. */
    signInPerAddress: { name: 'signin-ip', max: 50, windowMs: 15 * MINUTE, whenUnavailable: 'closed' },
    /** Two-step sign-in codes per account that have not (yet) succeeded, like passwords per email. */
    mfaCodePerAccount: { name: 'mfa-code', max: 10, windowMs: 15 * MINUTE, whenUnavailable: 'closed' },
    signUpPerAddress: { name: 'signup-ip', max: settings.signUpsPerHour, windowMs: HOUR, whenUnavailable: 'open' },
    /** Mails of one kind to one address. */
    mailPerRecipient: { name: 'mail-to', max: 5, windowMs: HOUR, whenUnavailable: 'closed' },
    /** Mails of any kind to anyone, asked for by one client address. */
    mailPerAddress: { name: 'mail-ip', max: settings.mailsPerHour, windowMs: HOUR, whenUnavailable: 'closed' },
    /** Password-reset requests for unknown addresses (EMAIL_NOT_FOUND tells whether an account exists). */
    unknownResetPerAddress: { name: 'reset-unknown-ip', max: 10, windowMs: HOUR, whenUnavailable: 'open' },
  } satisfies Record<string, LimitRule>;
}

export type IdentityLimitName = keyof ReturnType<typeof identityLimitRules>;

export function identityLimits(store: CounterStore, settings?: IdentityLimitSettings, options?: LimiterOptions) {
  const rules = identityLimitRules(settings);
  const limiters = Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, rateLimiter(store, rule, options)]));
  return limiters as Record<IdentityLimitName, ReturnType<typeof rateLimiter>>;
}

export type IdentityLimits = ReturnType<typeof identityLimits>;

/** The answer at a limit: the protocol's code, a sentence for people, and when to come back. */
export function limitReached(decision: Decision, detail: string, code = 'TOO_MANY_ATTEMPTS_TRY_LATER'): IdentityError {
  return new IdentityError(code, detail, 400, { 'Retry-After': String(decision.retryAfterSeconds) });
}
