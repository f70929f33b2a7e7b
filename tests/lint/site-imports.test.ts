import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The modules a source file imports with a static `import` (dynamic imports load later, on their own). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)) {
    if (match[1]) continue; // type-only: erased from the bundle
    found.push(match[2] ?? match[3]!);
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && !candidate.endsWith('/')) {
      try {
        readFileSync(candidate);
        return candidate;
      } catch {
        // a directory
      }
    }
  }
  return null;
}

/** Every package the static import graph from `entry` reaches, with a path that leads to it. */
function packagesReached(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...trail, relative(ROOT, file)];
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const next = resolveLocal(file, specifier);
        if (next && /\.tsx?$/.test(next)) walk(next, here);
      } else if (!packages.has(specifier)) packages.set(specifier, here);
    }
  };
  walk(join(ROOT, entry), []);
  return packages;
}

/**
 * The site's first load has a budget of 25 KB of JavaScript (docs/performance.md). Full zod is
 * 24 KB by itself: a shared module that validates with it (a schema beside plain data) once put
 * it on every site page. Schemas live in modules of their own; the site may use `zod/mini`.
 */
describe('the site’s first load', () => {
  it('imports no full zod, no Ionic and no app code, through any module', () => {
    const reached = packagesReached('src/site/entry-client.tsx');
    const heavy = [...reached.keys()].filter((name) => name === 'zod' || name === 'zod/v4' || name.startsWith('@ionic/'));
    expect(heavy.map((name) => `${name} via ${reached.get(name)!.join(' -> ')}`)).toEqual([]);
    expect(reached.has('preact') || reached.has('react-dom/client') || reached.has('react-dom')).toBe(true);
  });

  it('finds full zod when a module on the way imports it (the check itself)', () => {
    expect(staticImports("import { z } from 'zod';\nimport type { X } from './x';\nexport { y } from './y';")).toEqual(['zod', './y']);
    expect(packagesReached('src/common/site-texts-schema.ts').has('zod')).toBe(true);
  });
});
