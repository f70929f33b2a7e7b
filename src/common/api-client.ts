import { ApiError, isApiErrorBody } from './api-error';
import { AUTH } from './constants';

/**
 * The browser's one way to call our `/api`: JSON in and out, the CSRF header on every
 * non-GET request, a timeout, and every failure turned into an ApiError.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A body sent as it is (an uploaded file) with its own Content-Type, instead of JSON. */
  rawBody?: { data: Blob; contentType: string };
  headers?: Record<string, string>;
  /** Bearer token for calls that need a signed-in user. */
  idToken?: string | null;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** 'no-cache' asks past the service worker's copy (a refetch after a live change). */
  cache?: RequestCache;
}

/** Makes sure the CSRF cookie exists before a write (a fresh device may not have it yet). */
async function ensureXsrfToken(): Promise<string | undefined> {
  let token = readCookie(XSRF_COOKIE);
  if (!token) {
    // From the network, never the service worker's or the HTTP cache's copy: only the server's
    // answer carries the cookie, and the write must wait for it.
    await fetch('/api/config', { credentials: 'same-origin', cache: 'no-store' }).catch(() => undefined);
    token = readCookie(XSRF_COOKIE);
  }
  return token;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.rawBody) headers['Content-Type'] = options.rawBody.contentType;
  if (options.idToken) headers.Authorization = `Bearer ${options.idToken}`;
  if (method !== 'GET' && path.startsWith('/')) {
    const token = await ensureXsrfToken();
    if (token) headers[XSRF_HEADER] = token;
  }

  const controller = new AbortController();
  const timeout = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    options.timeoutMs ?? AUTH.networkTimeoutMs,
  );
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.rawBody ? options.rawBody.data : options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: controller.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || controller.signal.reason instanceof DOMException);
    throw timedOut
      ? new ApiError(0, 'timeout', 'The server took too long to answer. Please try again.')
      : new ApiError(0, 'network', 'Could not reach the server. Check your connection and try again.');
  } finally {
    clearTimeout(timeout);
  }

  const text = await response.text();
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }
  if (!response.ok) {
    if (isApiErrorBody(payload)) {
      throw new ApiError(response.status, payload.error.code, payload.error.message, payload.error.fields);
    }
    throw new ApiError(
      response.status,
      response.status >= 500 ? 'unavailable' : 'bad_request',
      response.status >= 500 ? 'The server is unavailable right now. Please try again shortly.' : `Request failed (${response.status}).`,
    );
  }
  return payload as T;
}
