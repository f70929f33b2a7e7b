import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_ENGINE, startTestServer, type TestServer } from '../support/test-server';

type ErrorBody = { error: { code: string; message: string } };

const message = { name: 'Ada', email: 'ada@example.com', message: 'A message long enough to store.' };

async function count(server: TestServer): Promise<number> {
  const row = await server.database.db
    .selectFrom('support_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One raw HTTP/1.1 exchange, for request targets fetch() would not send as they are. */
function rawRequest(server: TestServer, head: string, body: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}

describe.each(ONE_ENGINE)('CSRF protection on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('checks a write whose path is percent-encoded (/%61pi/...) like any other /api write', async () => {
    const before = await count(server);
    const response = await server.client.request<ErrorBody>('POST', '/%61pi/support-messages', { body: message, csrf: false });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('csrf_failed');
    expect(await count(server)).toBe(before);
  });

  it('checks a write sent with an absolute-form request target', async () => {
    const before = await count(server);
    const { host } = new URL(server.url);
    const answer = await rawRequest(
      server,
      `POST http://${host}/api/support-messages HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json`,
      JSON.stringify(message),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toContain('"csrf_failed"');
    expect(await count(server)).toBe(before);
  });

  it('refuses a cookie and header the server did not issue, even when they agree', async () => {
    const before = await count(server);
    // A fresh client (no cookie jar): the cookie and header are the attacker's alone.
    const response = await fetch(`${server.url}/api/support-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=attacker-chosen', 'x-xsrf-token': 'attacker-chosen' },
      body: JSON.stringify(message),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).error.code).toBe('csrf_failed');
    expect(await count(server)).toBe(before);
    // The planted cookie is replaced by one the server signed.
    expect(response.headers.getSetCookie().join()).toMatch(/XSRF-TOKEN=[\w-]+\.[\w-]+/);
  });

  it('accepts the token it issued, echoed in the header, and keeps it across requests', async () => {
    const first = await server.client.post('/api/support-messages', message);
    expect(first.status).toBe(201);
    const token = server.client.cookie('XSRF-TOKEN');
    const second = await server.client.get('/api/config');
    expect(second.headers.getSetCookie().join()).not.toContain('XSRF-TOKEN');
    expect(server.client.cookie('XSRF-TOKEN')).toBe(token);
  });

  it('hands out the cookie on the documents whose script writes and /api/config only, and only when missing', async () => {
    const setCookie = async (path: string, cookie?: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
      await response.arrayBuffer();
      return response.headers.getSetCookie().join('\n');
    };
    const issued = /^XSRF-TOKEN=[\w-]+\.[\w-]+; Path=\/; SameSite=Strict$/;
    // Where a browser arrives and may write (the contact page, the app's shell) and what the API
    // client asks first when it has no token.
    for (const path of ['/support', '/app', '/login', '/admin', '/api/config']) expect(await setCookie(path), path).toMatch(issued);
    // The site's other pages write nothing: the same bytes for everyone, no Set-Cookie (decision
    // 0004). JSON reads and unknown addresses neither: nothing there needs the token.
    const readOnly = ['/', '/about', '/team', '/news', '/api/services', '/api/movies', '/api/health', '/sitemap.xml', '/api/nothing-here'];
    for (const path of readOnly) expect(await setCookie(path), path).toBe('');
    // A visitor holding a valid token keeps it; an unsigned one is replaced.
    const token = /XSRF-TOKEN=([^;]+)/.exec(await setCookie('/support'))![1]!;
    expect(await setCookie('/support', `XSRF-TOKEN=${token}`)).toBe('');
    expect(await setCookie('/api/config', `XSRF-TOKEN=${token}`)).toBe('');
    expect(await setCookie('/support', 'XSRF-TOKEN=planted.value')).toMatch(issued);
    expect(await setCookie('/app', 'XSRF-TOKEN=planted.value')).toMatch(issued);
  });

  it('lets a fresh browser write: the token from a page, or from /api/config, is accepted', async () => {
    for (const path of ['/support', '/login', '/api/config']) {
      const before = await count(server);
      const first = await fetch(`${server.url}${path}`);
      await first.arrayBuffer();
      const token = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join())![1]!;
      const write = await fetch(`${server.url}/api/support-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
        body: JSON.stringify(message),
      });
      expect(write.status, path).toBe(201);
      expect(write.headers.getSetCookie().join(), path).not.toContain('XSRF-TOKEN');
      expect(await count(server)).toBe(before + 1);
    }
  });

  it('refuses concurrent writes without the header, storing none of them', async () => {
    const before = await count(server);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.client.request<ErrorBody>('POST', '/api/support-messages', { body: message, csrf: false })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(403));
    expect(await count(server)).toBe(before);
  });

  it('accepts a token issued by another instance on the same database', async () => {
    const other = await server.restart();
    server = other;
    const response = await server.client.post('/api/support-messages', message);
    expect(response.status).toBe(201);
  });
});
