/**
 * The build error of the Ionic surgery. Each rewrite finds what it rewrites with a pattern over
 * another package's files; when an upgrade changes their shape, a pattern that no longer matches
 * would let the build pass with the rewrite quietly skipped and the bundle grown back. So the
 * build stops instead, naming the pattern, the package's installed version and the file read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The packages whose files the surgery reads. */
export type SurgeryPackage = '@ionic/react' | '@ionic/core' | 'ionicons';

const versions = new Map<SurgeryPackage, string>();
/**
 * The installed version of `name`, from its package.json (found from its entry, as ionicons
 * does not export its package.json).
 */
export function installedVersion(name: SurgeryPackage): string {
  const known = versions.get(name);
  if (known) return known;
  for (let dir = dirname(require.resolve(name === 'ionicons' ? 'ionicons/icons' : name)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (json.name === name && json.version) {
      versions.set(name, json.version);
      return json.version;
    }
  }
  throw new Error(`No package.json of ${name} found above its entry`);
}

export class SurgeryError extends Error {
  constructor(
    readonly pattern: string,
    readonly packageName: SurgeryPackage,
    readonly file: string,
    problem: string,
  ) {
    super(
      `Build surgery: pattern "${pattern}" ${problem} in ${packageName} ${installedVersion(packageName)} (${file}). ` +
        'Rather than build a bundle that quietly grows, the build stops: adapt the pattern to the new shape ' +
        '(docs/decisions/0500-first-screens.md), or build with IONIC_BASELINE=1 to build without the rewrites.',
    );
    this.name = 'SurgeryError';
  }
}

/**
 * Runs one step of a plugin's hook: a SurgeryError becomes the bundler's own build error (which
 * names the plugin and stops the build); anything else is a defect and goes up as it is.
 */
export function asBuildError<T>(context: { error(message: string): never }, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof SurgeryError) context.error(error.message);
    throw error;
  }
}

/** Where a pattern was matched: the package the text comes from and its file. */
export interface Source {
  packageName: SurgeryPackage;
  file: string;
}

/** Throws unless `pattern` matched at least `min` times. */
export function expectMatches(pattern: string, found: number, min: number, source: Source): void {
  if (found === 0) throw new SurgeryError(pattern, source.packageName, source.file, 'matched nothing');
  if (found < min) throw new SurgeryError(pattern, source.packageName, source.file, `matched ${found} times, expected at least ${min}`);
}

/** Throws unless `pattern` matched exactly `count` times. */
export function expectExactly(pattern: string, found: number, count: number, source: Source): void {
  if (found !== count) throw new SurgeryError(pattern, source.packageName, source.file, `matched ${found} times, expected ${count}`);
}
