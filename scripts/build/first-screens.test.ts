import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { surgeryError } from './expect-surgery-error.ts';
import { checkedWalk } from './first-screens.ts';
import { namesReexportedFrom } from './ionic-index.ts';
import { IONIC_BARREL, IONIC_COMPONENT, ionicSplitTags, readIonicReact } from './ionic-per-component.ts';

const require = createRequire(import.meta.url);
const ionicReact = require.resolve('@ionic/react').replace(/\\/g, '/');
const components = dirname(require.resolve('@ionic/core/components/ion-label.js'));
const index = join(components, 'index.js');
const indexCode = readFileSync(index, 'utf8');
/** The helper file the index takes IonicSafeString from, and one it takes other names from. */
const [safeString, other] = (() => {
  const files = [...indexCode.matchAll(/from"\.\/(p-[\w-]+\.js)"/g)].map((match) => match[1]!);
  return [files.find((file) => namesReexportedFrom(indexCode, file).includes('IonicSafeString'))!, files[0]!];
})();
const page = '/x/src/app/page.tsx';
const ids = [ionicReact, index, page, join(components, 'ion-badge.js'), `${IONIC_COMPONENT}IonBadge`, `${IONIC_COMPONENT}IonLabel`];
const notDynamic = () => 0;

for (const tag of readIonicReact(readFileSync(ionicReact, 'utf8'), ionicReact).splitTags) ionicSplitTags.add(tag);

describe("the app's walk over the installed Ionic", () => {
  it("skips the split elements' imports in @ionic/react and the index's on-use names, and reads our imports", () => {
    const walk = checkedWalk(ids, true);
    expect(walk.follows(ionicReact, join(components, 'ion-badge.js'), '', notDynamic)).toBe(false);
    expect(walk.follows(ionicReact, join(components, 'ion-tab.js'), '', notDynamic)).toBe(true);
    expect(walk.follows(IONIC_BARREL, `${IONIC_COMPONENT}IonBadge`, '', notDynamic)).toBe(false);
    expect(safeString).not.toBe(other);
    expect(walk.follows(index, join(components, safeString), indexCode, notDynamic)).toBe(false);
    expect(walk.follows(index, join(components, other), indexCode, notDynamic)).toBe(true);
    expect(walk.follows(index, join(components, other), indexCode, () => 1)).toBe(false);
    expect(walk.wrappersImportedBy(page, "import { IonBadge, IonLabel as Label, IonApp } from '@ionic/react';")).toEqual([
      `${IONIC_COMPONENT}IonBadge`,
      `${IONIC_COMPONENT}IonLabel`,
    ]);
    expect(() => walk.done()).not.toThrow();
  });
});

describe('the walk stops the build when a pattern matched nothing, naming it, the version and the file', () => {
  it("@ionic/react's module not among the build's", () => {
    expect(() => checkedWalk(ids.slice(1), true)).toThrow(surgeryError('Ionic React module', '@ionic/react', "the build's modules"));
  });

  it('an on-use name the index no longer re-exports', () => {
    const walk = checkedWalk(ids, false);
    const changed = indexCode.replace(' as IonicSafeString', ' as IonicSafe');
    expect(walk.follows(index, join(components, safeString), changed, notDynamic)).toBe(true);
    expect(() => walk.done()).toThrow(surgeryError('index re-export', '@ionic/core', index));
  });

  it('an import of our @ionic/react of another form', () => {
    const walk = checkedWalk(ids, true);
    expect(() => walk.wrappersImportedBy(page, "import * as Ionic from '@ionic/react';")).toThrow(
      surgeryError('@ionic/react import', '@ionic/react', page),
    );
  });

  it("no split element's import met in @ionic/react's module", () => {
    const walk = checkedWalk(ids, true);
    walk.follows(index, join(components, safeString), indexCode, notDynamic);
    expect(() => walk.done()).toThrow(surgeryError('split element import', '@ionic/react', ionicReact));
  });
});
