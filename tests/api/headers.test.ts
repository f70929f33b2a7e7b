import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteRenderer } from '../../src/server/render/site-renderer';
import { startTestServer, type TestServer } from '../support/test-server';

/** Renders the site from its source, so this test needs no build. */
const sourceRenderer: SiteRenderer = {
  assets: { script: '', styles: [], preloads: [] },
  module: () => import('../../src/site/entry-server'),
};

/** A built client of our own: the app shell, an asset, and Vite's manifest under .vite/. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'nw-dist-'));
  mkdirSync(join(dist, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  writeFileSync(join(dist, 'client', 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'client', 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(dist, 'client', '.vite', 'manifest.json'), JSON.stringify({ 'src/app/main.tsx': { file: 'assets/app-1234.js' } }));
  return dist;
}

describe('what the server shows the public', () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = fakeDist();
    server = await startTestServer({ env: { DIST_DIR: dist }, siteRenderer: sourceRenderer });
  });
  afterAll(async () => {
    await server?.destroy();
    rmSync(dist, { recursive: true, force: true });
  });

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

  it('sends a Permissions-Policy on pages, files and API answers', async () => {
    for (const path of ['/', '/app/tabs/home', '/assets/app-1234.js', '/api/config', '/api/no-such-thing']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      await response.arrayBuffer();
      const policy = response.headers.get('permissions-policy');
      expect(policy, path).toContain('camera=()');
      expect(policy, path).toContain('geolocation=()');
      expect(policy, path).toContain('microphone=()');
    }
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
