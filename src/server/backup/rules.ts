/** Pure rules of scheduled backups: intervals, file names, what is due, what retention removes. */

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `30m`, `6h`, `1d` in milliseconds, or null when the text is not such a duration. */
export function parseBackupInterval(text: string): number | null {
  if (text.length > 12) return null;
  const match = /^(\d{1,5})([mhd])$/.exec(text.trim());
  if (!match) return null;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms > 0 ? ms : null;
}

const PREFIX = 'northwind-';
const NAME = /^northwind-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.(sqlite|dump)$/;

/** `northwind-2026-11-22T23-40-00-000Z.dump`: sorts by time, safe in every file system. */
export function backupFileName(extension: string, now: Date): string {
  return `${PREFIX}${now.toISOString().replace(/[:.]/g, '-')}${extension}`;
}

export function isBackupFileName(name: string): boolean {
  return NAME.test(name);
}

/** Our backups in a directory listing, newest first (the names sort by time). */
export function backupsNewestFirst(names: readonly string[]): string[] {
  return names.filter(isBackupFileName).sort().reverse();
}

/** The backups retention removes: all but the newest `keep`. Other files are never touched. */
export function backupsToDelete(names: readonly string[], keep: number): string[] {
  return backupsNewestFirst(names).slice(keep);
}

/** The time a backup name was taken at, or null. */
export function backupTime(name: string): Date | null {
  if (!isBackupFileName(name)) return null;
  const stamp = name.slice(PREFIX.length, PREFIX.length + 24);
  const iso = `${stamp.slice(0, 13)}:${stamp.slice(14, 16)}:${stamp.slice(17, 19)}.${stamp.slice(20, 23)}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Due when the newest backup in the directory is at least one interval old (or there is none).
 * A small tolerance keeps a check that fires a moment early from waiting a whole extra interval.
 */
export function isBackupDue(names: readonly string[], now: Date, intervalMs: number): boolean {
  const newest = backupsNewestFirst(names)[0];
  const taken = newest ? backupTime(newest) : null;
  if (!taken) return true;
  return now.getTime() - taken.getTime() >= intervalMs * 0.95;
}
