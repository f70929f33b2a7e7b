import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SiteRenderer } from '../../src/server/render/site-renderer';

/** Renders the site from its source, so a test needs no build. */
export const sourceRenderer: SiteRenderer = {
  assets: { script: '', styles: [], preloads: [] },
  module: () => import('../../src/site/entry-server'),
};

/**
 * A built client of our own for tests that need the app shell without `npm run build`: the
 * shell, an asset, and Vite's manifest under .vite/. Remove the folder when done.
 */
export function fakeDist(prefix = 'nw-dist-'): string {
  const dist = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dist, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  writeFileSync(join(dist, 'client', 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'client', 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(dist, 'client', '.vite', 'manifest.json'), JSON.stringify({ 'src/app/main.tsx': { file: 'assets/app-1234.js' } }));
  return dist;
}
