import { describe, expect, it } from 'vitest';
import { charactersLeft } from './characters-left';

describe('characters left', () => {
  it('says how much is left, never below zero', () => {
    expect(charactersLeft('', 80)).toBe('80 characters left');
    expect(charactersLeft('x'.repeat(79), 80)).toBe('1 character left');
    expect(charactersLeft('x'.repeat(90), 80)).toBe('0 characters left');
    expect(charactersLeft('x'.repeat(35), 5000)).toBe('4,965 characters left');
  });
});
