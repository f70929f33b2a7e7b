import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityRoutesOptions } from '../routes-options';
import type { MfaRequired } from './second-factor';

const optionalString = z.string().optional();

export const mfaInfoSchema = z.array(
  z.object({ mfaEnrollmentId: z.string(), displayName: z.string().optional(), enrolledAt: z.string(), totpInfo: z.object({}) }),
);

/** A first step that needs a second: no session, the pending credential and the factors. */
export const mfaRequiredResponse = z.object({
  kind: z.string(),
  localId: z.string(),
  email: z.string(),
  mfaPendingCredential: z.string(),
  mfaInfo: mfaInfoSchema,
});

/** `kind` names the first step's own response, as Identity Toolkit does (VerifyPasswordResponse...). */
export const mfaRequiredBody = (pending: MfaRequired, kind = 'VerifyPasswordResponse') => ({
  kind: `identitytoolkit#${kind}`,
  localId: pending.user.id,
  email: pending.user.email,
  mfaPendingCredential: pending.mfaPendingCredential,
  mfaInfo: pending.mfaInfo,
});

const tokensResponse = z.object({ idToken: z.string(), refreshToken: z.string() });
const verificationInfo = z.object({ sessionInfo: optionalString, verificationCode: optionalString }).optional();

/**
 * Two-step sign-in in the Identity Toolkit v2 format the official SDK's TOTP support speaks:
 * /identity/v2/accounts/mfaEnrollment:start|finalize|withdraw and mfaSignIn:start|finalize.
 */
const mfaRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, { service }) => {
  app.post(
    '/v2/accounts/mfaEnrollment::start',
    {
      schema: {
        body: z.object({ idToken: optionalString, totpEnrollmentInfo: z.object({}).optional() }),
        response: {
          200: z.object({
            totpSessionInfo: z.object({
              sharedSecretKey: z.string(),
              verificationCodeLength: z.number(),
              hashingAlgorithm: z.string(),
              periodSec: z.number(),
              sessionInfo: z.string(),
              finalizeEnrollmentTime: z.string(),
            }),
          }),
        },
      },
    },
    async (request) => ({ totpSessionInfo: await service.startTotpEnrollment(request.body.idToken) }),
  );

  app.post(
    '/v2/accounts/mfaEnrollment::finalize',
    {
      config: { sessionGrants: ['renewal'] },
      schema: {
        body: z.object({ idToken: optionalString, displayName: optionalString, totpVerificationInfo: verificationInfo }),
        response: { 200: tokensResponse.extend({ recoveryCodes: z.array(z.string()) }) },
      },
    },
    async (request) => {
      const { session, recoveryCodes } = await service.finalizeTotpEnrollment(
        {
          idToken: request.body.idToken,
          displayName: request.body.displayName,
          sessionInfo: request.body.totpVerificationInfo?.sessionInfo,
          verificationCode: request.body.totpVerificationInfo?.verificationCode,
        },
        request.ip,
      );
      return { idToken: session.idToken, refreshToken: session.refreshToken, recoveryCodes };
    },
  );

  app.post(
    '/v2/accounts/mfaEnrollment::withdraw',
    {
      config: { sessionGrants: ['renewal'] },
      schema: { body: z.object({ idToken: optionalString, mfaEnrollmentId: optionalString }), response: { 200: tokensResponse } },
    },
    async (request) => {
      const session = await service.withdrawEnrollment(request.body.idToken, request.body.mfaEnrollmentId);
      return { idToken: session.idToken, refreshToken: session.refreshToken };
    },
  );

  app.post(
    '/v2/accounts/mfaSignIn::start',
    {
      schema: {
        body: z.object({ mfaPendingCredential: optionalString, mfaEnrollmentId: optionalString, totpSignInInfo: z.object({}).optional() }),
        response: { 200: z.object({}) },
      },
    },
    async (request) => {
      await service.startMfaSignIn(request.body);
      return {};
    },
  );

  app.post(
    '/v2/accounts/mfaSignIn::finalize',
    {
      config: { sessionGrants: ['second-factor'] },
      schema: {
        body: z.object({ mfaPendingCredential: optionalString, mfaEnrollmentId: optionalString, totpVerificationInfo: verificationInfo }),
        response: { 200: tokensResponse },
      },
    },
    async (request) => {
      const session = await service.finalizeMfaSignIn(
        {
          mfaPendingCredential: request.body.mfaPendingCredential,
          mfaEnrollmentId: request.body.mfaEnrollmentId,
          verificationCode: request.body.totpVerificationInfo?.verificationCode,
        },
        request.ip,
      );
      return { idToken: session.idToken, refreshToken: session.refreshToken };
    },
  );
};

export default mfaRoutes;
