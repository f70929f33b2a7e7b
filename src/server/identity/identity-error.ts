import type { FastifyReply } from 'fastify';

/**
 * An error in the Identity Toolkit v1 format: `message` is the provider code,
 * optionally followed by ` : detail`; the client maps the code, people read the detail.
 */
export class IdentityError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(code: string, detail?: string, statusCode = 400, headers: Record<string, string> = {}) {
    super(detail ? `${code} : ${detail}` : code);
    this.name = 'IdentityError';
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const identityError = (code: string, detail?: string) => new IdentityError(code, detail);

/** One entry of `error.errors`; `location` names the request field at fault, when there is one. */
export interface IdentityErrorItem {
  message: string;
  domain: 'global';
  reason: string;
  location?: string;
  locationType?: 'parameter';
}

export interface IdentityErrorBody {
  error: { code: number; message: string; errors: IdentityErrorItem[] };
}

export function identityErrorBody(status: number, message: string, items?: IdentityErrorItem[]): IdentityErrorBody {
  return {
    error: {
      code: status,
      message,
      errors: items ?? [
        { message, domain: 'global', reason: status === 401 ? 'unauthorized' : status >= 500 ? 'backendError' : 'invalid' },
      ],
    },
  };
}

export function sendIdentityError(reply: FastifyReply, status: number, message: string, items?: IdentityErrorItem[]) {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(identityErrorBody(status, message, items));
}
