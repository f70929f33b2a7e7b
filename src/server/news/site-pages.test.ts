import { describe, expect, it } from 'vitest';
import { articleSlugOf, pageNumberOf } from './site-pages';

describe('news paths', () => {
  it('reads the slug of an article path', () => {
    expect(articleSlugOf('/news/saturday-repairs')).toBe('saturday-repairs');
    expect(articleSlugOf('/news/a%20b')).toBe('a b');
    expect(articleSlugOf('/news/%E0%A4%A')).toBeNull();
    expect(articleSlugOf('/news')).toBeNull();
    expect(articleSlugOf('/news/a/b')).toBeNull();
    expect(articleSlugOf(`/news/${'a'.repeat(1000)}`)).toBeNull();
  });

  it('reads a page number, 1 for anything else', () => {
    expect(pageNumberOf('3')).toBe(3);
    expect(pageNumberOf(undefined)).toBe(1);
    expect(pageNumberOf('0')).toBe(1);
    expect(pageNumberOf('-2')).toBe(1);
    expect(pageNumberOf('2.5')).toBe(1);
    expect(pageNumberOf('9999999999')).toBe(1);
  });
});
