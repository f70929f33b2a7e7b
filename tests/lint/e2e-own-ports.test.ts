import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The end-to-end spec files run side by side in several Playwright workers, and a spec that
 * starts a server of its own takes `ownPort(n)`: two files with the same n collide whenever the
 * two run at once (the second finds the port serving and fails). One file may reuse its own n.
 */
describe('end-to-end own ports', () => {
  it('are never shared by two spec files', () => {
    const directory = 'tests/e2e';
    const owners = new Map<number, string>();
    const clashes: string[] = [];
    for (const file of readdirSync(directory).filter((name) => name.endsWith('.spec.ts'))) {
      const text = readFileSync(join(directory, file), 'utf8');
      const offsets = new Set([...text.matchAll(/ownPort\((\d+)\)/g)].map((match) => Number(match[1])));
      for (const offset of offsets) {
        const owner = owners.get(offset);
        if (owner) clashes.push(`ownPort(${offset}): ${owner} and ${file}`);
        else owners.set(offset, file);
      }
    }
    expect(owners.size).toBeGreaterThan(5);
    expect(clashes).toEqual([]);
  });
});
