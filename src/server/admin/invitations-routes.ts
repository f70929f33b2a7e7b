import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invitationAcceptedSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationIdParams,
  invitationLookupSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationsSchema,
} from '../../common/invitation-schemas';
import { HttpError } from '../platform/lib/http-error';
import { rateLimiter, warnOnStoreError } from '../platform/lib/rate-limit/index';
import { errorResponse } from '../platform/lib/schemas';
import { actorOf, adminChangeOnly, adminOnly } from './guards';
import { invitationsService } from './invitations-service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };

/** Accept-page requests per client address and 15 minutes: a person needs a few. */
const INVITATION_ACCEPT_LIMIT = { max: 30, windowMs: 15 * 60_000 } as const;

const service = (app: Parameters<FastifyPluginAsyncZod>[0]) =>
  invitationsService({
    db: app.database.db,
    engine: app.database.engine,
    publicUrl: app.config.publicUrl,
    send: (mail) => app.identity.mailer.send(mail),
    warn: (message) => app.log.warn(message),
  });

/**
 * Staff invitations for administrators (/api/admin/invitations; registered inside the console's
 * plugin, so its rate limit, no-store and guards apply). Inviting, resending and withdrawing are
 * role changes: a sign-in younger than 5 minutes, and at most INVITATIONS_PER_ADMIN_HOUR mails.
 */
export const invitationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const invitations = service(app);

  app.get('/api/admin/invitations', { ...adminOnly, schema: { response: { 200: invitationsSchema, ...errors } } }, async () => ({
    invitations: await invitations.list(),
  }));

  app.post(
    '/api/admin/invitations',
    { ...adminChangeOnly, schema: { body: invitationCreateSchema, response: { 201: invitationSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await invitations.create(actorOf(request), request.body.email, request.body.role)),
  );

  app.post(
    '/api/admin/invitations/:id/resend',
    { ...adminChangeOnly, schema: { params: invitationIdParams, response: { 200: invitationSchema, ...errors } } },
    async (request) => invitations.resend(actorOf(request), request.params.id),
  );

  app.delete(
    '/api/admin/invitations/:id',
    { ...adminChangeOnly, schema: { params: invitationIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await invitations.withdraw(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/**
 * The invited person's side (/api/invitations), anonymous: what the link is for, and accepting
 * it. The token travels in the body. Limited per client address, counted before the body is read.
 */
export const invitationsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const invitations = service(app);
  const perAddress = rateLimiter(
    app.rateLimitStore,
    { name: 'invitation-ip', max: INVITATION_ACCEPT_LIMIT.max, windowMs: INVITATION_ACCEPT_LIMIT.windowMs, whenUnavailable: 'open' },
    warnOnStoreError(app.log),
  );
  const limited = async (request: { ip: string }) => {
    const decision = await perAddress.consume(request.ip);
    if (!decision.allowed) {
      throw new HttpError(429, 'rate_limited', 'Too many tries from your address. Please try again later.', undefined, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
  };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post(
    '/api/invitations/lookup',
    { onRequest: limited, schema: { body: invitationLookupSchema, response: { 200: invitationPreviewSchema, ...errors } } },
    async (request) => invitations.preview(request.body.token),
  );

  app.post(
    '/api/invitations/accept',
    { onRequest: limited, schema: { body: invitationAcceptSchema, response: { 201: invitationAcceptedSchema, ...errors } } },
    async (request, reply) => {
      const { token, password, displayName } = request.body;
      const accepted = await invitations.accept(token, password, displayName);
      request.log.info({ uid: accepted.uid }, 'invitation accepted');
      return reply.status(201).send(accepted);
    },
  );
};
