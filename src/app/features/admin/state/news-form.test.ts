import { describe, expect, it } from 'vitest';
import { emptyArticle, fromLocalInput, sameArticle, toLocalInput } from './news-form';

describe('news form rules', () => {
  it('turns a local date and time into UTC and back', () => {
    const iso = fromLocalInput('2026-11-26T16:05');
    expect(iso).toMatch(/^2026-11-2\dT\d\d:05:00\.000Z$/);
    expect(toLocalInput(iso)).toBe('2026-11-26T16:05');
    expect(fromLocalInput('')).toBe('');
    expect(toLocalInput('')).toBe('');
    expect(fromLocalInput('not a date')).toBe('');
  });

  it('tells changed forms apart', () => {
    expect(sameArticle(emptyArticle('a'), emptyArticle('a'))).toBe(true);
    expect(sameArticle(emptyArticle('a'), { ...emptyArticle('a'), title: 'x' })).toBe(false);
  });
});
