import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagFor } from '../lib/http-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size compression saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;

/** An answer prepared once: its bytes, tag and compressed forms, sent as is to every visitor. */
export interface PreparedResponse {
  status: number;
  contentType: string;
  cacheControl: string;
  body: Buffer;
  /** Strong tag of the uncompressed body; encoded forms add a suffix ("-br", "-gz"). */
  etag: string;
  br: Buffer | null;
  gzip: Buffer | null;
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
  return {
    status: options.status ?? 200,
    contentType: options.contentType,
    cacheControl: options.cacheControl,
    body,
    etag: etagFor(body),
    br,
    gzip: gz,
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
  const base = etag.slice(0, -1);
  for (const part of header.slice(0, 2048).split(',')) {
    const candidate = part.trim().replace(/^W\//, '');
    if (candidate === '*' || candidate === etag || candidate === `${base}-br"` || candidate === `${base}-gz"`) return true;
  }
  return false;
}

/** Sends a prepared answer: 304 when the client has it, else the best encoded form it accepts. */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedResponse): void {
  const compressible = prepared.br !== null || prepared.gzip !== null;
  reply.header('Cache-Control', prepared.cacheControl);
  if (compressible) reply.header('Vary', 'Accept-Encoding');
  const encoding = compressible ? chooseEncoding(request.headers['accept-encoding']) : null;
  const encoded = encoding === 'br' ? prepared.br : encoding === 'gzip' ? prepared.gzip : null;
  const tagged = encoded ? `${prepared.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"` : prepared.etag;
  reply.header('ETag', tagged);
  if (prepared.status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], prepared.etag)) {
    reply.status(304).send();
    return;
  }
  reply.status(prepared.status).header('Content-Type', prepared.contentType);
  if (encoded) {
    // Setting Content-Encoding tells @fastify/compress the body is already compressed.
    reply.header('Content-Encoding', encoding!).send(encoded);
    return;
  }
  reply.send(prepared.body);
}

/**
 * Route options of routes answering with prepared responses: their bodies are compressed
 * already, so @fastify/compress's hooks (which otherwise run on every request) stay off them.
 */
export const PREPARED_ROUTE = { compress: false, decompress: false } as const;
