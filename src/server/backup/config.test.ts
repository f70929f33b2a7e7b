import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';

describe('backup settings', () => {
  it('read BACKUP_EVERY as an interval and default BACKUP_KEEP to 7', () => {
    const config = loadConfig({ BACKUP_DIR: '/var/backups/northwind', BACKUP_EVERY: '6h' });
    expect(config.BACKUP_EVERY).toBe(6 * 3_600_000);
    expect(config.BACKUP_KEEP).toBe(7);
    expect(loadConfig({}).BACKUP_EVERY).toBeUndefined();
  });

  it('name the variable at fault', () => {
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY: 'hourly' })).toThrow(
      'Invalid BACKUP_EVERY "hourly": must be a number of minutes, hours or days such as 30m, 6h or 1d',
    );
    expect(() => loadConfig({ BACKUP_EVERY: '1d' })).toThrow('Invalid BACKUP_DIR: must be set when BACKUP_EVERY is');
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('Invalid BACKUP_KEEP "0": must be at least 1');
    expect(() => loadConfig({ DATABASE_URL: 'sqlite::memory:', BACKUP_DIR: '/b', BACKUP_EVERY: '1d' })).toThrow(
      'Invalid BACKUP_EVERY "1d": cannot back up an in-memory database',
    );
  });
});
