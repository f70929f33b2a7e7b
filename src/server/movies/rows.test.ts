import { describe, expect, it } from 'vitest';
import { containsPattern } from './rows';

describe('containsPattern', () => {
  it('wraps the text and escapes the wildcards and the escape character', () => {
    expect(containsPattern('alien')).toBe('%alien%');
    expect(containsPattern('100%_!')).toBe('%100!%!_!!%');
  });
});
