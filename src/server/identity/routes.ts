import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isStorableText, TEXT_LIMITS, UNSTORABLE_TEXT_MESSAGE } from '../../common/text-rules';
import type { FederatedIdentityRow, UserRow } from '../platform/db/schema';
import { handleIdentityError } from './error-handler';
import { identityError, sendIdentityError } from './identity-error';
import type { IdentityService, Session } from './identity-service';
import { mfaRequiredBody, mfaRequiredResponse } from './mfa/routes';
import type { IdentityRoutesOptions } from './routes-options';
import { epochMillisString } from './rules';
import { sessionRouteOf } from './session-routes';
import { idempotencyKeyOf } from '../platform/lib/idempotency';

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
  z.object({
    providerId: z.string(),
    federatedId: z.string(),
    email: z.string().optional(),
    rawId: z.string(),
    displayName: z.string().optional(),
    photoUrl: z.string().optional(),
  }),
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
  mfaInfo: mfaRequiredResponse.shape.mfaInfo.optional(),
});

function providerInfo(user: UserRow, linked: readonly FederatedIdentityRow[]) {
  const providers = linked.map((row) => ({
    providerId: row.provider_id,
    federatedId: row.federated_id,
    rawId: row.federated_id,
    ...(row.email ? { email: row.email } : {}),
    ...(row.display_name ? { displayName: row.display_name } : {}),
    ...(row.photo_url ? { photoUrl: row.photo_url } : {}),
  }));
  // A password-less account (email-link or provider only) has no password provider yet.
  if (!user.password_hash) return providers;
  return [
    {
      providerId: 'password',
      federatedId: user.email,
      email: user.email,
      rawId: user.email,
      ...(user.display_name ? { displayName: user.display_name } : {}),
    },
    ...providers,
  ];
}

function describeUser(user: UserRow, linked: readonly FederatedIdentityRow[] = []) {
  return {
    localId: user.id,
    email: user.email,
    emailVerified: user.email_verified === 1,
    ...(user.display_name ? { displayName: user.display_name } : {}),
    ...(user.photo_url ? { photoUrl: user.photo_url } : {}),
    providerUserInfo: providerInfo(user, linked),
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

/** The public signing keys; the schema also keeps anything but public fields out of the answer. */
const jwksResponse = z.object({
  keys: z.array(
    z.object({
      kty: z.string().optional(),
      kid: z.string().optional(),
      alg: z.string().optional(),
      use: z.string().optional(),
      crv: z.string().optional(),
      x: z.string().optional(),
      y: z.string().optional(),
      n: z.string().optional(),
      e: z.string().optional(),
    }),
  ),
});

/** Key-less endpoints: the public keys of our ID tokens. */
const PUBLIC_PATHS = new Set(['/identity/v1/jwks']);

/** The routes' app: Fastify with the zod type provider, in the identity service's context. */
type IdentityApp = Parameters<FastifyPluginAsyncZod>[0];

const clientAddress = (request: { ip: string }) => request.ip;

/** The first steps of a sign-in (or sign-up): a session, or the call for a second step. */
function signInRoutes(app: IdentityApp, service: IdentityService): void {
  app.post(
    '/v1/accounts::signUp',
    {
      config: { sessionGrants: ['sign-in'], insightsEvent: { name: 'sign-up', page: '/signup' } },
      schema: { body: credentialsBody.extend({ displayName }), response: { 200: z.union([sessionResponse, mfaRequiredResponse]) } },
    },
    async (request) => {
      let key: string | null;
      try {
        key = idempotencyKeyOf(request);
      } catch (error) {
        throw identityError('INVALID_ARGUMENT', (error as Error).message);
      }
      const result = await service.signUp(request.body, clientAddress(request), key);
      if ('mfaPendingCredential' in result) return mfaRequiredBody(result, 'SignupNewUserResponse');
      return sessionBody('SignupNewUserResponse', result);
    },
  );

  app.post(
    '/v1/accounts::signInWithPassword',
    {
      config: { sessionGrants: ['sign-in'], insightsEvent: { name: 'sign-in', page: '/login' } },
      schema: { body: credentialsBody, response: { 200: z.union([sessionResponse, mfaRequiredResponse]) } },
    },
    async (request) => {
      const result = await service.signInWithPassword(request.body, clientAddress(request));
      if ('mfaPendingCredential' in result) return mfaRequiredBody(result);
      return sessionBody('VerifyPasswordResponse', result, { registered: true });
    },
  );

  app.post(
    '/v1/accounts::signInWithEmailLink',
    {
      // A sign-in; with idToken, a renewal of the caller's session.
      config: { sessionGrants: ['sign-in', 'renewal'] },
      schema: {
        body: z.object({ email: optionalString, oobCode: optionalString, idToken: optionalString }),
        response: { 200: z.union([sessionResponse, mfaRequiredResponse]) },
      },
    },
    async (request) => {
      const result = await service.signInWithEmailLink(request.body);
      if ('mfaPendingCredential' in result) return mfaRequiredBody(result, 'EmailLinkSigninResponse');
      return sessionBody('EmailLinkSigninResponse', result, { isNewUser: result.isNewUser });
    },
  );
}

/** Mailed codes, password reset and the account itself: read, change, delete. */
function accountRoutes(app: IdentityApp, service: IdentityService): void {
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
      // A credential change gives the caller a new session in place of the ones it ended.
      config: { sessionGrants: ['renewal'] },
      schema: {
        body: z.object({
          idToken: optionalString,
          oobCode: optionalString,
          email: optionalString,
          password: optionalString,
          displayName,
          photoUrl,
          deleteAttribute: z.array(z.string().max(40)).max(10).optional(),
          deleteProvider: z.array(z.string().max(100)).max(20).optional(),
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
      const described = describeUser(user, await service.linkedProviders(user.id));
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
      const mfaInfo = await service.mfaInfo(user.id);
      const described = { ...describeUser(user, await service.linkedProviders(user.id)), ...(mfaInfo.length > 0 ? { mfaInfo } : {}) };
      return { kind: 'identitytoolkit#GetAccountInfoResponse', users: [described] };
    },
  );

  app.post('/v1/accounts::delete', { schema: { body: idTokenBody, response: { 200: z.object({}) } } }, async (request) => {
    await service.deleteAccount(request.body.idToken);
    return {};
  });
}

/** The project's settings, the refresh grant and the public signing keys. */
function projectAndTokenRoutes(app: IdentityApp, service: IdentityService): void {
  app.get(
    '/v1/projects',
    { schema: { response: { 200: z.object({ projectId: z.string(), authorizedDomains: z.array(z.string()) }) } } },
    async () => ({ projectId: PROJECT_ID, authorizedDomains: [...app.config.AUTHORIZED_DOMAINS] }),
  );

  app.post(
    '/v1/token',
    {
      // The refresh grant continues a session that passed the gate; nobody signs in here.
      config: { sessionGrants: ['refresh'] },
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

  app.get('/v1/jwks', { schema: { response: { 200: jwksResponse } } }, async () => service.tokens.jwks());
}

/**
 * The identity service: the Identity Toolkit v1 wire format under
 * /identity/v1. Registered in its own encapsulation context, so its error handler, its 404s,
 * its form parser and its API-key check apply here only.
 */
const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, { service, extraRoutes = [] }) => {
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

  // Every route (here and in extraRoutes) is held to the rule of decision 0113 as it registers:
  // one that can answer tokens names its session grants, or the server does not start.
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD') return;
    const issuing = sessionRouteOf(route);
    if (issuing) service.sessionRoutes.push(issuing);
  });

  signInRoutes(app, service);
  accountRoutes(app, service);
  projectAndTokenRoutes(app, service);

  for (const routes of extraRoutes) await app.register(routes, { service });
};

export const PROJECT_ID = 'northwind';

export default identityRoutes;

/** Registers the routes under /identity. */
export async function registerIdentityRoutes(
  app: FastifyInstance,
  service: IdentityService,
  extraRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions>[] = [],
): Promise<void> {
  await app.register(identityRoutes, { prefix: '/identity', service, extraRoutes });
}
