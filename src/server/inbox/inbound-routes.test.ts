import { describe, expect, it } from 'vitest';
import { webhookBodyLimit } from './inbound-routes';

describe('inbound-mail webhook body limit', () => {
  it('is the mail cap for a raw mail and twice it for JSON or anything else', () => {
    expect(webhookBodyLimit('message/rfc822', 1000)).toBe(1000);
    expect(webhookBodyLimit('Text/Plain; charset=utf-8', 1000)).toBe(1000);
    expect(webhookBodyLimit('application/octet-stream', 1000)).toBe(1000);
    expect(webhookBodyLimit('application/json', 1000)).toBe(2000);
    expect(webhookBodyLimit(undefined, 1000)).toBe(2000);
    expect(webhookBodyLimit(`message/rfc822${' '.repeat(300)}`, 1000)).toBe(1000);
    expect(webhookBodyLimit(`${'x'.repeat(5000)}message/rfc822`, 1000)).toBe(2000);
  });
});
