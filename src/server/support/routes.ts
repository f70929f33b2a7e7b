import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeySchema, SUPPORT_LIMITS, type SupportMessageValues, validateSupportMessage } from '../../common/support-message';
import { badRequest, HttpError } from '../platform/lib/http-error';
import { idempotencyKeyOf } from '../platform/lib/idempotency';
import { errorResponse, redirectResponse } from '../platform/lib/schemas';
import { contentChanged } from '../platform/cache/content-changes';
import { acceptSupportMessage } from './service';
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '../inbox/index';
import { inboxMessageSchema } from '../../common/inbox-schemas';

/**
 * Per client address, across the JSON endpoint and the no-JavaScript form together (one
 * allowance, not one per door). Counted when the request arrives, before its body is parsed or
 * validated: a rejected request costs the server work too, so it uses up the allowance as well.
 */
export const SUPPORT_RATE_LIMIT = { max: 5, timeWindowMs: 60_000 } as const;

type SupportLimiter = ReturnType<FastifyInstance['createRateLimit']>;

/** A 429 when the address has used its allowance; the answer's form is the caller's. */
async function checkLimit(limiter: SupportLimiter, request: FastifyRequest): Promise<HttpError | null> {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return null;
  const seconds = Math.max(1, result.ttlInSeconds);
  return new HttpError(
    429,
    'rate_limited',
    `Too many messages from your address. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

/** The stored message as the sender may see it: the inbox's fields without staff-only ones. */
const created = inboxMessageSchema.omit({ status: true, spamReason: true, assigneeId: true, assigneeEmail: true });

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

/** The fields of a form post: the parsed object, or none when the body is anything else. */
export function formFields(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

const validated = new WeakMap<FastifyRequest, { values: SupportMessageValues; key: string | null }>();

/** Contact Us messages: the caller's fields, stored with the server's date (docs/site.md). */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin's scope only, so it limits these routes and nothing else.
  await app.register(rateLimit, {
    global: false,
    skipOnError: true, // a Redis outage must not stop customers reaching us
    ...(app.redis ? { redis: app.redis, nameSpace: 'nw-rl-support-' } : {}),
  });
  // One counter (one store) for both routes below.
  const limiter: SupportLimiter = app.createRateLimit({ max: SUPPORT_RATE_LIMIT.max, timeWindow: SUPPORT_RATE_LIMIT.timeWindowMs });

  app.post(
    '/api/support-messages',
    {
      onRequest: async (request) => {
        const limited = await checkLimit(limiter, request);
        if (limited) throw limited;
      },
      schema: {
        // The rules live in the shared (zod/mini) schema and run in the handler, the same code as
        // the contact form's; this schema only documents the shape and bounds the input.
        body: z.object({}).passthrough(),
        response: { 201: created, 400: errorResponse, 409: errorResponse, 429: errorResponse },
      },
      preValidation: async (request) => {
        validated.set(request, parseMessageRequest(request));
      },
    },
    async (request, reply) => {
      const { values, key } = validated.get(request) ?? parseMessageRequest(request);
      const body = formFields(request.body);
      const spam = app.inbox.spamReason({ honeypot: body[HONEYPOT_FIELD], token: body[FORM_TOKEN_FIELD], tokenRequired: false });
      // Caught spam is stored (in the inbox's Spam folder) and answered like any message.
      const { message, replayed } = await acceptSupportMessage(app.database.db, values, key, app.inbox.intake(spam));
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      else await contentChanged(app, 'support-messages');
      // Counted by the server, once per stored message; caught spam is no message of a visitor.
      if (!replayed && spam === null) app.insights.event('contact', '/support');
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
        onRequest: async (request, reply) => {
          const limited = await checkLimit(limiter, request);
          if (limited) return reply.header('Retry-After', limited.headers['Retry-After']).redirect('/support?error=rate_limited', 303);
        },
        config: { formErrorRedirect: { page: '/support', invalidFields: ['name', 'email', 'message'] } },
        schema: {
          // Whatever arrives is read as form fields by the handler (anything else reads as an
          // empty form); the answer is always a redirect back to the page.
          body: z.record(z.string(), z.unknown()).optional(),
          response: { 303: redirectResponse },
        },
      },
      async (request, reply) => {
        // Whatever arrived (a form, or JSON of any shape) goes through the same schema as the
        // JSON endpoint's; anything that is not an object of fields reads as an empty form.
        const body = formFields(request.body);
        const result = validateSupportMessage(body);
        const keyResult = idempotencyKeySchema.safeParse(body.idempotencyKey);
        if (!result.ok) {
          const params = new URLSearchParams({ invalid: Object.keys(result.fields).join(',') });
          // The subject is echoed so the page can keep it; only text that passes its own rule.
          if (!result.fields.subject && typeof body.subject === 'string' && body.subject.trim())
            params.set('subject', body.subject.trim().slice(0, SUPPORT_LIMITS.subject));
          return reply.redirect(`/support?${params}`, 303);
        }
        const spam = app.inbox.spamReason({ honeypot: body[HONEYPOT_FIELD], token: body[FORM_TOKEN_FIELD], tokenRequired: true });
        const intake = app.inbox.intake(spam);
        await acceptSupportMessage(app.database.db, result.value, keyResult.success ? keyResult.data : null, intake).catch(
          (error: unknown) => {
            // The page's key already carried another message (the visitor went back and wrote a
            // second one): this is a new message, so store it under no key rather than drop it.
            if (error instanceof HttpError && error.statusCode === 409)
              return acceptSupportMessage(app.database.db, result.value, null, intake);
            throw error;
          },
        );
        await contentChanged(app, 'support-messages');
        if (spam === null) app.insights.event('contact', '/support');
        return reply.redirect('/support?sent=1', 303);
      },
    );
  });
};

export default supportRoutes;
