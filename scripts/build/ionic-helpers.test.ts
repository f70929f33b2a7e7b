import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { surgeryError } from './expect-surgery-error.ts';
import {
  ionicComponentsDir,
  ionicFieldHelpers,
  ionicImportsOf,
  ionicSharedModules,
  ionicStartHelpers,
  isIonicFile,
  type ReadComponent,
} from './ionic-helpers.ts';

const read: ReadComponent = (file) => readFileSync(join(ionicComponentsDir, file), 'utf8');
const at = (file: string) => join(ionicComponentsDir, file);

describe("the installed @ionic/core's helper files", () => {
  it("are read from a component's imports", () => {
    expect(ionicImportsOf('ion-label.js')).toEqual([expect.stringMatching(/^p-[\w-]+\.js$/)]);
    expect(ionicImportsOf('ion-toggle.js').length).toBeGreaterThan(1);
  });

  it("are found for the label's and footer's shared group and for the fields' helpers", () => {
    const shared = ionicSharedModules();
    expect(shared).toHaveLength(12);
    expect(shared[0]).toBe('ion-label.js');
    expect(ionicImportsOf('ion-footer.js').every((file) => shared.includes(file))).toBe(true);
    const fields = ionicFieldHelpers();
    expect(fields).toHaveLength(7);
    expect(fields.every((file) => ionicImportsOf('ion-input.js').includes(file))).toBe(true);
    expect(isIonicFile(`/x/node_modules/@ionic/core/components/${fields[0]!}`, fields)).toBe(true);
    expect(isIonicFile(`/x/src/${fields[0]!}`, fields)).toBe(false);
  });
});

describe('changed helper files stop the build, naming the pattern, the version and the file', () => {
  it('a component whose imports are written another way', () => {
    const changed: ReadComponent = (file) => read(file).replaceAll('from"./p-', 'from "./p-');
    expect(() => ionicImportsOf('ion-label.js', changed)).toThrow(surgeryError('helper import', '@ionic/core', at('ion-label.js')));
  });

  it('fewer shared helpers than Ionic ships', () => {
    const changed: ReadComponent = (file) => (file === 'ion-footer.js' ? 'import{a}from"./p-BMHhG7Xh.js";' : read(file));
    expect(() => ionicSharedModules(changed)).toThrow(surgeryError('shared helpers', '@ionic/core', at('ion-label.js')));
  });

  it('a switch that shares no helper with the text field', () => {
    const changed: ReadComponent = (file) => (file === 'ion-toggle.js' ? 'import{a}from"./p-none.js";' : read(file));
    expect(() => ionicFieldHelpers(changed)).toThrow(surgeryError('field helpers', '@ionic/core', at('ion-toggle.js')));
  });
});

describe("the helpers Ionic's start loads", () => {
  const app = '/x/node_modules/@ionic/core/components/ion-app.js';
  const outlet = '/x/node_modules/@ionic/core/components/ion-router-outlet.js';
  const helpers = ['p-tap.js', 'p-keyboard.js', 'p-focus.js', 'p-swipe.js', 'p-gesture.js'].map((file) => `/x/${file}`);
  const modules: Record<string, { dynamicallyImportedIds: string[]; exports: string[] }> = {
    [app]: { dynamicallyImportedIds: [...helpers.slice(0, 3), '/x/p-shims.js', '/x/p-status.js'], exports: [] },
    [outlet]: { dynamicallyImportedIds: helpers.slice(3), exports: [] },
    '/x/p-shims.js': { dynamicallyImportedIds: [], exports: ['startInputShims'] },
    '/x/p-status.js': { dynamicallyImportedIds: [], exports: ['startStatusTap'] },
  };
  const info = (id: string) => modules[id] ?? { dynamicallyImportedIds: [], exports: [] };

  it('are the two elements’ dynamic imports but the iOS-only ones', () => {
    expect(ionicStartHelpers([app, outlet, '/x/other.js'], new Set([app, outlet]), info)).toEqual(helpers);
  });

  it('stop the build when an element is not in the start, an iOS-only helper is not found, or fewer come back', () => {
    const error = (pattern: string) => surgeryError(pattern, '@ionic/core', at('ion-app.js'));
    expect(() => ionicStartHelpers([app, outlet], new Set([app]), info)).toThrow(error('start elements'));
    const noStatus = (id: string) => (id === '/x/p-status.js' ? { dynamicallyImportedIds: [], exports: ['other'] } : info(id));
    expect(() => ionicStartHelpers([app, outlet], new Set([app, outlet]), noStatus)).toThrow(error('iOS-only helpers'));
    const fewer = (id: string) => (id === outlet ? { dynamicallyImportedIds: [], exports: [] } : info(id));
    expect(() => ionicStartHelpers([app, outlet], new Set([app, outlet]), fewer)).toThrow(error('start helpers'));
  });
});
