// For the unit tests beside the surgery's modules: the error they expect from a changed input.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import type { SurgeryPackage } from './surgery-error.ts';

const require = createRequire(import.meta.url);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The installed version, read here independently of the code under test. */
export function versionOf(name: SurgeryPackage): string {
  const file =
    name === 'ionicons' ? join(dirname(require.resolve('ionicons/icons')), '..', 'package.json') : require.resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** A `SurgeryError` naming `pattern`, the installed version of `name` and `file`. */
export const surgeryError = (pattern: string, name: SurgeryPackage, file: string) =>
  expect.objectContaining({
    name: 'SurgeryError',
    message: expect.stringMatching(
      new RegExp(`^Build surgery: pattern "${escape(pattern)}" .* in ${escape(name)} ${escape(versionOf(name))} \\(${escape(file)}\\)\\. `),
    ),
  });
