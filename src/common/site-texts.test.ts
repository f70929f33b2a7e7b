import { describe, expect, it } from 'vitest';
import { addressLine, badMilestoneLine, DEFAULT_SITE_TEXTS, milestonesOf, paragraphsOf, telHref } from './site-texts';
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

describe('milestones', () => {
  it('reads one a line, the year before the first colon, and skips empty lines', () => {
    expect(milestonesOf('2011: We start.\n\n  Spring 2013 : An office: on Harbour Street.  \n')).toEqual([
      { year: '2011', text: 'We start.' },
      { year: 'Spring 2013', text: 'An office: on Harbour Street.' },
    ]);
    expect(milestonesOf('')).toEqual([]);
    expect(milestonesOf(DEFAULT_SITE_TEXTS.aboutMilestones)).toHaveLength(4);
    expect(milestonesOf(DEFAULT_SITE_TEXTS.aboutMilestones)[0]).toEqual({
      year: '2011',
      text: 'Maya Chen starts Northwind in her garage with three clients and a second-hand van.',
    });
  });

  it('names the first line that is not a year, a colon and a text', () => {
    expect(badMilestoneLine('2011: We start.\n\n2013 we move')).toBe(2);
    expect(badMilestoneLine('2011:')).toBe(1);
    expect(badMilestoneLine(': nothing before')).toBe(1);
    expect(badMilestoneLine(`${'x'.repeat(21)}: too long a year`)).toBe(1);
    expect(badMilestoneLine(DEFAULT_SITE_TEXTS.aboutMilestones)).toBeNull();
    expect(badMilestoneLine('')).toBeNull();
  });
});
