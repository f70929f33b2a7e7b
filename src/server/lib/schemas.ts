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
