import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeySchema, type SupportMessageValues, validateSupportMessage } from '../../common/support-message';
import { badRequest, HttpError } from '../lib/http-error';
import { idempotencyKeyOf } from '../lib/idempotency';
import { errorResponse } from '../lib/schemas';
import { acceptSupportMessage } from './service';

/**
 * Per client address. Counted after validation (the preHandler hook), so only well-formed
 * messages, the ones that reach the database, use up the allowance; a typo costs nothing.
 */
export const SUPPORT_RATE_LIMIT = { max: 5, timeWindowMs: 60_000 } as const;

const rateLimitConfig = (): RateLimitOptions => ({
  max: SUPPORT_RATE_LIMIT.max,
  timeWindow: SUPPORT_RATE_LIMIT.timeWindowMs,
  hook: 'preHandler',
  errorResponseBuilder: (_request, context) =>
    new HttpError(429, 'rate_limited', `Too many messages from your address. Please try again in ${context.after}.`),
});

const created = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  date: z.string(),
});

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** Validated message and idempotency key of a JSON request, or a 400 naming every bad field. */
function parseMessageRequest(request: FastifyRequest): { values: SupportMessageValues; key: string | null } {
  // No body at all reads as an empty message, so the answer names each missing field.
  const raw = request.body ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest('Send the message as a JSON object with name, email, subject and message.');
  }
  const body = raw as Record<string, unknown>;
  const result = validateSupportMessage(body);
  const keyCheck = body.idempotencyKey === undefined ? null : idempotencyKeySchema.safeParse(body.idempotencyKey);
  const fields: Record<string, string> = result.ok ? {} : { ...result.fields };
  if (keyCheck && !keyCheck.success) fields.idempotencyKey = keyCheck.error.issues[0]?.message ?? 'is invalid';
  if (!result.ok || Object.keys(fields).length > 0) {
    const summary = Object.entries(fields)
      .map(([name, message]) => `${name}: ${message}`)
      .join(' ');
    throw badRequest(`Please correct the highlighted fields. ${summary}`, fields);
  }
  return { values: result.value, key: idempotencyKeyOf(request, keyCheck?.success ? keyCheck.data : undefined) };
}

const validated = new WeakMap<FastifyRequest, { values: SupportMessageValues; key: string | null }>();

/** Support messages (spec 3 "supports", spec 7 "add a document to supports with ... date"). */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin's scope only, so it limits these routes and nothing else.
  await app.register(rateLimit, {
    global: false,
    skipOnError: true, // a Redis outage must not stop customers reaching us
    ...(app.redis ? { redis: app.redis, nameSpace: 'nw-rl-support-' } : {}),
  });

  app.post(
    '/api/support-messages',
    {
      config: { rateLimit: rateLimitConfig() },
      schema: {
        // The rules live in the shared (zod/mini) schema and run in the handler, the same code as
        // the contact form's; this schema only documents the shape and bounds the input.
        body: z.object({}).passthrough(),
        response: { 201: created, 400: errorResponse, 409: errorResponse, 429: errorResponse },
      },
      // Validation runs before the rate limit's preHandler, so a rejected message costs nothing.
      preValidation: async (request) => {
        validated.set(request, parseMessageRequest(request));
      },
    },
    async (request, reply) => {
      const { values, key } = validated.get(request) ?? parseMessageRequest(request);
      const { message, replayed } = await acceptSupportMessage(app.database.db, values, key);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(201).header('Cache-Control', 'no-store').send(message);
    },
  );

  // Without JavaScript the Contact Us form posts here as an ordinary form; the answer is a
  // redirect back to the page (post/redirect/get), so a reload never posts twice.
  app.register(async (form) => {
    if (!form.hasContentTypeParser(FORM_CONTENT_TYPE)) {
      form.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
    }
    form.post(
      '/support',
      {
        config: { rateLimit: rateLimitConfig() },
        errorHandler: (error, request, reply) => {
          if ((error as { statusCode?: number }).statusCode === 429) return reply.redirect('/support?error=rate_limited', 303);
          request.log.error({ err: error }, 'support form failed');
          return reply.redirect('/support?error=unavailable', 303);
        },
      },
      async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, string | undefined>;
        const result = validateSupportMessage(body);
        const keyResult = idempotencyKeySchema.safeParse(body.idempotencyKey);
        if (!result.ok) {
          const params = new URLSearchParams({ invalid: Object.keys(result.fields).join(',') });
          if (body.subject) params.set('subject', body.subject.slice(0, 150));
          return reply.redirect(`/support?${params}`, 303);
        }
        await acceptSupportMessage(app.database.db, result.value, keyResult.success ? keyResult.data : null).catch((error: unknown) => {
          // The page's key already carried another message (the visitor went back and wrote a
          // second one): this is a new message, so store it under no key rather than drop it.
          if (error instanceof HttpError && error.statusCode === 409) return acceptSupportMessage(app.database.db, result.value, null);
          throw error;
        });
        return reply.redirect('/support?sent=1', 303);
      },
    );
  });
};

export default supportRoutes;
