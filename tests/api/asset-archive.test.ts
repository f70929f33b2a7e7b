import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';

const work = mkdtempSync(join(tmpdir(), 'nw-asset-archive-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A build with one hashed chunk. */
function build(name: string, chunk: string): string {
  const dist = join(work, name);
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  writeFileSync(join(dist, 'client', 'assets', chunk), `/* ${chunk} */ export default 1;`);
  return dist;
}

describe('a rolling deploy', () => {
  const previous = build('previous', 'page-AAAA1111.js');
  const next = build('next', 'page-BBBB2222.js');

  it('an instance of the new build still serves the previous build’s chunks from the asset archive', async () => {
    const archive = join(work, 'archive');
    const old = await startTestServer({ env: { DIST_DIR: previous, ASSET_ARCHIVE_DIR: archive } });
    await old.destroy();
    const server = await startTestServer({ env: { DIST_DIR: next, ASSET_ARCHIVE_DIR: archive } });
    try {
      for (const chunk of ['page-AAAA1111.js', 'page-BBBB2222.js']) {
        const response = await server.client.get(`/assets/${chunk}`);
        expect(response.status, chunk).toBe(200);
        expect(response.text).toBe(`/* ${chunk} */ export default 1;`);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
      expect((await server.client.get('/assets/page-CCCC3333.js')).status).toBe(404);
    } finally {
      await server.destroy();
    }
  });

  it('without an archive the previous build’s chunks are gone', async () => {
    const server = await startTestServer({ env: { DIST_DIR: next } });
    try {
      expect((await server.client.get('/assets/page-AAAA1111.js')).status).toBe(404);
      expect((await server.client.get('/assets/page-BBBB2222.js')).status).toBe(200);
    } finally {
      await server.destroy();
    }
  });
});
