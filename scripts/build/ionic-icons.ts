/**
 * ionicons' `icons` entry is one module of every icon's constant: every icon any page uses loaded with
 * the first screen. Our imports of it are rewritten to one tiny module per icon, so each icon
 * travels with the pages that show it (docs/decisions/0500).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { asBuildError, expectMatches, SurgeryError } from './surgery-error.ts';

const ICON_EXPORT = /^export const (\w+) = ("[^"\n]*");?$/gm;
const IMPORT_STATEMENT = /import\s*\{([^}]*)\}\s*from\s*'ionicons\/icons';/g;
const ANY_IMPORT = /['"]ionicons\/icons['"]/g;
const PREFIX = '\0northwind-ionicon:';
// Far fewer icons than ionicons ships means the export pattern lost most of them.
const MIN_ICONS = 1000;

/** ionicons' icons by name (their data URLs, as source text), read from its `icons` module `file`. */
export function readIcons(source: string, file: string): Map<string, string> {
  const icons = new Map<string, string>();
  for (const match of source.matchAll(ICON_EXPORT)) icons.set(match[1]!, match[2]!);
  expectMatches('icon export', icons.size, MIN_ICONS, { packageName: 'ionicons', file });
  return icons;
}

/**
 * Module `id`'s code with each import of 'ionicons/icons' rewritten to the icons' own modules, or
 * null when it has none; throws when an import is left as it was (its form or an icon unknown).
 */
export function rewriteIconImports(code: string, id: string, icons: ReadonlyMap<string, string>, iconsFile: string): string | null {
  const imports = (code.match(ANY_IMPORT) ?? []).length;
  if (imports === 0) return null;
  let rewrittenCount = 0;
  const rewritten = code.replace(IMPORT_STATEMENT, (_statement, list: string) => {
    const specifiers = list
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => part.split(/\s+as\s+/));
    const unknown = specifiers.find(([name]) => !icons.has(name!));
    if (unknown) throw new SurgeryError('icon export', 'ionicons', iconsFile, `matched nothing for ${unknown[0]!}, imported by ${id}`);
    rewrittenCount++;
    return specifiers.map(([name, alias]) => `import { ${name} as ${alias ?? name} } from ${JSON.stringify(PREFIX + name)};`).join('\n');
  });
  if (rewrittenCount !== imports)
    throw new SurgeryError(
      'icons import statement',
      'ionicons',
      id,
      `matched ${rewrittenCount} of its ${imports} imports of ionicons/icons`,
    );
  return rewritten;
}

export function ionIconsPerIcon(): Plugin {
  const iconsFile = createRequire(import.meta.url)
    .resolve('ionicons/icons')
    .replace(/\.js$/, '.mjs');
  let icons: Map<string, string> | undefined;
  return {
    name: 'northwind-ionicons-per-icon',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      icons = asBuildError(this, () => readIcons(readFileSync(iconsFile, 'utf8'), iconsFile));
    },
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id)) return null;
      const rewritten = asBuildError(this, () => rewriteIconImports(code, id, icons!, iconsFile));
      return rewritten === null ? null : { code: rewritten, map: null };
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? { id, moduleSideEffects: false } : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      return icons!.has(name) ? `export const ${name} = ${icons!.get(name)!};` : null;
    },
  };
}
