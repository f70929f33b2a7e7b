import { describe, expect, it } from 'vitest';
import { idempotencyKeySchema, SUPPORT_LIMITS, validateSupportMessage } from './support-message';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Printer', message: 'The printer prints only blank pages.' };

describe('validateSupportMessage', () => {
  it('accepts a complete message and trims every field', () => {
    const result = validateSupportMessage({
      name: '  Ada ',
      email: ' ada@example.com ',
      subject: ' Hi ',
      message: '  Hello there, world  ',
    });
    expect(result).toEqual({ ok: true, value: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello there, world' } });
  });

  it('treats a missing or blank subject as none', () => {
    expect(validateSupportMessage({ ...valid, subject: undefined })).toMatchObject({ ok: true, value: { subject: null } });
    expect(validateSupportMessage({ ...valid, subject: '   ' })).toMatchObject({ ok: true, value: { subject: null } });
  });

  it.each([
    ['name', { name: '   ' }, 'Please enter your name.'],
    ['name', { name: 'x'.repeat(SUPPORT_LIMITS.name + 1) }, 'Please keep your name under 101 characters.'],
    ['email', { email: '' }, 'Please enter your email address.'],
    ['email', { email: 'ada.example.com' }, 'Please enter a valid email address, like name@example.com.'],
    ['email', { email: 'ada@example' }, 'Please enter a valid email address, like name@example.com.'],
    ['email', { email: `${'a'.repeat(250)}@example.com` }, 'An email address has at most 254 characters.'],
    ['subject', { subject: 's'.repeat(SUPPORT_LIMITS.subject + 1) }, 'Please keep the subject under 151 characters.'],
    ['message', { message: ' ' }, 'Please enter a message.'],
    ['message', { message: 'too short' }, 'Please tell us a little more (at least 10 characters).'],
    ['message', { message: 'm'.repeat(SUPPORT_LIMITS.message + 1) }, 'Please keep the message under 5001 characters.'],
  ])('rejects a bad %s with its message', (field, change, message) => {
    expect(validateSupportMessage({ ...valid, ...change })).toEqual({ ok: false, fields: { [field]: message } });
  });

  it('reports every missing field at once', () => {
    const result = validateSupportMessage({});
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.fields).sort()).toEqual(['email', 'message', 'name']);
  });
});

describe('idempotencyKeySchema', () => {
  it('accepts UUIDs and rejects short or odd keys', () => {
    expect(idempotencyKeySchema.safeParse('0b6f3c7e-2f1a-4a57-9a2b-6f1f2d7e9c10').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('short').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('has spaces in it').success).toBe(false);
  });
});
