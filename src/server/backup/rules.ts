/** Pure rules of scheduled backups: intervals, file names, what retention removes. */

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
