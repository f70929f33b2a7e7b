import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { surgeryError } from './expect-surgery-error.ts';
import { readIcons, rewriteIconImports } from './ionic-icons.ts';

const iconsFile = createRequire(import.meta.url)
  .resolve('ionicons/icons')
  .replace(/\.js$/, '.mjs');
const source = readFileSync(iconsFile, 'utf8');
const ourFile = new URL('../../src/app/shell/app-menu-content.tsx', import.meta.url).pathname;
const ourCode = readFileSync(ourFile, 'utf8');

describe("the installed ionicons' icons", () => {
  const icons = readIcons(source, iconsFile);

  it('are read one by one, every constant the module exports', () => {
    expect(icons.size).toBe(source.split('\nexport const ').length - 1 + (source.startsWith('export const ') ? 1 : 0));
    expect(icons.size).toBeGreaterThan(1000);
    expect(icons.get('moonOutline')).toMatch(/^"data:image\/svg\+xml;utf8,<svg/);
  });

  it("rewrite our imports to one module per icon (the side menu's several-line import)", () => {
    const names = /import \{([^}]*)\} from 'ionicons\/icons';/
      .exec(ourCode)![1]!
      .split(',')
      .filter((name) => name.trim());
    const rewritten = rewriteIconImports(ourCode, ourFile, icons, iconsFile)!;
    expect(rewritten).not.toContain("'ionicons/icons'");
    expect(rewritten.match(/northwind-ionicon:\w+";/g)).toHaveLength(names.length);
    expect(rewriteIconImports("import { IonIcon } from '@ionic/react';", ourFile, icons, iconsFile)).toBeNull();
  });
});

describe('a changed icons module or import stops the build, naming the pattern, the version and the file', () => {
  it('icons exported another way', () => {
    expect(() => readIcons(source.replaceAll('export const ', 'export var '), iconsFile)).toThrow(
      surgeryError('icon export', 'ionicons', iconsFile),
    );
  });

  it('far fewer icons than ionicons ships', () => {
    const fewer = source.split('\n').slice(0, 100).join('\n');
    expect(() => readIcons(fewer, iconsFile)).toThrow(surgeryError('icon export', 'ionicons', iconsFile));
  });

  it('an icon the module no longer exports', () => {
    const icons = readIcons(source, iconsFile);
    const renamed = ourCode.replace(/(\{\s*)(\w+)(,[^}]*\}\s*from 'ionicons\/icons')/, '$1$2Renamed$3');
    expect(renamed).not.toBe(ourCode);
    expect(() => rewriteIconImports(renamed, ourFile, icons, iconsFile)).toThrow(surgeryError('icon export', 'ionicons', iconsFile));
  });

  it('an import of another form in our code', () => {
    const icons = readIcons(source, iconsFile);
    const code = `${ourCode}\nimport * as allIcons from 'ionicons/icons';\n`;
    expect(() => rewriteIconImports(code, ourFile, icons, iconsFile)).toThrow(surgeryError('icons import statement', 'ionicons', ourFile));
  });
});
