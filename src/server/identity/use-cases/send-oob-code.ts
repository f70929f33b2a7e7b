import { randomUUID } from 'node:crypto';
import type { UserRow } from '../../platform/db/schema';
import { type IdentityContext, validEmail } from '../context';
import { identityError } from '../identity-error';
import type { OobRequestType } from '../oob-codes-repository';
import { limitReached } from '../limits';
import { isAuthorizedContinueUrl, isoAfter, OOB_CODE_LIFETIME_MS } from '../rules';
import { randomToken, tokenHash } from '../token-service';

export interface SendOobCodeInput {
  requestType?: string | undefined;
  email?: string | undefined;
  idToken?: string | undefined;
  continueUrl?: string | undefined;
}

function isRequestType(value: string | undefined): value is OobRequestType {
  return value === 'PASSWORD_RESET' || value === 'EMAIL_SIGNIN' || value === 'VERIFY_EMAIL';
}

/** The mail that carries a code: its subject, link and text. */
function oobMail(publicUrl: string, requestType: OobRequestType, email: string, params: URLSearchParams) {
  const mail = {
    PASSWORD_RESET: {
      subject: 'Reset your Northwind password',
      link: `${publicUrl}/forgot-password?mode=resetPassword&${params}`,
      intro: 'Someone (we hope you) asked to reset the password of your Northwind account. Choose a new one here:',
    },
    EMAIL_SIGNIN: {
      subject: 'Your Northwind sign-in link',
      link: `${publicUrl}/login?mode=signIn&email=${encodeURIComponent(email)}&${params}`,
      intro: 'Sign in to Northwind with this link:',
    },
    VERIFY_EMAIL: {
      subject: 'Confirm your email address',
      link: `${publicUrl}/account?mode=verifyEmail&${params}`,
      intro: 'Confirm that this is your email address:',
    },
  }[requestType];
  const hours = OOB_CODE_LIFETIME_MS[requestType] / 3_600_000;
  return {
    to: email,
    subject: mail.subject,
    link: mail.link,
    text: `${mail.intro}\n\n${mail.link}\n\nThe link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}. If you did not ask for it, ignore this mail.\n`,
  };
}

const PROBING = 'Too many password resets for unknown addresses from your network; try again later';

/** An address that asked about too many unknown emails gets no answer about any email. */
async function refuseProbingAddress(ctx: IdentityContext, clientAddress: string): Promise<void> {
  const limit = ctx.options.limits.unknownResetPerAddress;
  if (await limit.isOver(clientAddress)) throw limitReached({ allowed: false, count: limit.rule.max, retryAfterSeconds: 3600 }, PROBING);
}

/** EMAIL_NOT_FOUND says whether an account exists, so each one is counted (decision 0611). */
async function answerUnknownEmail(ctx: IdentityContext, clientAddress: string): Promise<never> {
  const decision = await ctx.options.limits.unknownResetPerAddress.consume(clientAddress);
  if (!decision.allowed) throw limitReached(decision, PROBING);
  throw identityError('EMAIL_NOT_FOUND');
}

/** Per client address across every recipient, then per recipient and kind. */
async function limitMail(ctx: IdentityContext, clientAddress: string, recipientKey: string, requestType: OobRequestType): Promise<void> {
  const { limits } = ctx.options;
  const byAddress = await limits.mailPerAddress.consume(clientAddress);
  if (!byAddress.allowed) throw limitReached(byAddress, 'Too many mails were requested from your network; try again later');
  const byRecipient = await limits.mailPerRecipient.consume(recipientKey);
  if (!byRecipient.allowed) {
    const code = requestType === 'PASSWORD_RESET' ? 'RESET_PASSWORD_EXCEED_LIMIT' : 'TOO_MANY_ATTEMPTS_TRY_LATER';
    throw limitReached(byRecipient, 'Too many mails were sent to this address; try again later', code);
  }
}

/** accounts:sendOobCode: mails a single-use code (password reset, sign-in link, verification). */
export async function sendOobCode(ctx: IdentityContext, input: SendOobCodeInput, clientAddress: string): Promise<{ email: string }> {
  const { requestType } = input;
  if (!isRequestType(requestType)) {
    throw identityError('INVALID_REQ_TYPE', 'requestType must be PASSWORD_RESET, EMAIL_SIGNIN or VERIFY_EMAIL');
  }
  if (input.continueUrl && !isAuthorizedContinueUrl(input.continueUrl, ctx.options.authorizedDomains)) {
    throw identityError('UNAUTHORIZED_DOMAIN', 'Domain not allowlisted by project');
  }
  let user: UserRow | undefined;
  let email: string;
  if (requestType === 'VERIFY_EMAIL') {
    user = (await ctx.verify(input.idToken)).user;
    email = user.email;
  } else {
    email = validEmail(input.email);
    if (requestType === 'PASSWORD_RESET') await refuseProbingAddress(ctx, clientAddress);
    user = await ctx.users.findByEmail(email);
    if (requestType === 'PASSWORD_RESET' && !user) await answerUnknownEmail(ctx, clientAddress);
  }
  await limitMail(ctx, clientAddress, `${requestType}:${email}`, requestType);
  const nowMs = Date.now();
  const code = randomToken();
  await ctx.oobCodes.insert({
    id: randomUUID(),
    code_hash: tokenHash(code),
    user_id: user?.id ?? null,
    email,
    request_type: requestType,
    created_at: new Date(nowMs).toISOString(),
    expires_at: isoAfter(nowMs, OOB_CODE_LIFETIME_MS[requestType]),
    used_at: null,
  });
  const params = new URLSearchParams({ oobCode: code });
  if (input.continueUrl) params.set('continueUrl', input.continueUrl);
  await ctx.options.mailer.send(oobMail(ctx.options.publicUrl, requestType, email, params));
  return { email };
}
