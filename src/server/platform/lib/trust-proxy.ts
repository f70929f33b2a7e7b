import { isIP } from 'node:net';

/** What Fastify's `trustProxy` receives: nothing trusted, a number of hops, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY (decision 0612). `true` is refused: it trusts the left-most
 * X-Forwarded-For entry, which the client writes itself, so every per-address limit could be
 * dodged with a made-up entry per request.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new Error(
      'true would trust whatever a client writes in X-Forwarded-For; set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.2,10.0.1.0/24)',
    );
  }
  if (/^\d{1,2}$/.test(value)) return Number(value);
  if (value.length > 2000) throw new Error('is too long');
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined || entries.length === 0) {
    throw new Error(
      `must be false, a number of trusted proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges${bad ? ` ("${bad}" is neither)` : ''}`,
    );
  }
  return entries;
}

/**
 * The option for Fastify. A hop count becomes a function: Fastify treats a bare number as
 * "trust nothing" (it cannot check the immediate peer), while we want the documented meaning:
 * the last `hops` addresses (the socket peer and the entries our own proxies appended) are
 * proxies, and the entry before them is the client. That is only true when nothing reaches the
 * server except through those proxies (docs/security.md).
 */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
