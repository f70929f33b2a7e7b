/**
 * Writes `.vite/modules.json` beside Vite's manifest: which source modules each output file holds,
 * by path from the project's root. The budget check reads it to tell, without a browser, which
 * code a screen or a part of one loads (`npm run check:budgets`); dot paths are neither served
 * nor precached.
 */
import { relative } from 'node:path';
import type { Plugin } from 'vite';

export const MODULE_MAP_FILE = '.vite/modules.json';

/** Output file → the modules in it, each as a path from `root` (virtual ones left out). */
export type ModuleMap = Record<string, string[]>;

export function moduleMap(): Plugin {
  let root = process.cwd();
  return {
    name: 'northwind-module-map',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const map: ModuleMap = {};
      for (const item of Object.values(bundle))
        if (item.type === 'chunk')
          map[item.fileName] = item.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => relative(root, id).replace(/\\/g, '/'));
      this.emitFile({ type: 'asset', fileName: MODULE_MAP_FILE, source: JSON.stringify(map) });
    },
  };
}
