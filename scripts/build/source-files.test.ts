import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREENS, SITE_PARTS, START_PARTS } from './first-screens.ts';
import { modulePath, modulesOf, sourceFiles, sourceFolder } from './source-files.ts';

function tree() {
  const root = mkdtempSync(join(tmpdir(), 'source-files-')).replaceAll('\\', '/');
  mkdirSync(`${root}/src/common`, { recursive: true });
  writeFileSync(`${root}/src/common/theme.ts`, '');
  writeFileSync(`${root}/src/common/routes.ts`, '');
  return root;
}

describe('source files named by the build', () => {
  it('match the bundler’s module ids, with either slash and with a query', () => {
    const root = tree();
    const files = sourceFiles('start chunk', ['src/common/theme.ts'], root);
    expect(files.has(`${root}/src/common/theme.ts`)).toBe(true);
    expect(files.has(`${root}/src/common/theme.ts`.replaceAll('/', '\\'))).toBe(true);
    expect(files.has(`${root}/src/common/theme.ts?used`)).toBe(true);
    expect(files.has(`${root}/src/common/theme.tsx`)).toBe(false);
    expect(files.has(`${root}/src/common/routes.ts`)).toBe(false);
    expect(modulePath('C:\\work\\a.ts?x')).toBe('C:/work/a.ts');
  });

  it('stop the build when a named file was renamed or moved, naming the list and the path', () => {
    const root = tree();
    expect(() => sourceFiles('start chunk', ['src/common/theme.ts', 'src/common/dark-mode.ts'], root)).toThrow(
      'Build: the list "start chunk" names the file src/common/dark-mode.ts, which does not exist',
    );
    expect(() => sourceFolder('live chunk', 'src/app/lib/live', root)).toThrow('names the folder src/app/lib/live');
    expect(() => sourceFolder('live chunk', 'src/common/theme.ts', root)).toThrow('names the folder src/common/theme.ts');
  });

  it('a folder holds the files under it, not a file beside it that shares its name', () => {
    const root = tree();
    const common = sourceFolder('common', 'src/common', root);
    expect(common.has(`${root}/src/common/theme.ts`)).toBe(true);
    expect(common.has(`${root}/src/common-extra/theme.ts`)).toBe(false);
  });

  it('a file that exists but is no module of the build stops it too', () => {
    const root = tree();
    const files = sourceFiles('start chunk', ['src/common/theme.ts', 'src/common/routes.ts'], root);
    expect(modulesOf(files, [`${root}/src/common/theme.ts`, `${root}/src/common/routes.ts?x`])).toEqual([
      `${root}/src/common/theme.ts`,
      `${root}/src/common/routes.ts?x`,
    ]);
    expect(() => modulesOf(files, [`${root}/src/common/theme.ts`])).toThrow(
      `the list "start chunk" names ${root}/src/common/routes.ts, which is no module of the build`,
    );
  });

  it('the lists the build uses name files of this tree', () => {
    // Importing them checked every path; each list holds what its comment says.
    expect(FIRST_SCREENS.map(([name, files]) => [name, files.paths.length])).toEqual([
      ['auth', 2],
      ['account', 1],
      ['demo', 2],
      ['tutorial', 1],
    ]);
    expect(START_PARTS.paths).toHaveLength(5);
    expect(SITE_PARTS.paths).toHaveLength(9);
  });
});
