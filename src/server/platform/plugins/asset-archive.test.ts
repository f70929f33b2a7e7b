import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ASSET_ARCHIVE_RETENTION_MS, archiveAssets } from './asset-archive';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('archiveAssets', () => {
  it('adds the build’s files, keeps recent ones of other builds, removes long-unclaimed ones', () => {
    dir = mkdtempSync(join(tmpdir(), 'nw-archive-unit-'));
    const assets = join(dir, 'assets');
    const archive = join(dir, 'archive');
    mkdirSync(assets);
    mkdirSync(archive);
    writeFileSync(join(assets, 'new-1.js'), 'new');
    writeFileSync(join(archive, 'recent-2.js'), 'recent');
    writeFileSync(join(archive, 'ancient-3.js'), 'ancient');
    const now = new Date('2026-11-22T12:00:00Z');
    const longAgo = new Date(now.getTime() - ASSET_ARCHIVE_RETENTION_MS - 1000);
    utimesSync(join(archive, 'ancient-3.js'), longAgo, longAgo);
    utimesSync(join(archive, 'recent-2.js'), now, now);

    expect(archiveAssets(assets, archive, now)).toEqual({ copied: 1, removed: 1 });
    expect(readdirSync(archive).sort()).toEqual(['new-1.js', 'recent-2.js']);
    // A second start of the same build copies nothing and refreshes its files' time.
    const later = new Date(now.getTime() + 3_600_000);
    expect(archiveAssets(assets, archive, later)).toEqual({ copied: 0, removed: 0 });
    expect(statSync(join(archive, 'new-1.js')).mtimeMs).toBe(later.getTime());
    expect(existsSync(join(archive, 'recent-2.js'))).toBe(true);
  });
});
