import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

/** Assets of earlier builds stay this long after the last start of a build that had them. */
export const ASSET_ARCHIVE_RETENTION_MS = 30 * 86_400_000;

/**
 * Rolling deploys: a page loaded from an instance still running the previous build asks for
 * that build's hashed chunks, perhaps from an instance already running the new one. Every
 * instance copies its build's assets into a directory shared by the instances of a machine (or
 * of all machines, on a shared volume) and serves /assets/ from there, so any instance answers
 * for the current and the earlier builds. Hashed names never collide; copying never overwrites.
 * Files of the current build are touched at each start, and files no build has claimed for
 * ASSET_ARCHIVE_RETENTION_MS are removed.
 */
export function archiveAssets(assetsDir: string, archiveDir: string, now = new Date()): { copied: number; removed: number } {
  mkdirSync(archiveDir, { recursive: true });
  const current = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  let copied = 0;
  for (const name of current) {
    const target = join(archiveDir, name);
    try {
      copyFileSync(join(assetsDir, name), target, constants.COPYFILE_EXCL);
      copied += 1;
    } catch (error) {
      // Already there (an earlier start, or another instance just now): the same bytes.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    utimesSync(target, now, now);
  }
  let removed = 0;
  for (const name of readdirSync(archiveDir)) {
    if (current.has(name)) continue;
    const file = join(archiveDir, name);
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats?.isFile() && now.getTime() - stats.mtimeMs > ASSET_ARCHIVE_RETENTION_MS) {
      rmSync(file, { force: true });
      removed += 1;
    }
  }
  return { copied, removed };
}
