import { describe, expect, it } from 'vitest';
import { formatMillis } from './account-dates';

describe('account dates', () => {
  it('shows milliseconds as a date, and a dash for none or nonsense', () => {
    const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    expect(formatMillis('1767225600000', format)).toBe('January 1, 2026');
    expect(formatMillis(undefined, format)).toBe('—');
    expect(formatMillis('soon', format)).toBe('—');
  });
});
