import { describe, expect, it } from 'vitest';
import { remainingSignInMethods } from './unlink-providers';

describe('remainingSignInMethods', () => {
  it('keeps the password and the other providers', () => {
    expect(remainingSignInMethods(true, ['google.com', 'github.com'], ['google.com'])).toEqual(['password', 'github.com']);
  });
  it('is empty when the last way would go', () => {
    expect(remainingSignInMethods(false, ['google.com'], ['google.com'])).toEqual([]);
    expect(remainingSignInMethods(true, [], ['password'])).toEqual([]);
  });
  it('lets the password go when a provider remains', () => {
    expect(remainingSignInMethods(true, ['github.com'], ['password'])).toEqual(['github.com']);
  });
});
