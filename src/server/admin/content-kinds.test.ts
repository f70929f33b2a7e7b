import { describe, expect, it } from 'vitest';
import { CONTENT_KIND_MAPS, slugFor } from './content-kinds';

describe('content kinds', () => {
  it('makes address-friendly ids', () => {
    expect(slugFor('Maya Chen')).toBe('maya-chen');
    expect(slugFor('  Café & Bar — Zürich ')).toBe('cafe-bar-zurich');
    expect(slugFor('!!!')).toBe('item');
    expect(slugFor('a'.repeat(100))).toHaveLength(60);
  });

  it('maps team members to their columns and back', () => {
    const map = CONTENT_KIND_MAPS['team-members'];
    const row = map.toRow({ name: 'A', skills: ['x'], joinedYear: 2020 });
    expect(row).toEqual({ name: 'A', skills: '["x"]', joined_year: 2020 });
    expect(map.fromRow({ id: 'a', position: 1, version: 2, ...row })).toEqual({
      name: 'A',
      skills: ['x'],
      joinedYear: 2020,
      imageId: null,
    });
    expect(map.fromRow({ id: 'a', position: 1, version: 2, ...row, image_id: 'abc' })).toMatchObject({ imageId: 'abc' });
  });
});
