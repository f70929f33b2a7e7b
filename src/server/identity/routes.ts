import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStorableText, TEXT_LIMITS, UNSTORABLE_TEXT_MESSAGE } from '../../common/text-rules';
import type { UserRow } from '../db/schema';
import { handleIdentityError } from './error-handler';
import { identityError, sendIdentityError } from './identity-error';
import type { IdentityService, Session } from './identity-service';
import { epochMillisString } from './rules';

export interface IdentityRoutesOptions {
  service: IdentityService;
}

/**
 * Request bodies: every field optional (the service answers MISSING_EMAIL and friends, in the
 * protocol's words), only wrong types are schema errors; unknown fields are ignored.
 */
const boundedText = (max: number, label: string) =>
  z
    .string()
    .max(max, { error: `${label} can be at most ${max} characters.`, abort: true })
    .refine(isStorableText, `${label} ${UNSTORABLE_TEXT_MESSAGE}.`);
// Every text field is bounded (tokens, codes and URLs are far shorter) and storable; the
// service's own rules (email format, password length) then answer in the protocol's words.
const optionalString = boundedText(TEXT_LIMITS.postBody, 'This value').optional();
const displayName = boundedText(TEXT_LIMITS.displayName, 'The display name').optional();
const photoUrl = boundedText(TEXT_LIMITS.photoUrl, 'The photo URL').optional();
const credentialsBody = z.object({ email: optionalString, password: optionalString, returnSecureToken: z.boolean().optional() });
const idTokenBody = z.object({ idToken: optionalString });

// Firebase's lookup answers this (base64 of "REDACTED") in place of the hash; so do we.
const REDACTED_HASH = 'UkVEQUNURUQ=';

const providerUserInfo = z.array(
  z.object({ providerId: z.string(), federatedId: z.string(), email: z.string(), rawId: z.string(), displayName: z.string().optional() }),
);

const sessionResponse = z.object({
  kind: z.string(),
  idToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.string(),
  localId: z.string(),
  email: z.string(),
  displayName: z.string().optional(),
  registered: z.boolean().optional(),
  isNewUser: z.boolean().optional(),
});

const userInfo = z.object({
  localId: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string().optional(),
  photoUrl: z.string().optional(),
  providerUserInfo,
  passwordHash: z.string(),
  passwordUpdatedAt: z.number().optional(),
  validSince: z.string(),
  disabled: z.boolean().optional(),
  createdAt: z.string(),
  lastLoginAt: z.string().optional(),
  lastRefreshAt: z.string().optional(),
});

function providerInfo(user: UserRow) {
  // A password-less account (email-link only) has no password provider yet.
  if (!user.password_hash) return [];
  return [
    {
      providerId: 'password',
      federatedId: user.email,
      email: user.email,
      rawId: user.email,
      ...(user.display_name ? { displayName: user.display_name } : {}),
    },
  ];
}

function describeUser(user: UserRow) {
  return {
    localId: user.id,
    email: user.email,
    emailVerified: user.email_verified === 1,
    ...(user.display_name ? { displayName: user.display_name } : {}),
    ...(user.photo_url ? { photoUrl: user.photo_url } : {}),
    providerUserInfo: providerInfo(user),
    passwordHash: REDACTED_HASH,
    validSince: String(Math.floor(Date.parse(user.valid_since) / 1000)),
    ...(user.disabled === 1 ? { disabled: true } : {}),
    createdAt: epochMillisString(user.created_at)!,
    ...(user.last_login_at ? { lastLoginAt: epochMillisString(user.last_login_at)! } : {}),
  };
}

function sessionBody(kind: string, session: Session, extra: { registered?: boolean; isNewUser?: boolean } = {}) {
  return {
    kind: `identitytoolkit#${kind}`,
    idToken: session.idToken,
    refreshToken: session.refreshToken,
    expiresIn: session.expiresIn,
    localId: session.user.id,
    email: session.user.email,
    ...(session.user.display_name ? { displayName: session.user.display_name } : {}),
    ...extra,
  };
}

/** Key-less endpoints: the public keys of our ID tokens. */
const PUBLIC_PATHS = new Set(['/identity/v1/jwks']);

/**
 * The identity service (spec 7, DESIGN.md 2): the Identity Toolkit v1 wire format under
 * /identity/v1. Registered in its own encapsulation context, so its error handler, its 404s,
 * its form parser and its API-key check apply here only.
 */
const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, { service }) => {
  app.setErrorHandler(handleIdentityError);
  app.setNotFoundHandler((request, reply) =>
    sendIdentityError(reply, 404, `NOT_FOUND : No such endpoint: ${request.method} ${request.url.split('?')[0]}`),
  );

  // The refresh grant is form-encoded (RFC 6749), as Identity Toolkit clients send it.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (PUBLIC_PATHS.has(request.url.split('?')[0]!)) return;
    const key = (request.query as { key?: unknown } | undefined)?.key ?? request.headers['x-goog-api-key'];
    if (key !== app.config.API_KEY) throw identityError('INVALID_API_KEY');
  });

  const clientAddress = (request: { ip: string }) => request.ip;

  app.post(
    '/v1/accounts::signUp',
    { schema: { body: credentialsBody.extend({ displayName }), response: { 200: sessionResponse } } },
    async (request) => {
      const session = await service.signUp(request.body, clientAddress(request));
      return sessionBody('SignupNewUserResponse', session);
    },
  );

  app.post(
    '/v1/accounts::signInWithPassword',
    { schema: { body: credentialsBody, response: { 200: sessionResponse } } },
    async (request) => {
      const session = await service.signInWithPassword(request.body, clientAddress(request));
      return sessionBody('VerifyPasswordResponse', session, { registered: true });
    },
  );

  app.post(
    '/v1/accounts::signInWithEmailLink',
    {
      schema: {
        body: z.object({ email: optionalString, oobCode: optionalString, idToken: optionalString }),
        response: { 200: sessionResponse },
      },
    },
    async (request) => {
      const session = await service.signInWithEmailLink(request.body);
      return sessionBody('EmailLinkSigninResponse', session, { isNewUser: session.isNewUser });
    },
  );

  app.post(
    '/v1/accounts::signInWithIdp',
    { schema: { body: z.object({ requestUri: optionalString, postBody: optionalString, returnSecureToken: z.boolean().optional() }) } },
    async () => {
      throw identityError(
        'OPERATION_NOT_ALLOWED',
        'No identity provider (Google, GitHub...) is configured on this server; sign in with email and password',
      );
    },
  );

  app.post(
    '/v1/accounts::sendOobCode',
    {
      schema: {
        body: z.object({ requestType: optionalString, email: optionalString, idToken: optionalString, continueUrl: optionalString }),
        response: { 200: z.object({ kind: z.string(), email: z.string() }) },
      },
    },
    async (request) => {
      const { email } = await service.sendOobCode(request.body, clientAddress(request));
      return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email };
    },
  );

  app.post(
    '/v1/accounts::resetPassword',
    {
      schema: {
        body: z.object({ oobCode: optionalString, newPassword: optionalString }),
        response: { 200: z.object({ kind: z.string(), email: z.string(), requestType: z.string() }) },
      },
    },
    async (request) => {
      const { email } = await service.resetPassword(request.body);
      return { kind: 'identitytoolkit#ResetPasswordResponse', email, requestType: 'PASSWORD_RESET' };
    },
  );

  app.post(
    '/v1/accounts::update',
    {
      schema: {
        body: z.object({
          idToken: optionalString,
          oobCode: optionalString,
          email: optionalString,
          password: optionalString,
          displayName,
          photoUrl,
          deleteAttribute: z.array(z.string().max(40)).max(10).optional(),
          returnSecureToken: z.boolean().optional(),
        }),
        response: {
          200: userInfo
            .pick({
              localId: true,
              email: true,
              emailVerified: true,
              displayName: true,
              photoUrl: true,
              providerUserInfo: true,
              passwordHash: true,
            })
            .extend({
              kind: z.string(),
              idToken: z.string().optional(),
              refreshToken: z.string().optional(),
              expiresIn: z.string().optional(),
            }),
        },
      },
    },
    async (request) => {
      const { user, session } = await service.update(request.body);
      const described = describeUser(user);
      return {
        kind: 'identitytoolkit#SetAccountInfoResponse',
        localId: described.localId,
        email: described.email,
        emailVerified: described.emailVerified,
        ...(described.displayName ? { displayName: described.displayName } : {}),
        ...(described.photoUrl ? { photoUrl: described.photoUrl } : {}),
        providerUserInfo: described.providerUserInfo,
        passwordHash: REDACTED_HASH,
        ...(session ? { idToken: session.idToken, refreshToken: session.refreshToken, expiresIn: session.expiresIn } : {}),
      };
    },
  );

  app.post(
    '/v1/accounts::lookup',
    { schema: { body: idTokenBody, response: { 200: z.object({ kind: z.string(), users: z.array(userInfo) }) } } },
    async (request) => {
      const user = await service.lookup(request.body.idToken);
      return { kind: 'identitytoolkit#GetAccountInfoResponse', users: [describeUser(user)] };
    },
  );

  app.post('/v1/accounts::delete', { schema: { body: idTokenBody, response: { 200: z.object({}) } } }, async (request) => {
    await service.deleteAccount(request.body.idToken);
    return {};
  });

  app.get(
    '/v1/projects',
    { schema: { response: { 200: z.object({ projectId: z.string(), authorizedDomains: z.array(z.string()) }) } } },
    async () => ({ projectId: PROJECT_ID, authorizedDomains: [...app.config.AUTHORIZED_DOMAINS] }),
  );

  app.post(
    '/v1/token',
    {
      schema: {
        body: z.object({ grant_type: optionalString, refresh_token: optionalString }),
        response: {
          200: z.object({
            access_token: z.string(),
            expires_in: z.string(),
            token_type: z.literal('Bearer'),
            refresh_token: z.string(),
            id_token: z.string(),
            user_id: z.string(),
            project_id: z.string(),
          }),
        },
      },
    },
    async (request) => {
      if (request.body.grant_type === undefined) throw identityError('MISSING_GRANT_TYPE');
      if (request.body.grant_type !== 'refresh_token') throw identityError('INVALID_GRANT_TYPE');
      const session = await service.refresh(request.body.refresh_token);
      return {
        access_token: session.idToken,
        expires_in: session.expiresIn,
        token_type: 'Bearer' as const,
        refresh_token: session.refreshToken,
        id_token: session.idToken,
        user_id: session.user.id,
        project_id: PROJECT_ID,
      };
    },
  );

  app.get('/v1/jwks', async () => service.tokens.jwks());
};

export const PROJECT_ID = 'northwind';

export default identityRoutes;

/** Registers the routes under /identity. */
export async function registerIdentityRoutes(app: FastifyInstance, service: IdentityService): Promise<void> {
  await app.register(identityRoutes, { prefix: '/identity', service });
}
