import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('replaces single-use codes and tokens, keeps the rest', () => {
    expect(redactUrl('/login?mode=signIn&email=a%40b.c&oobCode=abc123&continueUrl=x')).toBe(
      '/login?mode=signIn&email=a%40b.c&oobCode=[redacted]&continueUrl=[redacted]',
    );
    expect(redactUrl('/cb?CODE=1&state=2&key=public')).toBe('/cb?CODE=[redacted]&state=[redacted]&key=public');
    expect(redactUrl('/x?%6FobCode=s')).toBe('/x?%6FobCode=[redacted]');
    expect(redactUrl('/plain')).toBe('/plain');
    expect(redactUrl('/bad?%E0%A4%A=1&code')).toBe('/bad?%E0%A4%A=1&code');
  });
});
