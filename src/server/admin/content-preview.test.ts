import { describe, expect, it } from 'vitest';
import { withDraft } from './content-preview';

describe('withDraft', () => {
  const items = [
    { id: 'a', title: 'A', image: { id: 'pic' } },
    { id: 'b', title: 'B', image: null },
  ];

  it('puts the draft in its item’s place, keeping what a draft does not hold (the picture)', () => {
    expect(withDraft(items, 'a', { title: 'A draft' })).toEqual([
      { id: 'a', title: 'A draft', image: { id: 'pic' } },
      { id: 'b', title: 'B', image: null },
    ]);
  });

  it('adds an item that is not published yet at the end, and never changes its id', () => {
    expect(withDraft(items, 'c', { title: 'New', id: 'other' })).toEqual([...items, { id: 'c', title: 'New', image: null }]);
  });
});
