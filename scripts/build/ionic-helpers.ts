/**
 * Ionic's helper files (`p-….js`, named by content hashes) that the code-splitting groups place
 * by hand, found by reading @ionic/core's own component files. A set found empty or smaller than
 * Ionic ships is a build error (`SurgeryError`): the groups would quietly leave the helpers where
 * the bundler puts them, in bigger files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expectExactly, expectMatches, SurgeryError } from './surgery-error.ts';

export const ionicComponentsDir = dirname(createRequire(import.meta.url).resolve('@ionic/core/components/ion-label.js'));
const HELPER_IMPORT = /from"\.\/(p-[\w-]+\.js)"/g;

/** Reads a file of @ionic/core's components folder. */
export type ReadComponent = (file: string) => string;
const readComponent: ReadComponent = (file) => readFileSync(join(ionicComponentsDir, file), 'utf8');

/** The `p-*.js` files an @ionic/core component file imports, as Ionic ships them (one at least). */
export function ionicImportsOf(file: string, read: ReadComponent = readComponent): string[] {
  const imports = [...read(file).matchAll(HELPER_IMPORT)].map((match) => match[1]!);
  expectMatches('helper import', imports.length, 1, { packageName: '@ionic/core', file: join(ionicComponentsDir, file) });
  return imports;
}

// The sets below hold what Ionic 9 ships; fewer means the helper import pattern lost some, or
// Ionic moved code between its files: either way the groups need a look before the minimum moves.
const MIN_SHARED_MODULES = 12;
const MIN_FIELD_HELPERS = 7;
const MIN_START_HELPERS = 5;

const cache = new Map<string, string[]>();
const once = (key: string, read: ReadComponent, find: () => string[]) => {
  if (read !== readComponent) return find();
  if (!cache.has(key)) cache.set(key, find());
  return cache.get(key)!;
};

/**
 * Ionic modules the console's first screen shares with the Demo list's: ion-label, and the
 * helpers that it and ion-footer (the console menu's dark-theme switch) import, such as the
 * keyboard's. Grouped by screen, they sat in the Demo list's file, and the console loaded that
 * whole file for a label.
 */
export function ionicSharedModules(read: ReadComponent = readComponent): string[] {
  return once('shared', read, () => {
    const found = new Set<string>(['ion-label.js']);
    const visit = (file: string, imports: string[]) => {
      for (const next of imports) {
        if (found.has(next)) continue;
        found.add(next);
        // Helpers may import nothing themselves.
        visit(
          next,
          [...read(next).matchAll(HELPER_IMPORT)].map((match) => match[1]!),
        );
      }
    };
    visit('ion-label.js', ionicImportsOf('ion-label.js', read));
    visit('ion-footer.js', ionicImportsOf('ion-footer.js', read));
    const shared = [...found];
    expectMatches('shared helpers', shared.length, MIN_SHARED_MODULES, {
      packageName: '@ionic/core',
      file: join(ionicComponentsDir, 'ion-label.js'),
    });
    return shared;
  });
}

/**
 * The helpers Ionic's switch (`ion-toggle`) shares with its text field (`ion-input`), such as
 * the check of a field's touched-and-invalid state. Grouped by screen they sat in Login's and
 * Account's file of form fields, which every page with a switch loaded for them: the side menu's
 * dark-theme switch, after every app screen, the schedule's case switch, the console's editors.
 * In the start (what the start already holds is there anyway) they cost every screen little.
 */
export function ionicFieldHelpers(read: ReadComponent = readComponent): string[] {
  return once('field', read, () => {
    const input = new Set(ionicImportsOf('ion-input.js', read));
    const shared = ionicImportsOf('ion-toggle.js', read).filter((file) => input.has(file));
    expectMatches('field helpers', shared.length, MIN_FIELD_HELPERS, {
      packageName: '@ionic/core',
      file: join(ionicComponentsDir, 'ion-toggle.js'),
    });
    return shared;
  });
}

/** Whether module `id` is one of @ionic/core's component files named in `files`. */
export const isIonicFile = (id: string, files: readonly string[]) =>
  /node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]/.test(id) && files.some((file) => id.endsWith(`/${file}`));

/**
 * The helpers `ion-app` and `ion-router-outlet` import as soon as they start (tap and ripple,
 * the keyboard, focus rings, the swipe back and its gesture): loaded on every app screen in a
 * second wave of small files, each with its own headers. They go with the start's file instead.
 * The iOS-only ones (input shims, the status bar tap) stay on demand: an Android phone or a
 * desktop never asks for them.
 */
const IONIC_START_ELEMENTS = /node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]ion-(app|router-outlet)\.js$/;
const IOS_ONLY_EXPORTS = ['startInputShims', 'startStatusTap'];

export function ionicStartHelpers(
  ids: readonly string[],
  appStart: ReadonlySet<string>,
  info: (id: string) => { dynamicallyImportedIds: readonly string[]; exports: readonly string[] } | null,
): string[] {
  const elements = ids.filter((id) => IONIC_START_ELEMENTS.test(id) && appStart.has(id));
  const at = { packageName: '@ionic/core', file: join(ionicComponentsDir, 'ion-app.js') } as const;
  expectExactly('start elements', elements.length, 2, at);
  const imported = elements.flatMap((id) => info(id)?.dynamicallyImportedIds ?? []);
  for (const name of IOS_ONLY_EXPORTS)
    if (!imported.some((id) => info(id)?.exports.includes(name)))
      throw new SurgeryError('iOS-only helpers', at.packageName, at.file, `matched nothing exporting ${name}`);
  const helpers = imported.filter((id) => !(info(id)?.exports ?? []).some((name) => IOS_ONLY_EXPORTS.includes(name)));
  expectMatches('start helpers', helpers.length, MIN_START_HELPERS, at);
  return helpers;
}
