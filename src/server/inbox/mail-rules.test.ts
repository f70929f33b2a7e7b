import { describe, expect, it } from 'vitest';
import {
  attachmentRefusal,
  cleanText,
  conversationOfRootId,
  foldQuoted,
  isAutomatic,
  messageIdKeys,
  parserRefusal,
  referencesOf,
  replyAddress,
  replyHtml,
  replySubjectWithTag,
  replyText,
  rootMessageId,
  threadIdsOf,
  tokenOfAddress,
} from './mail-rules';

const TOKEN = '0123456789abcdef0123456789abcdef';
const ID = '6f1c2b9e-1234-4abc-9def-0123456789ab';

describe('help-desk mail rules', () => {
  it('makes and reads reply addresses of our domain only', () => {
    const address = replyAddress(TOKEN, 'reply.example.com');
    expect(address).toBe(`support+${TOKEN}@reply.example.com`);
    expect(tokenOfAddress(address.toUpperCase(), 'reply.example.com')).toBe(TOKEN);
    expect(tokenOfAddress(`support+${TOKEN}@other.example`, 'reply.example.com')).toBeNull();
    expect(tokenOfAddress('support@reply.example.com', 'reply.example.com')).toBeNull();
    expect(tokenOfAddress(`support+${TOKEN.slice(1)}@reply.example.com`, 'reply.example.com')).toBeNull();
    expect(tokenOfAddress(`${'a'.repeat(400)}@reply.example.com`, 'reply.example.com')).toBeNull();
  });

  it('threads by root Message-ID; the subject tag is only for people', () => {
    expect(conversationOfRootId(rootMessageId(ID, 'r.example'), 'r.example')).toBe(ID);
    expect(conversationOfRootId(rootMessageId(ID, 'r.example'), 'other.example')).toBeNull();
    const subject = replySubjectWithTag('Printer broken', ID);
    expect(subject).toBe('Re: Printer broken [#NW-6f1c2b9e]');
    expect(replySubjectWithTag(subject, ID)).toBe(subject);
    expect(referencesOf('<r>', ['<a>', '<b>'])).toEqual(['<r>', '<a>', '<b>']);
    expect(
      referencesOf(
        '<r>',
        Array.from({ length: 20 }, (_, n) => `<${n}>`),
      ),
    ).toHaveLength(10);
  });

  it('reads the threading ids of a mail, bounded', () => {
    expect(threadIdsOf('<a>', '<r>')).toEqual(['<a>', '<r>']);
    expect(threadIdsOf(undefined, ['<r1>', '<r2>'])).toEqual(['<r1>', '<r2>']);
    expect(threadIdsOf(`<${'x'.repeat(400)}>`, undefined)).toEqual([]);
    expect(
      threadIdsOf(
        undefined,
        Array.from({ length: 80 }, (_, n) => `<${n}>`),
      ),
    ).toHaveLength(50);
  });

  it('keys a duplicate by its sender and Message-ID, never by the Message-ID alone', () => {
    expect(messageIdKeys('Casey@Example.com', '<m1@example.com>')).toEqual({
      key: 'mid:casey@example.com <m1@example.com>',
      legacyKey: 'mid:<m1@example.com>',
    });
    expect(messageIdKeys('casey@example.com', '<m1@example.com>')!.key).not.toBe(
      messageIdKeys('other@example.com', '<m1@example.com>')!.key,
    );
    expect(messageIdKeys('casey@example.com', undefined)).toBeNull();
    expect(messageIdKeys('casey@example.com', `<${'x'.repeat(400)}>`)).toBeNull();
  });

  it('refuses what the MIME parser gave up on for good (554 5.6.0), saying which limit', () => {
    const limit = (message: string) => Object.assign(new Error(message), { code: 'EMAXLEN' });
    expect(parserRefusal(limit('Max allowed child nodes exceeded'))).toEqual({
      code: 554,
      text: expect.stringMatching(/^5\.6\.0 .*more than 1,000 MIME parts/),
    });
    expect(parserRefusal(limit('Max header size for a MIME node exceeded')).text).toMatch(/^5\.6\.0 .*header block over 1 MB/);
    expect(parserRefusal(new TypeError('boom'))).toEqual({ code: 554, text: '5.6.0 Malformed message: its MIME structure cannot be read' });
    expect(parserRefusal('not an error').code).toBe(554);
  });

  it('quotes the customer below the reply, escaping HTML', () => {
    const quoted = { name: 'Sam', at: '2030-01-01', text: 'It <b>broke</b>\nagain' };
    expect(replyText('Hello', quoted)).toBe('Hello\n\nOn 2030-01-01, Sam wrote:\n> It <b>broke</b>\n> again\n');
    const html = replyHtml('Hi <there>', quoted);
    expect(html).toContain('Hi &lt;there&gt;');
    expect(html).toContain('<blockquote');
    expect(html).not.toContain('<b>');
  });

  it('knows auto-replies, bounces and list mail', () => {
    const headers = (values: Record<string, string>) => (name: string) => values[name];
    expect(isAutomatic(headers({ 'auto-submitted': 'auto-replied' }), 'text/plain', 'a@b.c')).toBe(true);
    expect(isAutomatic(headers({ 'auto-submitted': 'no' }), 'text/plain', 'a@b.c')).toBe(false);
    expect(isAutomatic(headers({ precedence: 'bulk' }), 'text/plain', 'a@b.c')).toBe(true);
    expect(isAutomatic(headers({}), 'multipart/report; report-type=delivery-status', 'a@b.c')).toBe(true);
    expect(isAutomatic(headers({}), 'text/plain', '')).toBe(true);
    expect(isAutomatic(headers({ from: 'MAILER-DAEMON@mx.example' }), 'text/plain', 'x@y.z')).toBe(true);
    expect(isAutomatic(headers({ from: 'sam@example.com' }), 'text/plain', 'sam@example.com')).toBe(false);
  });

  it('folds the quoted history below an answer', () => {
    expect(foldQuoted('Still broken.\n\nOn Mon, 1 Jan 2030, Support wrote:\n> Try again')).toEqual({
      answer: 'Still broken.',
      quoted: 'On Mon, 1 Jan 2030, Support wrote:\n> Try again',
    });
    expect(foldQuoted('Thanks!\n\n> old\n> older\n')).toEqual({ answer: 'Thanks!', quoted: '> old\n> older' });
    expect(foldQuoted('Just text')).toEqual({ answer: 'Just text', quoted: null });
    expect(foldQuoted('> only quoted')).toEqual({ answer: '> only quoted', quoted: null });
  });

  it('cleans text and limits attachments', () => {
    expect(cleanText('a\u0000b\u0007c\nd', 100)).toBe('abc\nd');
    expect(cleanText('abcdef', 3)).toBe('abc…');
    expect(attachmentRefusal('application/pdf', 1000)).toBeNull();
    expect(attachmentRefusal('image/png', 11 * 1024 * 1024)).toBe('larger than 10 MB');
    expect(attachmentRefusal('application/zip', 10)).toMatch(/only images/);
    expect(attachmentRefusal('image/svg+xml', 10)).toMatch(/only images/);
  });
});
