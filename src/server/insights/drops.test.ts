import { describe, expect, it } from 'vitest';
import { dropEpisodes } from './drops';

describe('dropEpisodes', () => {
  it('starts an episode at the first drop only, and ends it with its count and length', () => {
    const episodes = dropEpisodes();
    expect(episodes.end(5)).toBeNull();
    expect(episodes.drop(4, 1000)).toBe(true);
    expect(episodes.drop(4, 1500)).toBe(false);
    expect(episodes.drop(1, 2000)).toBe(false);
    expect(episodes.end(3000)).toEqual({ dropped: 9, forMs: 2000 });
    expect(episodes.end(3500)).toBeNull();
  });
  it('counts the next episode from zero', () => {
    const episodes = dropEpisodes();
    episodes.drop(3, 0);
    episodes.end(10);
    expect(episodes.drop(2, 20)).toBe(true);
    expect(episodes.end(25)).toEqual({ dropped: 2, forMs: 5 });
  });
});
