import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mail-link';

describe('mailtoHref', () => {
  it('links a plain address as it is', () => {
    expect(mailtoHref('ada@example.com')).toBe('mailto:ada@example.com');
  });

  it('encodes the characters that are syntax in a mailto: link', () => {
    expect(mailtoHref('x?cc=y&bcc=z#w%@example.com')).toBe('mailto:x%3Fcc%3Dy%26bcc%3Dz%23w%25@example.com');
    expect(mailtoHref('a+b/c@example.com')).toBe('mailto:a%2Bb%2Fc@example.com');
    expect(mailtoHref('josé@exämple.de')).toBe('mailto:jos%C3%A9@ex%C3%A4mple.de');
  });

  it('gives no link for text that is not an address (extra recipients, headers)', () => {
    expect(mailtoHref('x@evil.example?cc=attacker%40evil.example')).toBeNull();
    expect(mailtoHref('x@evil.example?cc=attacker@evil.example')).toBeNull();
    expect(mailtoHref('x@evil.example\r\nBcc: a@b.example')).toBeNull();
    expect(mailtoHref('')).toBeNull();
  });

  it('never yields a link with a query, a second recipient or a line break', () => {
    for (const address of ['a?b@example.com', 'a,b@example.com', "o'neil@example.org", 'a&b=c@example.com']) {
      const href = mailtoHref(address);
      if (href === null) continue;
      expect(href).not.toMatch(/[?,&#\s]/);
      expect(href.split('@')).toHaveLength(2);
    }
  });
});
