import { describe, expect, it } from 'vitest';
import { candidateItemId } from './item-ids';

describe('candidateItemId', () => {
  it('tries the made id first, then the id with a short suffix', () => {
    expect(candidateItemId('maya-chen', 1)).toBe('maya-chen');
    expect(candidateItemId('maya-chen', 2)).toMatch(/^maya-chen-[0-9a-f]{6}$/);
  });

  it('never gives a word of the addresses as it is', () => {
    for (const word of ['new', 'order', 'drafts', 'deleted']) expect(candidateItemId(word, 1)).toMatch(new RegExp(`^${word}-[0-9a-f]{6}$`));
  });
});
