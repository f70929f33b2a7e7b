import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_TEXTS } from '../../../../common/site-texts';
import { SITE_TEXT_FIELDS, siteTextErrors, siteTextValues } from './site-texts-form';

describe('the site texts form', () => {
  it('has a field for every text, and the defaults pass', () => {
    expect(SITE_TEXT_FIELDS.map((field) => field.name).sort()).toEqual(Object.keys(DEFAULT_SITE_TEXTS).sort());
    expect(siteTextErrors(siteTextValues(DEFAULT_SITE_TEXTS))).toEqual({});
  });
  it('names the fields the schema refuses', () => {
    const errors = siteTextErrors({ ...siteTextValues(DEFAULT_SITE_TEXTS), headline: '', aboutImage: 'javascript:x' });
    expect(Object.keys(errors).sort()).toEqual(['aboutImage', 'headline']);
  });
});
