import { describe, expect, it } from 'vitest';
import { notificationMail, notificationRecipients } from './notify';

describe('notificationRecipients', () => {
  it('lists each address once, whatever its case', () => {
    expect(notificationRecipients(['help@x.example', ' Boss@x.example'], ['boss@x.example', 'amy@x.example'])).toEqual([
      'help@x.example',
      'Boss@x.example',
      'amy@x.example',
    ]);
  });
  it('is empty when nobody is to be told', () => {
    expect(notificationRecipients([], [])).toEqual([]);
  });
});

describe('notificationMail', () => {
  it('links to the message in the console and shortens long messages', () => {
    const mail = notificationMail(
      { id: 'a b', name: 'Ann', email: 'ann@x.example', subject: 'Laptop', message: 'x'.repeat(600), date: '2026-01-01T00:00:00.000Z' },
      'https://nw.example',
    );
    expect(mail.link).toBe('https://nw.example/admin/inbox/a%20b');
    expect(mail.subject).toBe('New Contact Us message from Ann: Laptop');
    expect(mail.text).toContain(`${'x'.repeat(500)}…`);
  });
});
