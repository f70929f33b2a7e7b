import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ApiErrorCode } from '../../../common/api-error';
import { DEPENDENCY_RETRY_AFTER_SECONDS, dependencyFailure, describeDependencyFailure } from '../lib/dependency-failure';
import { fieldPath } from '../lib/field-path';
import { HttpError } from '../lib/http-error';
import { errorPageHtml, wantsHtmlPage } from '../render/error-page';
import { RateLimitUnavailableError } from '../lib/rate-limit/index';

const STATUS_CODES: Record<number, { code: ApiErrorCode; message: string }> = {
  400: { code: 'bad_request', message: 'The request could not be understood.' },
  401: { code: 'unauthenticated', message: 'You need to log in to do that.' },
  403: { code: 'forbidden', message: 'You are not allowed to do that.' },
  404: { code: 'not_found', message: 'Nothing here.' },
  405: { code: 'bad_request', message: 'That method is not allowed here.' },
  406: { code: 'bad_request', message: 'That response format is not available.' },
  409: { code: 'conflict', message: 'That conflicts with what is already there.' },
  413: { code: 'payload_too_large', message: 'The request body is too large.' },
  415: { code: 'unsupported_media_type', message: 'Send the request body as JSON (Content-Type: application/json).' },
  429: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
};

export function sendError(reply: FastifyReply, status: number, code: ApiErrorCode, message: string, fields?: Record<string, string>) {
  const body: ApiErrorBody = { error: { code, message, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}) } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** A browser asking for a page gets an HTML page it can show, not JSON. */
function sendErrorPage(reply: FastifyReply, status: number, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(errorPageHtml(status));
}

/**
 * Route option of a page's no-JavaScript form post: its errors answer as a redirect back to the
 * page (post/redirect/get), never as JSON. `invalidFields` are the fields an unreadable body
 * marks invalid (the ones an empty form would).
 */
export interface FormErrorRedirect {
  page: string;
  invalidFields: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a plain HTML form post: errors redirect back to this page (see handleError). */
    formErrorRedirect?: FormErrorRedirect;
  }
}

/** A form post's failure, told by a redirect the page reads (`?error=...`, `?invalid=...`). */
function redirectToForm(form: FormErrorRedirect, error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  const name = `${form.page.replace(/^\//, '')} form`;
  if (status === 429) return reply.redirect(`${form.page}?error=rate_limited`, 303);
  if (status < 500) {
    // A body the form never sends (bad JSON, another content type, too large): bad input like
    // any other, answered the same way, and no fault of ours to log.
    request.log.info({ code: (error as { code?: string }).code, status }, `${name}: unreadable body`);
    return reply.redirect(`${form.page}?${new URLSearchParams({ invalid: form.invalidFields.join(',') })}`, 303);
  }
  request.log.error({ err: error }, `${name} failed`);
  return reply.redirect(`${form.page}?error=unavailable`, 303);
}

/**
 * The one error handler of the `/api` side: every failure becomes `{ error: { code, message } }`,
 * validation failures list their fields, and a 5xx never tells the client more than "something
 * went wrong" (the details go to the log). A browser asking for a page gets an HTML page, and a
 * no-JavaScript form post (`formErrorRedirect`) a redirect back to its form.
 */
export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const form = request.routeOptions.config.formErrorRedirect;
  if (form) return redirectToForm(form, error, request, reply);
  const page = wantsHtmlPage(request.method, request.url, request.headers.accept);
  if (error instanceof HttpError) {
    if (page && error.statusCode >= 500) return sendErrorPage(reply, error.statusCode, error.headers);
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return sendError(reply, error.statusCode, error.code, error.message, error.fields);
  }
  if (error instanceof RateLimitUnavailableError) {
    reply.header('Retry-After', String(error.retryAfterSeconds));
    return sendError(reply, 503, 'unavailable', 'This is briefly unavailable. Please try again in a minute.');
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const issuePath = (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path ?? [];
      const name = fieldPath(issue.instancePath || `/${issuePath.map(String).join('/')}`) || 'body';
      fields[name] ??= issue.message ?? 'is invalid';
    }
    const summary = Object.entries(fields)
      .map(([name, message]) => `${name}: ${message}`)
      .join('; ');
    return sendError(reply, 400, 'validation_failed', `Please correct the highlighted fields (${summary}).`, fields);
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (status < 500) {
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return sendError(reply, 400, 'bad_request', 'The request body is not valid JSON.');
    }
    if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendError(reply, 400, 'bad_request', 'The request body is empty; send a JSON object.');
    }
    const known = STATUS_CODES[status] ?? { code: 'bad_request' as const, message: 'The request could not be understood.' };
    if (status === 429) reply.header('Retry-After', reply.getHeader('retry-after') ?? '60');
    return sendError(reply, status, known.code, known.message);
  }
  const failure = dependencyFailure(error);
  if (failure) {
    request.log.error({ dependency: failure.dependency, reason: failure.reason }, describeDependencyFailure(failure));
    reply.header('Retry-After', String(DEPENDENCY_RETRY_AFTER_SECONDS));
    if (page) return sendErrorPage(reply, 503);
    return sendError(reply, 503, 'unavailable', 'The service is temporarily unavailable. Please try again in a few seconds.');
  }
  request.log.error({ err: error }, 'request failed');
  if (page) return sendErrorPage(reply, 500);
  return sendError(reply, 500, 'internal', 'Something went wrong on our side. Please try again later.');
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler(handleError);
});
