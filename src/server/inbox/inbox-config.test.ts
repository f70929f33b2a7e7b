import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../platform/config';

const base = { DATABASE_URL: 'sqlite::memory:' };

describe('SUPPORT_INBOX_EMAIL', () => {
  it('is a list of addresses, empty when unset', () => {
    expect(loadConfig(base).SUPPORT_INBOX_EMAIL).toEqual([]);
    expect(loadConfig({ ...base, SUPPORT_INBOX_EMAIL: ' help@nw.example , boss@nw.example,' }).SUPPORT_INBOX_EMAIL).toEqual([
      'help@nw.example',
      'boss@nw.example',
    ]);
  });
  it('refuses something that is not an address, naming it', () => {
    expect(() => loadConfig({ ...base, SUPPORT_INBOX_EMAIL: 'help@nw.example, nobody' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SUPPORT_INBOX_EMAIL: 'help@nw.example, nobody' })).toThrow(/"nobody" is not an email address/);
  });
  it('bounds the mail timing settings', () => {
    expect(() => loadConfig({ ...base, MAIL_TIMEOUT_MS: '0' })).toThrow(/MAIL_TIMEOUT_MS/);
    expect(loadConfig({ ...base, MAIL_RETRY_BASE_MS: '250' }).MAIL_RETRY_BASE_MS).toBe(250);
  });
});
