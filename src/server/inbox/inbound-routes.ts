import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, unauthenticated } from '../platform/lib/http-error';
import { errorResponse } from '../platform/lib/schemas';
import { InboundRefusal, type InboundService } from './inbound-service';

const RAW_TYPES = ['message/rfc822', 'text/plain', 'application/octet-stream'];
const outcomeSchema = z.object({ outcome: z.enum(['answer', 'new', 'auto', 'spam', 'duplicate']), conversationId: z.string().nullable() });

/** Compared as hashes, so neither the length nor the content leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The secret a mail service sends: `Authorization: Bearer S`, Basic auth with S as password, or `X-Inbound-Secret: S`. */
export function presentedSecret(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.length <= 1000) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(header);
    if (bearer) return bearer[1]!;
    const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      return decoded.slice(decoded.indexOf(':') + 1);
    }
  }
  const custom = request.headers['x-inbound-secret'];
  return typeof custom === 'string' && custom.length <= 1000 ? custom : null;
}

/**
 * The raw mail a webhook carries: the body itself (message/rfc822), our JSON `{ "raw" }`, or
 * Postmark's inbound JSON with "Include raw email content" on (`RawEmail`).
 */
export function rawMailOf(body: unknown): Buffer | null {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body !== 'object' || body === null) return null;
  const { raw, RawEmail } = body as { raw?: unknown; RawEmail?: unknown };
  const text = typeof raw === 'string' ? raw : typeof RawEmail === 'string' ? RawEmail : null;
  return text === null ? null : Buffer.from(text, 'utf8');
}

/**
 * The largest body the webhook reads for a content type: the mail cap for a raw mail, twice it
 * for JSON (escaping, and Postmark's parsed copy of the mail beside RawEmail).
 */
export function webhookBodyLimit(contentType: string | undefined, maxBytes: number): number {
  const type = (contentType ?? '').slice(0, 200).split(';')[0]!.trim().toLowerCase();
  return RAW_TYPES.includes(type) ? maxBytes : maxBytes * 2;
}

/**
 * The webhook's whole check of the caller, from the headers alone: off (404), the secret (401),
 * a declared body over the limit (413). An onRequest hook, so it runs before Fastify reads the
 * body: an anonymous 40 MB post costs the server nothing.
 */
function checkHeaders(options: { secret: string | undefined; maxBytes: number }): onRequestAsyncHookHandler {
  return async (request) => {
    if (!options.secret) throw new HttpError(404, 'not_found', 'The inbound-mail webhook is not enabled on this server.');
    const secret = presentedSecret(request);
    if (secret === null || !sameSecret(secret, options.secret)) throw unauthenticated('The inbound-mail secret is missing or wrong.');
    const limit = webhookBodyLimit(request.headers['content-type'], options.maxBytes);
    if (Number(request.headers['content-length']) > limit)
      throw new HttpError(413, 'payload_too_large', `The body is larger than this server accepts (${limit} bytes for this content type).`);
  };
}

/**
 * POST /api/inbound-mail: the inbound-mail webhook of a mail service (docs/help-desk.md). The
 * body is the raw mail (message/rfc822), or JSON holding it (rawMailOf); the answer is the
 * same intake as the SMTP receiver's. Off (404) while INBOUND_MAIL_SECRET is unset. The caller
 * and the declared size are judged before the body is read (checkHeaders).
 */
export function inboundRoutes(service: InboundService, options: { secret: string | undefined; maxBytes: number }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(RAW_TYPES, { parseAs: 'buffer', bodyLimit: options.maxBytes }, (_request, body, done) => done(null, body));

    app.post(
      '/api/inbound-mail',
      {
        bodyLimit: options.maxBytes * 2,
        // The mail service sends no cookies: the shared secret is the proof, checked in onRequest.
        config: { csrfExempt: true },
        onRequest: checkHeaders(options),
        schema: {
          body: z.unknown(),
          response: {
            202: outcomeSchema,
            400: errorResponse,
            401: errorResponse,
            404: errorResponse,
            413: errorResponse,
            429: errorResponse,
            503: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const body: unknown = request.body;
        const raw = rawMailOf(body);
        if (!raw) throw badRequest('Send the raw mail as message/rfc822, or JSON { "raw": "<the mail>" }.', { raw: 'is required' });
        const to = typeof (body as { to?: unknown }).to === 'string' ? [(body as { to: string }).to.slice(0, 320)] : [];
        try {
          return reply.status(202).send(await service.receive(raw, { from: null, to }));
        } catch (error) {
          if (!(error instanceof InboundRefusal)) throw error;
          if (error.code === 552) throw new HttpError(413, 'payload_too_large', 'The mail is larger than this server accepts.');
          if (error.code >= 500) throw badRequest(`The mail was refused: ${error.message}`, { raw: 'is not a valid mail' });
          throw new HttpError(429, 'rate_limited', error.message, undefined, { 'Retry-After': '600' });
        }
      },
    );
  };
}
