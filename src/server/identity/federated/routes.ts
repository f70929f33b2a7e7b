import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityError } from '../identity-error';
import type { IdentityRoutesOptions } from '../routes-options';
import type { IdpSignInResult } from '../use-cases/sign-in-with-idp';

const optionalString = z.string().optional();

export const verifyAssertionResponse = z.object({
  kind: z.string(),
  providerId: z.string(),
  federatedId: z.string(),
  localId: z.string().optional(),
  email: z.string().optional(),
  emailVerified: z.boolean(),
  displayName: z.string().optional(),
  photoUrl: z.string().optional(),
  idToken: z.string().optional(),
  refreshToken: z.string().optional(),
  expiresIn: z.string().optional(),
  isNewUser: z.boolean().optional(),
  needConfirmation: z.boolean().optional(),
  pendingToken: z.string().optional(),
  oauthAccessToken: z.string().optional(),
  oauthIdToken: z.string().optional(),
  mfaPendingCredential: z.string().optional(),
  mfaInfo: z
    .array(z.object({ mfaEnrollmentId: z.string(), displayName: z.string().optional(), enrolledAt: z.string(), totpInfo: z.object({}) }))
    .optional(),
});

/** The Identity Toolkit's VerifyAssertionResponse for each outcome. */
export function verifyAssertionBody(result: IdpSignInResult, returnIdpCredential: boolean): z.infer<typeof verifyAssertionResponse> {
  const { identity, tokens } = result;
  const base = {
    kind: 'identitytoolkit#VerifyAssertionResponse',
    providerId: identity.providerId,
    federatedId: identity.federatedId,
    emailVerified: identity.emailVerified,
    ...(identity.email ? { email: identity.email } : {}),
    ...(identity.displayName ? { displayName: identity.displayName } : {}),
    ...(identity.photoUrl ? { photoUrl: identity.photoUrl } : {}),
    ...(returnIdpCredential && tokens.accessToken ? { oauthAccessToken: tokens.accessToken } : {}),
    ...(returnIdpCredential && tokens.idToken ? { oauthIdToken: tokens.idToken } : {}),
  };
  switch (result.kind) {
    case 'needConfirmation':
      return { ...base, needConfirmation: true, pendingToken: result.pendingToken };
    case 'mfa':
      return {
        ...base,
        localId: result.pending.user.id,
        email: result.pending.user.email,
        mfaPendingCredential: result.pending.mfaPendingCredential,
        mfaInfo: result.pending.mfaInfo,
      };
    case 'session':
      return {
        ...base,
        localId: result.session.user.id,
        email: result.session.user.email,
        idToken: result.session.idToken,
        refreshToken: result.session.refreshToken,
        expiresIn: result.session.expiresIn,
        isNewUser: result.isNewUser,
      };
  }
}

/** accounts:createAuthUri and accounts:signInWithIdp (docs/accounts.md). */
const federatedRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, { service }) => {
  const requireProviders = () => {
    if (service.providers.length === 0) {
      throw identityError(
        'OPERATION_NOT_ALLOWED',
        'No identity provider (Google, GitHub...) is configured on this server; sign in with email and password',
      );
    }
  };

  app.post(
    '/v1/accounts::createAuthUri',
    {
      schema: {
        body: z.object({
          providerId: optionalString,
          continueUri: optionalString,
          customParameter: z.record(z.string().max(40), z.string().max(200)).optional(),
        }),
        response: { 200: z.object({ kind: z.string(), authUri: z.string(), providerId: z.string(), sessionId: z.string() }) },
      },
    },
    async (request) => {
      requireProviders();
      const result = await service.createAuthUri(request.body);
      return { kind: 'identitytoolkit#CreateAuthUriResponse', ...result };
    },
  );

  app.post(
    '/v1/accounts::signInWithIdp',
    {
      // A sign-in; with idToken, linking to the caller renews the caller's session.
      config: { sessionGrants: ['sign-in', 'renewal'] },
      schema: {
        body: z.object({
          requestUri: optionalString,
          sessionId: optionalString,
          postBody: optionalString,
          pendingToken: optionalString,
          idToken: optionalString,
          tenantId: optionalString,
          returnSecureToken: z.boolean().optional(),
          returnIdpCredential: z.boolean().optional(),
        }),
        response: { 200: verifyAssertionResponse },
      },
    },
    async (request) => {
      requireProviders();
      const result = await service.signInWithIdp(request.body);
      return verifyAssertionBody(result, request.body.returnIdpCredential === true);
    },
  );
};

export default federatedRoutes;
