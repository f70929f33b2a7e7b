import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { namesReexportedFrom, reexportsOnly } from './ionic-index';

const index =
  'export{L as LogLevel,g as getAssetPath}from"./p-CthoZqG1.js";export{I as IonicSafeString}from"./p-DBGxvxkE.js";' +
  'export{m as menuController}from"./p-CMT0YmOj.js";export{createGesture}from"./p-D0YpjgON.js";';
const onUse = new Set(['IonicSafeString']);

describe("reading @ionic/core's index", () => {
  it('lists the names re-exported from one module, renamed or not', () => {
    expect(namesReexportedFrom(index, 'p-CthoZqG1.js')).toEqual(['LogLevel', 'getAssetPath']);
    expect(namesReexportedFrom(index, 'p-D0YpjgON.js')).toEqual(['createGesture']);
    expect(namesReexportedFrom(index, 'p-missing.js')).toEqual([]);
  });

  it('skips a module only when every name the index takes from it is listed', () => {
    expect(reexportsOnly(index, '/x/node_modules/@ionic/core/components/p-DBGxvxkE.js', onUse)).toBe(true);
    expect(reexportsOnly(index, '/x/node_modules/@ionic/core/components/p-CMT0YmOj.js', onUse)).toBe(false);
    expect(reexportsOnly(index, 'C:\\x\\components\\p-DBGxvxkE.js', onUse)).toBe(true);
  });

  it('never skips a module the index does not re-export, or one that is not a p- module', () => {
    expect(reexportsOnly(index, '/x/components/p-other.js', onUse)).toBe(false);
    expect(reexportsOnly(index, '/x/components/ion-toast.js', onUse)).toBe(false);
  });

  it("matches the installed Ionic: the sanitizer's module re-exports IonicSafeString alone", () => {
    const installed = createRequire(import.meta.url).resolve('@ionic/core/components/index.js');
    const code = readFileSync(installed, 'utf8');
    const file = /export\s*\{[^}]*\bas IonicSafeString\}\s*from\s*"\.\/(p-[\w-]+\.js)"/.exec(code)?.[1];
    expect(file, 'an Ionic upgrade changed how the index exports IonicSafeString (decision 0500)').toBeDefined();
    expect(reexportsOnly(code, `/components/${file}`, onUse)).toBe(true);
  });
});
