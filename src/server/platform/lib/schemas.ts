import { z } from 'zod';
import { API_ERROR_CODES } from '../../../common/api-error';

/** Response schema of every `/api` error (see common/api-error.ts). */
export const errorResponse = z.object({
  error: z.object({
    code: z.enum(API_ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** A document the route writes itself (HTML, XML, plain text): sent as it is, never serialized. */
export const textResponse = z.string();

/**
 * A page the route writes itself, or the central handler's JSON error at the same status (a
 * schema or body error): an error object must still be written as JSON, not as a string.
 */
export const pageOrErrorResponse = z.union([textResponse, errorResponse]);

/** A redirect (3xx) has no body. */
export const redirectResponse = z.literal('');
