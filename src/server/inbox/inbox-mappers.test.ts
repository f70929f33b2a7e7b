import { describe, expect, it } from 'vitest';
import { replySubject } from './inbox-mappers';

describe('replySubject', () => {
  it('answers the visitor’s own subject', () => {
    expect(replySubject('Printer jams')).toBe('Re: Printer jams');
  });
  it('does not stack "Re:" and names the company when there was no subject', () => {
    expect(replySubject('RE: Printer jams')).toBe('RE: Printer jams');
    expect(replySubject(null)).toBe('Re: Your message to Northwind Computer Services');
    expect(replySubject('   ')).toBe('Re: Your message to Northwind Computer Services');
  });
});
