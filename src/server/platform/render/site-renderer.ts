import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Writable } from 'node:stream';
import type { SitePageData } from '../../../common/site-data';
import type { SiteAssets } from './document';

/** What the site's server entry (src/site/entry-server.tsx) exports once built. */
export interface SiteRenderModule {
  /** Resolves when the shell is ready; then `pipe` streams the markup into a writable. */
  renderSite(data: SitePageData): Promise<{ pipe: <W extends Writable>(destination: W) => W; abort: () => void }>;
}

export interface SiteRenderer {
  module: () => Promise<SiteRenderModule>;
  assets: SiteAssets;
}

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
}

const SITE_ENTRY = 'src/site/entry-client.tsx';

/** Collects the script, its stylesheets and its static imports from Vite's build manifest. */
export function readSiteAssets(clientDir: string): SiteAssets {
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { script: '', styles: [], preloads: [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
  const entry = manifest[SITE_ENTRY];
  if (!entry) return { script: '', styles: [], preloads: [] };
  const styles = new Set<string>(entry.css ?? []);
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    chunk.css?.forEach((css) => styles.add(css));
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  return {
    script: `/${entry.file}`,
    styles: [...styles].map((file) => `/${file}`),
    preloads: [...preloads].map((file) => `/${file}`),
  };
}

/** The renderer of a built client: dist/ssr/entry-server.js plus dist/client's manifest. */
export function builtSiteRenderer(distDir: string): SiteRenderer {
  const root = resolve(distDir);
  let loaded: Promise<SiteRenderModule> | undefined;
  return {
    assets: readSiteAssets(join(root, 'client')),
    module: () => {
      loaded ??= import(pathToFileURL(join(root, 'ssr', 'entry-server.js')).href) as Promise<SiteRenderModule>;
      return loaded;
    },
  };
}
