import { describe, expect, it } from 'vitest';
import { backupFileName, backupsToDelete, parseBackupInterval } from './rules';

describe('parseBackupInterval', () => {
  it('reads minutes, hours and days', () => {
    expect(parseBackupInterval('30m')).toBe(30 * 60_000);
    expect(parseBackupInterval('6h')).toBe(6 * 3_600_000);
    expect(parseBackupInterval('1d')).toBe(86_400_000);
  });
  it('refuses anything else', () => {
    for (const text of ['', '0h', '6', 'h', '6 hours', '1.5h', '-1h', '10s', '999999m', 'x'.repeat(100)]) {
      expect(parseBackupInterval(text), text).toBeNull();
    }
  });
});

describe('backup names', () => {
  const at = new Date('2026-11-22T23:40:05.123Z');
  it('carry the time they were taken, in an order that sorts', () => {
    const name = backupFileName('.dump', at);
    expect(name).toBe('northwind-2026-11-22T23-40-05-123Z.dump');
  });

  it('retention keeps the newest and never touches other files', () => {
    const names = ['notes.txt', ...[1, 2, 3, 4].map((day) => backupFileName('.sqlite', new Date(Date.UTC(2026, 10, day))))];
    expect(backupsToDelete(names, 2)).toEqual(['northwind-2026-11-02T00-00-00-000Z.sqlite', 'northwind-2026-11-01T00-00-00-000Z.sqlite']);
    expect(backupsToDelete(names, 10)).toEqual([]);
  });
});
