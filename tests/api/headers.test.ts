import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDist, sourceRenderer, startOverFakeDist } from '../support/fake-dist';
import { startTestServer, type TestServer } from '../support/test-server';

describe('what the server shows the public', () => {
  let server: TestServer;
  let stop: (() => Promise<void>) | undefined;
  // A shell of our own: the test needs no `npm run build`.
  beforeAll(async () => {
    ({ server, stop } = await startOverFakeDist());
  });
  afterAll(async () => stop?.());

  it('serves the built files but never the build manifest', async () => {
    const asset = await fetch(`${server.url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    await asset.arrayBuffer();
    for (const path of ['/.vite/manifest.json', '/.vite/', '/assets/../.vite/manifest.json', '/%2evite/manifest.json']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).not.toBe(200);
      expect(await response.text()).not.toContain('src/app/main.tsx');
    }
  });

  it('sends a Permissions-Policy on pages, files that can be opened as pages, and API answers', async () => {
    for (const path of ['/', '/app/tabs/home', '/favicon.svg', '/assets/logo-1234.svg', '/sw.js', '/api/config', '/api/no-such-thing']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      await response.arrayBuffer();
      if (!path.startsWith('/api/')) expect(response.status, path).toBe(200);
      const policy = response.headers.get('permissions-policy');
      expect(policy, path).toContain('camera=()');
      expect(policy, path).toContain('geolocation=()');
      expect(policy, path).toContain('microphone=()');
    }
  });

  it('sends a built script only the headers that mean something on it (decision 0620)', async () => {
    const response = await fetch(`${server.url}/assets/app-1234.js`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    for (const name of [
      'content-security-policy',
      'permissions-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
    ])
      expect(response.headers.get(name), name).toBeNull();
    // Immutable: cached for a year and never revalidated, so no validators; no ranges either.
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(response.headers.get(name), name).toBeNull();
    // A file without a hash in its name is revalidated, with its validator.
    const worker = await fetch(`${server.url}/sw.js`);
    await worker.arrayBuffer();
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('etag')).toBeTruthy();
  });

  it("keeps 'unsafe-inline' styles out of the site's pages, and only in the app shell", async () => {
    for (const path of ['/', '/about', '/team', '/support']) {
      const response = await fetch(`${server.url}${path}`);
      await response.arrayBuffer();
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("style-src 'self'");
      expect(csp, path).not.toContain('unsafe-inline');
    }
    const shell = await fetch(`${server.url}/app/tabs/home`);
    await shell.arrayBuffer();
    const app = shell.headers.get('content-security-policy') ?? '';
    expect(app).toContain("style-src 'self' 'unsafe-inline'");
    expect(app).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('the videos of the video example', () => {
  let server: TestServer | undefined;
  const dist = fakeDist();
  beforeAll(async () => {
    mkdirSync(join(dist, 'client', 'videos'));
    writeFileSync(join(dist, 'client', 'videos', 'year-2024.webm'), Buffer.alloc(3000, 1));
    server = await startTestServer({ env: { DIST_DIR: dist }, siteRenderer: sourceRenderer });
  });
  afterAll(async () => {
    await server?.destroy();
    rmSync(dist, { recursive: true, force: true });
  });

  it('are served in ranges, so the player can seek', async () => {
    const response = await fetch(`${server!.url}/videos/year-2024.webm`, { headers: { Range: 'bytes=1000-1999' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 1000-1999/3000');
    expect((await response.arrayBuffer()).byteLength).toBe(1000);
  });
});
