// The bundler gives a dynamically imported module that shares its file with other modules a
// file of its own that only re-exports it (a "facade": `export{n as default}from"./screen-demo.js"`),
// so the import gets exactly that module's names. Each is one more request (fifteen in the app,
// six before the Demo list is drawn) for no code. This rewrites every `import("./facade.js")` to
// import the file holding the code and build the same names from it, points Vite's preload lists
// at that file, and drops the facade. See docs/decisions/0500-first-screens.md.
import type { Plugin } from 'vite';
import { SurgeryError } from './surgery-error.ts';

/** A facade's whole text: optional bare imports (run first), then one re-export from one file. */
const FACADE = /^((?:import"\.\/[\w.-]+";)*)export\{([\w$ ,]*)\}from"\.\/([\w.-]+)";?$/;
const BARE_IMPORT = /import"\.\/([\w.-]+)"/g;
const NAME = /^([\w$]+)(?: as ([\w$]+))?$/;
/**
 * Any file of re-exports alone from its own folder, in whatever spelling: one that `FACADE` misses means the
 * bundler's output changed shape, and the build stops rather than keep the requests.
 */
const REEXPORTS_ONLY = /^(?:import\s*["']\.\/[^"'/]+["'];?\s*)*export\s*\{[^}]*\}\s*from\s*["']\.\/[^"'/]+["'];?$/;

const dirOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '');
const baseOf = (file: string) => file.slice(dirOf(file).length);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The part of the bundler's output chunk this reads and rewrites. */
export interface Chunk {
  type: 'chunk';
  code: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  sourcemapFileName?: string | null;
}
export type Bundle = Record<string, Chunk | { type: 'asset' }>;
export interface Facade {
  target: string;
  /** [the name in the target's file, the name the import sees] */
  names: Array<[string, string]>;
}

/**
 * The facades that can go: the file is nothing but a facade, in the same folder as its target,
 * no file imports it statically, and whatever it runs first the target runs too.
 */
export function findFacades(bundle: Bundle): Map<string, Facade> {
  const chunks = Object.entries(bundle).filter((entry): entry is [string, Chunk] => entry[1].type === 'chunk');
  const importedStatically = new Set(chunks.flatMap(([, chunk]) => chunk.imports));
  const facades = new Map<string, Facade>();
  for (const [file, chunk] of chunks) {
    if (chunk.isEntry || importedStatically.has(file) || chunk.code.length > 2000) continue;
    const match = FACADE.exec(chunk.code.trim());
    if (!match && REEXPORTS_ONLY.test(chunk.code.trim()))
      throw new SurgeryError('facade', 'vite', file, 'did not match a file of re-exports alone');
    if (!match) continue;
    const dir = dirOf(file);
    const target = dir + match[3]!;
    const targetChunk = bundle[target];
    if (!targetChunk || targetChunk.type !== 'chunk') continue;
    const runsFirst = [...match[1]!.matchAll(BARE_IMPORT)].map((bare) => dir + bare[1]!);
    if (!runsFirst.every((first) => targetChunk.imports.includes(first))) continue;
    const names: Array<[string, string]> = [];
    for (const part of match[2]!.split(',')) {
      const name = NAME.exec(part.trim());
      if (!name) throw new SurgeryError('facade name', 'vite', file, `did not match "${part.trim()}"`);
      names.push([name[1]!, name[2] ?? name[1]!]);
    }
    if (names.length === 0) throw new SurgeryError('facade name', 'vite', file, 'matched nothing');
    facades.set(file, { target, names });
  }
  return facades;
}

/**
 * Rewrites the bundle in place without the facades `findFacades` names; returns the files dropped.
 * Throws when a dropped file is still named anywhere (a form of import this does not know).
 */
export function dropFacades(bundle: Bundle): string[] {
  const facades = findFacades(bundle);
  const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
  for (const chunk of chunks) {
    for (const [facade, { target, names }] of facades) {
      if (!chunk.code.includes(baseOf(facade))) continue;
      const namespace = `m=>({${names.map(([local, exported]) => `${exported}:m.${local}`).join(',')}})`;
      // import(`./facade.js`) or import("./facade.js"), from a file in the same folder.
      const dynamicImport = new RegExp(`import\\((\`|")\\./${escape(baseOf(facade))}\\1\\)`, 'g');
      chunk.code = chunk.code
        .replace(dynamicImport, (_whole, quote: string) => `import(${quote}./${baseOf(target)}${quote}).then(${namespace})`)
        // Vite's preload lists name files from the output root ("assets/facade.js").
        .replaceAll(`"${facade}"`, `"${target}"`);
      chunk.dynamicImports = chunk.dynamicImports.map((file) => (file === facade ? target : file));
    }
  }
  for (const facade of facades.keys()) {
    const map = (bundle[facade] as Chunk).sourcemapFileName;
    delete bundle[facade];
    if (map) delete bundle[map];
  }
  for (const chunk of chunks)
    for (const facade of facades.keys())
      if (chunk.code.includes(baseOf(facade)))
        throw new Error(`${baseOf(facade)} was dropped but is still named by a chunk: an import form drop-facades does not rewrite`);
  return [...facades.keys()];
}

/**
 * No file that only re-exports another (decision 0500): each was a
 * request for no code, six of them before the Demo list is drawn. After Vite's own rewriting
 * (its preload lists name the files), before anything is written or precached.
 */
export function noFacadeFiles(): Plugin {
  return {
    name: 'northwind-no-facade-files',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      dropFacades(bundle as unknown as Bundle);
    },
  };
}
