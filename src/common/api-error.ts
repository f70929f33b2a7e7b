/**
 * The one error format of every `/api` response that is not a success:
 * `{ "error": { "code": "validation_failed", "message": "...", "fields": { "email": "..." } } }`.
 * Codes are stable and machine-readable; messages are for people.
 */
export const API_ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  /** The action needs a sign-in younger than 5 minutes: log in again, then retry. */
  'recent_login_required',
  /** Staff and admins must turn two-step sign-in on first (the console's setting). */
  'two_step_required',
  'csrf_failed',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'unavailable',
  'network',
  'timeout',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    fields?: Record<string, string>;
  };
}

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(status: number, code: ApiErrorCode, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  /** True when the request never got an answer from the server (offline, timeout, server down). */
  get isNetworkFailure(): boolean {
    return this.code === 'network' || this.code === 'timeout' || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
