import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueFormToken, readFormToken, spamReason } from './spam';

const key = randomBytes(32);
const at = 1_800_000_000_000;

describe('form token', () => {
  it('reads back the time it was issued', () => {
    expect(readFormToken(key, issueFormToken(key, at))).toBe(at);
  });
  it('refuses a token signed with another key, edited, or oversized', () => {
    const token = issueFormToken(key, at);
    expect(readFormToken(randomBytes(32), token)).toBeNull();
    expect(readFormToken(key, token.replace(/^\d/, '2'))).toBeNull();
    expect(readFormToken(key, 'x'.repeat(10_000))).toBeNull();
  });
});

describe('spamReason', () => {
  const token = issueFormToken(key, at);
  it('passes a person who took their time', () => {
    expect(spamReason(key, { honeypot: '', token, tokenRequired: true }, 3000, at + 5000)).toBeNull();
  });
  it('catches a filled honeypot', () => {
    expect(spamReason(key, { honeypot: 'http://spam', token, tokenRequired: true }, 3000, at + 5000)).toBe('honeypot');
  });
  it('catches a form sent faster than a person can type', () => {
    expect(spamReason(key, { honeypot: '', token, tokenRequired: true }, 3000, at + 500)).toBe('too_fast');
  });
  it('catches forged or missing tokens where one is required', () => {
    expect(spamReason(key, { honeypot: '', token: `${at}.forged`, tokenRequired: false }, 3000, at + 5000)).toBe('bad_token');
    expect(spamReason(key, { honeypot: undefined, token: undefined, tokenRequired: true }, 3000, at)).toBe('no_token');
    expect(spamReason(key, { honeypot: undefined, token: undefined, tokenRequired: false }, 3000, at)).toBeNull();
  });
});
