/**
 * Ionic's helper files (`p-….js`, named by content hashes) that the code-splitting groups place
 * by hand, found by reading @ionic/core's own component files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const ionicComponentsDir = dirname(createRequire(import.meta.url).resolve('@ionic/core/components/ion-label.js'));

/** The `p-*.js` files an @ionic/core component file imports, as Ionic ships them. */
export function ionicImportsOf(file: string): string[] {
  return [...readFileSync(join(ionicComponentsDir, file), 'utf8').matchAll(/from"\.\/(p-[\w-]+\.js)"/g)].map((match) => match[1]!);
}

let sharedModules: string[] | undefined;
/**
 * Ionic modules the console's first screen shares with the Demo list's: ion-label, and the
 * helpers that it and ion-footer (the console menu's dark-theme switch) import, such as the
 * keyboard's. Grouped by screen, they sat in the Demo list's file, and the console loaded that
 * whole file for a label.
 */
export function ionicSharedModules(): string[] {
  if (sharedModules) return sharedModules;
  const found = new Set<string>(['ion-label.js']);
  const visit = (file: string) => {
    for (const next of ionicImportsOf(file)) {
      if (found.has(next)) continue;
      found.add(next);
      visit(next);
    }
  };
  visit('ion-label.js');
  visit('ion-footer.js');
  return (sharedModules = [...found]);
}

let fieldHelpers: string[] | undefined;
/**
 * The helpers Ionic's switch (`ion-toggle`) shares with its text field (`ion-input`): today only
 * the check of a field's touched-and-invalid state. Grouped by screen it sat in Login's and
 * Account's file of form fields, which every page with a switch loaded for it: the side menu's
 * dark-theme switch, after every app screen, the schedule's case switch, the console's editors.
 * In the start (what the start already holds is there anyway) it costs every screen a tenth of
 * a kilobyte.
 */
export function ionicFieldHelpers(): string[] {
  if (fieldHelpers) return fieldHelpers;
  const input = new Set(ionicImportsOf('ion-input.js'));
  return (fieldHelpers = ionicImportsOf('ion-toggle.js').filter((file) => input.has(file)));
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
const IOS_ONLY_EXPORTS = new Set(['startInputShims', 'startStatusTap']);

export function ionicStartHelpers(
  ids: readonly string[],
  appStart: ReadonlySet<string>,
  info: (id: string) => { dynamicallyImportedIds: readonly string[]; exports: readonly string[] } | null,
): string[] {
  return ids
    .filter((id) => IONIC_START_ELEMENTS.test(id) && appStart.has(id))
    .flatMap((id) => info(id)?.dynamicallyImportedIds ?? [])
    .filter((id) => !(info(id)?.exports ?? []).some((name) => IOS_ONLY_EXPORTS.has(name)));
}
