import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteRenderer } from '../../src/server/platform/render/site-renderer';
import { ENGINES, ONE_ENGINE, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

/** Renders the site from its source, so the database is the one thing missing. */
const sourceRenderer: SiteRenderer = {
  assets: { script: '', styles: [], preloads: [] },
  module: () => import('../../src/site/entry-server'),
};

type ApiError = { error: { code: string; message: string } };
type IdentityError = { error: { code: number; message: string; errors: Array<{ message: string; domain: string; reason: string }> } };

const IDENTITY_POST_PATHS = [
  'accounts:signUp',
  'accounts:signInWithPassword',
  'accounts:signInWithEmailLink',
  'accounts:signInWithIdp',
  'accounts:sendOobCode',
  'accounts:resetPassword',
  'accounts:update',
  'accounts:lookup',
  'accounts:delete',
  'token',
];

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBeTruthy();
}

describe.each(ONE_ENGINE)('error bodies in the documented shapes on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('answers malformed percent-encoding under /api in the /api shape, with the security headers', async () => {
    for (const path of ['/api/schedule/%FF', '/api/movies/%E0%A4%A', '/api/team-members/%C0']) {
      const response = await fetch(`${server.url}${path}`);
      const body = (await response.json()) as ApiError;
      expect(response.status, path).toBe(400);
      expect(body).toEqual({ error: { code: 'bad_request', message: expect.stringContaining('percent-encoded') } });
      expect(JSON.stringify(body)).not.toContain('FST_');
      expectSecurityHeaders(response.headers);
    }
  });

  it('answers malformed percent-encoding under /identity in the Identity Toolkit shape', async () => {
    const response = await fetch(`${server.url}/identity/v1/%FF?key=${TEST_API_KEY}`, { method: 'POST' });
    const body = (await response.json()) as IdentityError;
    expect(response.status).toBe(400);
    expect(body.error.code).toBe(400);
    expect(body.error.message).toMatch(/^INVALID_ARGUMENT : /);
    expect(body.error.errors[0]).toMatchObject({ domain: 'global', reason: 'invalid' });
    expectSecurityHeaders(response.headers);
  });

  it('sends a browser asking for a malformed page address home', async () => {
    const response = await fetch(`${server.url}/team/%FF`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expectSecurityHeaders(response.headers);
  });

  it('answers a wrong method on every identity endpoint with the Identity Toolkit NOT_FOUND body', async () => {
    for (const path of IDENTITY_POST_PATHS) {
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
        // With and without a Content-Type: a GET that names one took another 404 path.
        const contentType = method === 'GET' ? { 'content-type': 'application/json' } : undefined;
        const response = await fetch(`${server.url}/identity/v1/${path}?key=${TEST_API_KEY}`, { method, headers: contentType });
        const body = (await response.json()) as IdentityError;
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(body.error.code).toBe(404);
        expect(body.error.message).toMatch(/^NOT_FOUND/);
        expect(body.error.errors[0]?.message).toBe(body.error.message);
      }
    }
  });
});

describe.each(ENGINES)('pages during a database outage on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine, siteRenderer: sourceRenderer });
    await server.database.close();
  });
  afterAll(async () => {
    await server.app.close().catch(() => undefined);
    await server.destroy().catch(() => undefined);
  });

  it('gives a browser asking for / an HTML error page, not JSON', async () => {
    const response = await fetch(`${server.url}/`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<h1>');
    expect(html).not.toMatch(/sql|stack|Error:/i);
    expectSecurityHeaders(response.headers);
  });

  it('still answers an API client in JSON', async () => {
    const response = await fetch(`${server.url}/api/team-members`, { headers: { accept: 'application/json' } });
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(((await response.json()) as ApiError).error.code).toBeTruthy();
  });
});
