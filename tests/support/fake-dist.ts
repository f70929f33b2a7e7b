import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SiteRenderer } from '../../src/server/platform/render/site-renderer';
import { startTestServer, type TestServer } from './test-server';

/** Renders the site from its source, so a test needs no build. */
export const sourceRenderer: SiteRenderer = {
  assets: { script: '', styles: [], preloads: [] },
  module: () => import('../../src/site/entry-server'),
};

/**
 * A built client of our own for tests that need the app shell without `npm run build`: the
 * shell, a script, a service worker, two SVG pictures, and Vite's manifest under .vite/. Remove the folder when done.
 */
export function fakeDist(prefix = 'nw-dist-'): string {
  const dist = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dist, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  writeFileSync(join(dist, 'client', 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'client', 'assets', 'app-1234.js'), 'console.log(1)');
  // Files a browser can open as documents: a service worker and pictures that can hold script.
  writeFileSync(join(dist, 'client', 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(dist, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'client', 'assets', 'logo-1234.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'client', '.vite', 'manifest.json'), JSON.stringify({ 'src/app/main.tsx': { file: 'assets/app-1234.js' } }));
  return dist;
}

/** A test server over a fake build of its own (no `npm run build` needed); `stop` removes both. */
export async function startOverFakeDist(): Promise<{ server: TestServer; stop: () => Promise<void> }> {
  const dist = fakeDist();
  const server = await startTestServer({ env: { DIST_DIR: dist }, siteRenderer: sourceRenderer });
  return {
    server,
    stop: async () => {
      await server.destroy();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
