import { describe, expect, it } from 'vitest';
import { isStorableText } from './text-rules';

describe('isStorableText', () => {
  it.each(['', 'plain', 'Émile Zola', 'emoji 😀 pair', 'tabs\tand\nlines', '\uFFFD'])('accepts %j', (text) => {
    expect(isStorableText(text)).toBe(true);
  });

  it.each(['nul\u0000inside', '\u0000', 'lone high \uD83D', 'lone low \uDE00 here', '\uDE00\uD83D'])('refuses %j', (text) => {
    expect(isStorableText(text)).toBe(false);
  });

  it('is linear on long text', () => {
    const long = `${'a\uD83D\uDE00'.repeat(20_000)}\uD83D`;
    const started = performance.now();
    expect(isStorableText(long)).toBe(false);
    expect(performance.now() - started).toBeLessThan(250);
  });
});
