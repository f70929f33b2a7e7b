import { describe, expect, it } from 'vitest';
import { etagFor, matchesIfNoneMatch } from './http-cache';

describe('etagFor', () => {
  it('is stable for the same body and differs for another', () => {
    expect(etagFor('[1,2]')).toBe(etagFor('[1,2]'));
    expect(etagFor('[1,2]')).not.toBe(etagFor('[2,1]'));
    expect(etagFor('x')).toMatch(/^"[\w-]{27}"$/);
  });
});

describe('matchesIfNoneMatch', () => {
  const tag = etagFor('body');
  it('matches the tag alone, in a list, weak, or *', () => {
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
  });
  it('does not match a missing or different tag', () => {
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch('"other"', tag)).toBe(false);
  });
});
