import { describe, expect, it } from 'vitest';
import { versionOf } from './expect-surgery-error.ts';
import { expectExactly, expectMatches, installedVersion, SurgeryError } from './surgery-error.ts';

describe('the build error of the surgery', () => {
  it("reads each package's installed version", () => {
    for (const name of ['@ionic/react', '@ionic/core', 'ionicons'] as const) {
      expect(installedVersion(name)).toMatch(/^\d+\.\d+\.\d+/);
      expect(installedVersion(name)).toBe(versionOf(name));
    }
  });

  it('names the pattern, the package and its version, the file, and the way out', () => {
    const error = new SurgeryError('wrapper', '@ionic/react', '/x/index.js', 'matched nothing');
    expect(error.message).toBe(
      `Build surgery: pattern "wrapper" matched nothing in @ionic/react ${versionOf('@ionic/react')} (/x/index.js). ` +
        'Rather than build a bundle that quietly grows, the build stops: adapt the pattern to the new shape ' +
        '(docs/decisions/0500-first-screens.md), or build with IONIC_BASELINE=1 to build without the rewrites.',
    );
  });

  it('is thrown for no match, fewer matches than the least expected, or another count than the one expected', () => {
    const at = { packageName: '@ionic/core', file: '/x/ion-label.js' } as const;
    expect(() => expectMatches('helper import', 0, 1, at)).toThrow(/"helper import" matched nothing in @ionic\/core/);
    expect(() => expectMatches('shared helpers', 3, 12, at)).toThrow(/"shared helpers" matched 3 times, expected at least 12/);
    expect(() => expectMatches('shared helpers', 12, 12, at)).not.toThrow();
    expect(() => expectExactly('overlay hook', 5, 6, at)).toThrow(/"overlay hook" matched 5 times, expected 6/);
    expect(() => expectExactly('overlay hook', 6, 6, at)).not.toThrow();
  });
});
