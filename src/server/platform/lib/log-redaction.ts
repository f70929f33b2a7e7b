/**
 * Query parameters that carry single-use codes or credentials: a log line must never let its
 * reader sign in, reset a password or take over a session. The API key (`key`) is not among
 * them: it is public (every browser receives it) and helps to explain INVALID_API_KEY.
 */
const SECRET_PARAMS = new Set([
  'oobcode',
  'code',
  'token',
  'id_token',
  'idtoken',
  'access_token',
  'refresh_token',
  'refreshtoken',
  'state',
  'continueurl',
]);

/** The URL as it may be logged: secret query values replaced, everything else as sent. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent; only its value could be secret.
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) && equals !== -1 ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, queryAt)}?${params.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string | undefined;
  ip?: string | undefined;
  socket?: { remotePort?: number | undefined } | undefined;
}

/** Fastify's request serializer with the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
