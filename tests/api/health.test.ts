import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer, type TestServer } from '../support/test-server';

/** Sends raw HTTP/1.1 requests over one socket; `next` writes another on the same socket. */
function rawConnection(url: string) {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`),
    received: () => received,
    closed,
    destroy: () => socket.destroy(),
  };
}

describe.each(ENGINES)('health and lifecycle on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine, seed: false, env: { INSTANCE_ID: 'web-7' } });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('answers liveness and readiness', async () => {
    const live = await server.client.get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok', instance: 'web-7' });
    expect(live.headers.get('cache-control')).toBe('no-store');
    const ready = await server.client.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      instance: 'web-7',
      checks: { database: 'up', redis: 'not_configured', draining: false },
    });
    // The old endpoint keeps its shape.
    expect((await server.client.get('/api/health')).body).toEqual({ status: 'ok', database: 'up', engine });
  });

  it('names the instance in every response, errors included', async () => {
    expect((await server.client.get('/api/health')).headers.get('x-instance')).toBe('web-7');
    const missing = await server.client.get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-instance')).toBe('web-7');
  });

  it('fails readiness while draining and keeps serving everything else', async () => {
    const other = await startTestServer({ engine, seed: false });
    try {
      other.app.lifecycle.startDraining();
      const ready = await other.client.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('5');
      expect(ready.body).toMatchObject({
        error: { code: 'unavailable', message: 'This instance is shutting down.' },
        status: 'not_ready',
        checks: { database: 'up', draining: true },
      });
      expect((await other.client.get('/api/health/live')).status).toBe(200);
      expect((await other.client.get('/api/health')).status).toBe(200);
    } finally {
      await other.destroy();
    }
  });

  it('answers requests that arrive while closing in the documented formats, then closes the socket', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const other = await startTestServer({
      engine,
      seed: false,
      // A streamed response whose headers (with keep-alive) leave before shutdown begins.
      routes: (app) =>
        app.get('/api/test-held', async (_request, reply) => {
          const stream = new PassThrough();
          stream.write('started ');
          void held.then(() => stream.end('finished'));
          entered();
          return reply.type('text/plain').send(stream);
        }),
    });
    const api = rawConnection(other.url);
    const identity = rawConnection(other.url);
    try {
      api.send('/api/test-held');
      await inside;
      identity.send('/api/test-held');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closing = other.stop();
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Sockets with a request in flight stay open; a new request on them arrives during shutdown.
      api.send('/api/health');
      identity.send('/identity/v1/accounts:lookup');
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await Promise.all([api.closed, identity.closed]);
      await closing;

      const [first, second] = api.received().split(/(?=HTTP\/1\.1 )/);
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      expect(first).toMatch(/connection: keep-alive/i);
      expect(first).toContain('finished');
      expect(second).toMatch(/^HTTP\/1\.1 503/);
      expect(second).toMatch(/\r\nconnection: close\r\n/i);
      expect(second).toMatch(/\r\nretry-after: 5\r\n/i);
      expect(second).toContain('"error":{"code":"unavailable","message":"This server is shutting down. Please try again."}');

      const identityAnswers = identity.received().split(/(?=HTTP\/1\.1 )/);
      expect(identityAnswers[1]).toMatch(/^HTTP\/1\.1 503/);
      expect(identityAnswers[1]).toContain('"message":"UNAVAILABLE : This server is shutting down. Please try again."');
    } finally {
      release();
      api.destroy();
      identity.destroy();
      await other.destroy();
    }
  });
});
