import { z } from 'zod';
import { API_ERROR_CODES } from '../../common/api-error';

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

/** A redirect (3xx) has no body. */
export const redirectResponse = z.literal('');
