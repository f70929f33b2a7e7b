import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isStorableText, storableText } from './text-rules';

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

describe('storableText', () => {
  const title = z.string().check(storableText('The title')).trim().min(1, 'The title is required.');

  it('passes storable text on to the rules after it', () => {
    expect(title.parse('  Émile 😀 ')).toBe('Émile 😀');
    expect(title.safeParse('   ').error?.issues.map((issue) => issue.message)).toEqual(['The title is required.']);
  });

  it.each(['a\u0000b', 'lone \uD83D', '\uDE00'])('refuses %j with one message naming the field', (text) => {
    expect(title.safeParse(text).error?.issues.map((issue) => issue.message)).toEqual([
      'The title cannot contain NUL characters or unpaired surrogate halves.',
    ]);
  });
});
