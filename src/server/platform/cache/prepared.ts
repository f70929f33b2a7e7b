import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { etagFor } from '../lib/http-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size compression saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;

/** One encoded form of a prepared answer: its bytes and every header that goes with them. */
interface PreparedForm {
  body: Buffer;
  /** Lower-case names, as Fastify keeps them: the headers of a 200 (or the answer's status). */
  headers: Readonly<Record<string, string>>;
  /** The headers of a 304 for this form: no body, so no type, encoding or length. */
  notModifiedHeaders: Readonly<Record<string, string>>;
}

/** An answer prepared once: its bytes, tag and compressed forms, sent as is to every visitor. */
export interface PreparedResponse {
  status: number;
  /** Strong tag of the uncompressed body; encoded forms add a suffix ("-br", "-gz"). */
  etag: string;
  identity: PreparedForm;
  br: PreparedForm | null;
  gzip: PreparedForm | null;
}

/** The tag of an encoded form: the body's tag with "-br" or "-gz" inside its quotes. */
function encodedEtag(etag: string, encoding: 'br' | 'gzip'): string {
  return `${etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

function preparedForm(
  body: Buffer,
  options: { contentType: string; cacheControl: string; etag: string; compressible: boolean; encoding: 'br' | 'gzip' | null },
): PreparedForm {
  const etag = options.encoding ? encodedEtag(options.etag, options.encoding) : options.etag;
  const notModifiedHeaders: Record<string, string> = { 'cache-control': options.cacheControl };
  if (options.compressible) notModifiedHeaders.vary = 'Accept-Encoding';
  notModifiedHeaders.etag = etag;
  const headers: Record<string, string> = { ...notModifiedHeaders, 'content-type': options.contentType };
  if (options.encoding) headers['content-encoding'] = options.encoding;
  headers['content-length'] = String(body.length);
  return { body, headers, notModifiedHeaders };
}

/**
 * Serialises nothing itself: takes the final bytes, tags them, and compresses them once with
 * the strongest settings (this runs once per content version, off the main thread).
 */
export async function prepareResponse(options: {
  body: string | Buffer;
  contentType: string;
  cacheControl: string;
  status?: number;
}): Promise<PreparedResponse> {
  const body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  let br: Buffer | null = null;
  let gz: Buffer | null = null;
  if (body.length >= COMPRESS_MIN_BYTES) {
    [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: zlib.Z_BEST_COMPRESSION }),
    ]);
    if (br.length >= body.length) br = null;
    if (gz.length >= body.length) gz = null;
  }
  const etag = etagFor(body);
  const form = (bytes: Buffer, encoding: 'br' | 'gzip' | null) =>
    preparedForm(bytes, { ...options, etag, compressible: br !== null || gz !== null, encoding });
  return {
    status: options.status ?? 200,
    etag,
    identity: form(body, null),
    br: br && form(br, 'br'),
    gzip: gz && form(gz, 'gzip'),
  };
}

/** Accept-Encoding longer than this is cut before looking at it. */
const MAX_ACCEPT_ENCODING = 256;

/**
 * Which prepared form to send: brotli, then gzip, when the client accepts them (q=0 refuses).
 * Not a general negotiator: we only ever have these two and the plain bytes.
 */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let br = false;
  let gzip = false;
  for (const part of header.slice(0, MAX_ACCEPT_ENCODING).split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name === 'br') br = !refused;
    else if (name === 'gzip' || name === 'x-gzip') gzip = !refused;
  }
  if (br) return 'br';
  if (gzip) return 'gzip';
  return null;
}

/** True when an If-None-Match header names this tag in any of its encodings (or is "*"). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  for (const part of header.slice(0, 2048).split(',')) {
    const candidate = part.trim().replace(/^W\//, '');
    if (candidate === '*' || candidate === etag || candidate === encodedEtag(etag, 'br') || candidate === encodedEtag(etag, 'gzip'))
      return true;
  }
  return false;
}

/**
 * Sends a prepared answer: 304 when the client has it, else the best encoded form it accepts.
 *
 * Written to the socket directly (decision 0804): the headers the request's hooks set before the
 * handler (the security headers, the instance, a CSRF cookie) are taken as they are, the answer's
 * own headers were made with it, and Fastify's send path (a header call each, the onSend hooks,
 * the length and type checks) is skipped; the onResponse hooks (request log, metrics, Insights)
 * still run when the answer has gone. So no onSend hook applies to a prepared answer: the routes
 * that send them are public reads, with compression off (PREPARED_ROUTE), and the one global
 * onSend rule (Connection: close once the server is closing) is applied here.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedResponse): void {
  const encoding = prepared.br !== null || prepared.gzip !== null ? chooseEncoding(request.headers['accept-encoding']) : null;
  const form = (encoding === 'br' ? prepared.br : encoding === 'gzip' ? prepared.gzip : null) ?? prepared.identity;
  const notModified = prepared.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], prepared.etag);
  const headers = reply.getHeaders();
  Object.assign(headers, notModified ? form.notModifiedHeaders : form.headers);
  if (request.server.lifecycle?.closing) headers.connection = 'close';
  reply.hijack();
  // The values Fastify itself would hand to writeHead (numbers are written as text).
  reply.raw.writeHead(notModified ? 304 : prepared.status, headers as OutgoingHttpHeaders);
  if (notModified) reply.raw.end();
  else reply.raw.end(form.body);
}

/**
 * Route options of routes answering with prepared responses: their bodies are compressed
 * already, so @fastify/compress's hooks (which otherwise run on every request) stay off them.
 */
export const PREPARED_ROUTE = { compress: false, decompress: false } as const;
