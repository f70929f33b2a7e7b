import { describe, expect, it } from 'vitest';
import { regexes, z } from 'zod';
import { EMAIL_PATTERN, emailProblem } from './identity-schemas';

describe('the email rule of sign-in and signup', () => {
  it('is the pattern z.email() checks with', () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it('accepts and refuses what z.email() does', () => {
    const samples = [
      'ann@example.com',
      'Ann.Lee+x@mail.example.org',
      'a@b',
      'no-at.example.com',
      '.ann@example.com',
      'ann..lee@example.com',
      'ann@-example.com',
    ];
    for (const sample of samples) {
      expect(emailProblem(sample) === null, sample).toBe(z.email().safeParse(sample.trim().toLowerCase()).success);
    }
  });
});
