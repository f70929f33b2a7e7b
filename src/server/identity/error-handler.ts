import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldPath } from '../platform/lib/field-path';
import { DEPENDENCY_RETRY_AFTER_SECONDS, dependencyFailure, describeDependencyFailure } from '../platform/lib/dependency-failure';
import { RateLimitUnavailableError } from '../platform/lib/rate-limit/index';
import { IdentityError, type IdentityErrorItem, sendIdentityError } from './identity-error';

/** `/body/email` or the zod issue path -> `email`. */
function fieldName(instancePath: string, issuePath: readonly PropertyKey[]): string {
  const fromPointer = fieldPath(instancePath);
  return fromPointer || issuePath.map(String).join('.') || 'body';
}

/**
 * The error handler of the identity service, in its own encapsulation context so that schema
 * violations, bad JSON and oversize bodies there also answer in the Identity Toolkit format.
 */
export function handleIdentityError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof IdentityError) {
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return sendIdentityError(reply, error.statusCode, error.message);
  }
  if (error instanceof RateLimitUnavailableError) {
    // A limit that fails closed (decision 0611) could not count: refuse clearly, for a short while.
    reply.header('Retry-After', String(error.retryAfterSeconds));
    return sendIdentityError(reply, 503, 'UNAVAILABLE : This is briefly unavailable. Please try again in a minute.');
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const items: IdentityErrorItem[] = error.validation.map((issue) => {
      const issuePath = (issue.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path ?? [];
      const field = fieldName(issue.instancePath, issuePath);
      return {
        message: `Invalid value at '${field}': ${issue.message ?? 'is invalid'}`,
        domain: 'global',
        reason: 'invalid',
        location: field,
        locationType: 'parameter',
      };
    });
    const summary = items.map((item) => item.message).join('; ');
    return sendIdentityError(reply, 400, `INVALID_ARGUMENT : ${summary}`, items);
  }
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (status < 500) {
    switch (fastifyError.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendIdentityError(reply, 400, 'INVALID_ARGUMENT : The request body is not valid JSON.');
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendIdentityError(reply, 400, 'INVALID_ARGUMENT : The request body is empty; send a JSON object.');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendIdentityError(reply, 413, 'PAYLOAD_TOO_LARGE : The request body is too large.');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendIdentityError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE : Send the request body as JSON (Content-Type: application/json).');
      default:
        if (error instanceof SyntaxError) return sendIdentityError(reply, 400, 'INVALID_ARGUMENT : The request body is not valid JSON.');
        return sendIdentityError(reply, status, status === 404 ? 'NOT_FOUND' : 'INVALID_ARGUMENT : The request could not be understood.');
    }
  }
  const failure = dependencyFailure(error);
  if (failure) {
    request.log.error({ dependency: failure.dependency, reason: failure.reason }, describeDependencyFailure(failure));
    reply.header('Retry-After', String(DEPENDENCY_RETRY_AFTER_SECONDS));
    return sendIdentityError(reply, 503, 'UNAVAILABLE : The service is temporarily unavailable. Please try again in a few seconds.');
  }
  request.log.error({ err: error }, 'identity request failed');
  return sendIdentityError(reply, 500, 'INTERNAL_ERROR : Something went wrong on our side. Please try again later.');
}
