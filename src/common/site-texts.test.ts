import { describe, expect, it } from 'vitest';
import { addressLine, DEFAULT_SITE_TEXTS, paragraphsOf, telHref } from './site-texts';
import { siteTextsInput } from './site-texts-schema';

describe('site texts', () => {
  it('put the address on one line as the site always showed it, leaving out empty parts', () => {
    expect(addressLine(DEFAULT_SITE_TEXTS)).toBe('42 Harbour Street, Portland, OR 97204');
    expect(addressLine({ ...DEFAULT_SITE_TEXTS, region: '', postalCode: '' })).toBe('42 Harbour Street, Portland');
  });
  it('split the story at empty lines', () => {
    expect(paragraphsOf('One.\n\n  \nTwo\nstill two.\n\n')).toEqual(['One.', 'Two\nstill two.']);
  });
  it('dial the number without spaces or brackets', () => {
    expect(telHref('+1 (555) 0100')).toBe('tel:+15550100');
  });
  it('accept the defaults and bound every field', () => {
    expect(siteTextsInput.safeParse(DEFAULT_SITE_TEXTS).success).toBe(true);
    const long = Object.fromEntries(Object.keys(DEFAULT_SITE_TEXTS).map((name) => [name, 'x'.repeat(5000)]));
    const parsed = siteTextsInput.safeParse(long);
    expect(parsed.success).toBe(false);
    const refused = new Set(parsed.error!.issues.map((issue) => String(issue.path[0])));
    expect([...refused].sort()).toEqual(Object.keys(DEFAULT_SITE_TEXTS).sort());
  });
  it('take a picture only as https:// or a path of the site', () => {
    const withImage = (landingImage: string) => siteTextsInput.safeParse({ ...DEFAULT_SITE_TEXTS, landingImage }).success;
    expect(withImage('/icons/og-image.png')).toBe(true);
    expect(withImage('https://cdn.example/a.png')).toBe(true);
    expect(withImage('javascript:alert(1)')).toBe(false);
    expect(withImage('//evil.example/a.png')).toBe(false);
    expect(withImage('http://plain.example/a.png')).toBe(false);
  });
});
