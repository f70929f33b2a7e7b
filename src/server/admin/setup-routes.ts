import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrorSentence, clientCodeFor } from '../../common/auth-errors';
import { IdentityError } from '../identity/index';
import { rateLimiter, warnOnStoreError } from '../platform/lib/rate-limit/index';
import { pageOrErrorResponse, textResponse } from '../platform/lib/schemas';
import { setupDonePage, setupFormPage, setupLimitedPage, setupUnavailablePage } from './setup-page';

const bounded = (max: number) => z.string().max(max).optional();

/** The window of SETUP_LIMIT_PER_15_MIN. */
const SETUP_LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * The first-administrator page (`/admin/setup?token=...`). A plain HTML form posted to itself:
 * the unguessable token in the form is what makes the post legitimate, not a session.
 */
const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  // Posts per client address (SETUP_LIMIT_PER_15_MIN), in the shared counter store (Redis when
  // set). Open while the store is down: a bad link costs a lookup, not a hash, and the first
  // administrator should not wait for Redis.
  const postsPerAddress = rateLimiter(
    app.rateLimitStore,
    { name: 'admin-setup-ip', max: app.config.SETUP_LIMIT_PER_15_MIN, windowMs: SETUP_LIMIT_WINDOW_MS, whenUnavailable: 'open' },
    warnOnStoreError(app.log),
  );

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
  });

  app.get(
    '/admin/setup',
    { schema: { querystring: z.object({ token: bounded(200) }), response: { 200: textResponse, 410: pageOrErrorResponse } } },
    async (request, reply) => {
      const { token } = request.query;
      reply.type('text/html; charset=utf-8');
      if (!token || !(await app.identity.isSetupLinkUsable(token))) return reply.status(410).send(setupUnavailablePage());
      return setupFormPage({ token });
    },
  );

  app.post(
    '/admin/setup',
    {
      // Counted as the request arrives, before its body is read: every post costs, whatever it holds.
      onRequest: async (request, reply) => {
        const decision = await postsPerAddress.consume(request.ip);
        if (decision.allowed) return;
        return reply
          .status(429)
          .header('Retry-After', String(decision.retryAfterSeconds))
          .type('text/html; charset=utf-8')
          .send(setupLimitedPage(decision.retryAfterSeconds));
      },
      schema: {
        body: z.object({ token: bounded(200), email: bounded(254), password: bounded(200), displayName: bounded(100) }),
        response: { 201: textResponse, 400: pageOrErrorResponse, 410: pageOrErrorResponse, 429: pageOrErrorResponse },
      },
    },
    async (request, reply) => {
      const { token = '', email = '', password, displayName = '' } = request.body;
      reply.type('text/html; charset=utf-8');
      try {
        const admin = await app.identity.createFirstAdmin({ token, email, password, displayName });
        request.log.info({ uid: admin.uid }, 'first administrator created through the setup link');
        return reply.status(201).send(setupDonePage(admin.email));
      } catch (error) {
        if (!(error instanceof IdentityError)) throw error;
        const code = error.message.split(' : ')[0]!;
        if (code === 'SETUP_LINK_INVALID' || code === 'ADMIN_EXISTS') return reply.status(410).send(setupUnavailablePage());
        const sentence = authErrorSentence(clientCodeFor(code));
        return reply.status(400).send(setupFormPage({ token, email, displayName, error: sentence }));
      }
    },
  );
};

export default setupRoutes;
