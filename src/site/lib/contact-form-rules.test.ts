import { describe, expect, it } from 'vitest';
import { describedBy, firstInvalidField, initialErrors, pasteCutLength } from './contact-form-rules';

describe('contact form rules', () => {
  it('asks for a look at each field the server refused, and focuses the first in order', () => {
    expect(initialErrors(['email', 'name'])).toEqual({ email: 'Please check your email.', name: 'Please check your name.' });
    expect(firstInvalidField({ message: 'x', email: 'y' })).toBe('email');
    expect(firstInvalidField({})).toBeUndefined();
  });

  it('measures a paste that will not fit, counting CRLF as one break', () => {
    expect(pasteCutLength('abc', 5, 0, 10)).toBeNull();
    expect(pasteCutLength('abcdef', 5, 0, 10)).toBe(6);
    expect(pasteCutLength('abcdef', 5, 2, 10)).toBeNull();
    expect(pasteCutLength('a\r\nb\r\nc', 5, 0, 10)).toBeNull();
    expect(pasteCutLength('a\r\nb\r\nc', 5, 0, 9)).toBe(5);
  });

  it('names the error, the hint and the paste note a field is described by', () => {
    expect(describedBy('name', false, false)).toBeUndefined();
    expect(describedBy('name', true, false)).toBe('contact-name-error');
    expect(describedBy('message', false, false)).toBe('contact-message-hint');
    expect(describedBy('message', true, true)).toBe('contact-message-error contact-message-cut');
  });
});
