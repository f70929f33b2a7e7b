// The benchmarks call the server's own modules (TypeScript) directly: one entry, bundled by
// esbuild with the packages left external, written beside the sources so they resolve from
// node_modules, imported, and removed again.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Imports `entry` (TypeScript re-exports relative to the project's root) as one module. */
export async function importSources(name, entry) {
  const bundle = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    write: false,
  });
  const modulePath = join(process.cwd(), `.bench-${name}-${process.pid}.mjs`);
  writeFileSync(modulePath, bundle.outputFiles[0].text);
  try {
    return await import(modulePath);
  } finally {
    rmSync(modulePath, { force: true });
  }
}
