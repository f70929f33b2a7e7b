import { describe, expect, it } from 'vitest';
import { changedFields, showTime, showValue } from './audit-format';

describe('audit entry formatting', () => {
  it('shows only the fields that changed', () => {
    expect(changedFields({ title: 'A', genres: ['Drama'], id: '1' }, { title: 'B', genres: ['Drama'], id: '1' })).toEqual([
      { field: 'title', before: 'A', after: 'B' },
    ]);
  });

  it('shows every field of a creation or deletion', () => {
    expect(changedFields(undefined, { title: 'A', disabled: true })).toEqual([
      { field: 'title', before: '—', after: 'A' },
      { field: 'disabled', before: '—', after: 'yes' },
    ]);
    expect(changedFields({ roles: ['staff', 'admin'] }, null)).toEqual([{ field: 'roles', before: 'staff, admin', after: '—' }]);
  });

  it('handles plain values, nothing at all, and long text', () => {
    expect(changedFields(null, null)).toEqual([]);
    expect(changedFields('x', 'y')).toEqual([{ field: 'value', before: 'x', after: 'y' }]);
    expect(showValue({ nested: 1 })).toBe('{"nested":1}');
    expect(showValue([])).toBe('(none)');
    expect(showValue('z'.repeat(400))).toHaveLength(301);
  });

  it('shows times in local words, and never for none', () => {
    expect(showTime(null)).toBe('never');
    expect(showTime('not a time')).toBe('not a time');
    expect(showTime('2026-01-02T03:04:05.000Z')).toBe(new Date('2026-01-02T03:04:05.000Z').toLocaleString());
  });
});
