import { describe, expect, it } from 'vitest';
import { CONTENT_KINDS } from '../../../../common/content-schemas';
import { CONTENT_SECTIONS, contentSectionOf } from './content-sections';

describe('content sections', () => {
  it('lists every content kind once, in order, with its page and its words', () => {
    expect(Object.values(CONTENT_SECTIONS).map((section) => section.kind)).toEqual([...CONTENT_KINDS]);
    expect(contentSectionOf('core_value')).toEqual({
      kind: 'core-values',
      one: 'Core value',
      many: 'Core values',
      path: '/admin/content/core-values',
    });
    expect(contentSectionOf('user')).toBeUndefined();
    expect(contentSectionOf('toString')).toBeUndefined();
  });
});
