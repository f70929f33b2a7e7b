import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOverFakeDist } from '../support/fake-dist';
import type { TestServer } from '../support/test-server';

/** Decision 0112: the sign-in popup must keep its link to the page that opened it. */
describe('Cross-Origin-Opener-Policy for provider sign-in', () => {
  let server: TestServer;
  let stop: (() => Promise<void>) | undefined;
  // A shell of our own: the test needs no `npm run build`.
  beforeAll(async () => {
    ({ server, stop } = await startOverFakeDist());
  });
  afterAll(async () => stop?.());

  it('lets the app pages keep their popups, and the handler page keep its opener', async () => {
    const login = await server.client.get('/login', { accept: 'text/html' });
    expect(login.status).toBe(200);
    expect(login.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    const handler = await server.client.get('/auth/handler?code=x&state=y', { accept: 'text/html' });
    expect(handler.status).toBe(200);
    expect(handler.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    // The copy of the shell the service worker keeps and opens offline.
    const shell = await server.client.get('/index.html', { accept: 'text/html' });
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('keeps the site pages, which open no popup, isolated', async () => {
    const about = await server.client.get('/about', { accept: 'text/html' });
    expect(about.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('leaves the API with the default policy', async () => {
    const response = await server.client.get('/api/health');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });
});
