/**
 * ionicons' `icons` entry is one module of 1,300 constants: every icon any page uses loaded with
 * the first screen. Our imports of it are rewritten to one tiny module per icon, so each icon
 * travels with the pages that show it (docs/decisions/0501).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

export function ionIconsPerIcon(): Plugin {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('ionicons/icons').replace(/\.js$/, '.mjs'), 'utf8');
  const icons = new Map<string, string>();
  for (const match of source.matchAll(/^export const (\w+) = ("[^"\n]*");?$/gm)) icons.set(match[1]!, match[2]!);
  const PREFIX = '\0northwind-ionicon:';
  const importStatement = /import\s*\{([^}]*)\}\s*from\s*'ionicons\/icons';/g;
  return {
    name: 'northwind-ionicons-per-icon',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (icons.size === 0 || id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes("'ionicons/icons'")) return null;
      let changed = false;
      const rewritten = code.replace(importStatement, (statement, list: string) => {
        const specifiers = list
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => part.split(/\s+as\s+/));
        if (specifiers.some(([name]) => !icons.has(name!))) return statement;
        changed = true;
        return specifiers
          .map(([name, alias]) => `import { ${name} as ${alias ?? name} } from ${JSON.stringify(PREFIX + name)};`)
          .join('\n');
      });
      return changed ? { code: rewritten, map: null } : null;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? { id, moduleSideEffects: false } : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      return icons.has(name) ? `export const ${name} = ${icons.get(name)!};` : null;
    },
  };
}
