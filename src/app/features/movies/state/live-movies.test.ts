import { describe, expect, it } from 'vitest';
import { applyMovieEvent, isCurrent, withWaiting } from './live-movies';

const alien = { title: 'Alien', genres: ['Horror'] };
const heat = { title: 'Heat', genres: ['Crime'] };

describe('movie list changes from the live stream', () => {
  it('inserts an added movie in title order, once', () => {
    const list = applyMovieEvent([alien, heat], { kind: 'add', key: 'Brazil', data: { title: 'Brazil', genres: ['Comedy'] } });
    expect(list?.map((m) => m.title)).toEqual(['Alien', 'Brazil', 'Heat']);
    expect(applyMovieEvent(list!, { kind: 'add', key: 'Brazil', data: { title: 'Brazil', genres: ['Comedy'] } })).toBe(list);
  });

  it('renames and deletes', () => {
    expect(applyMovieEvent([alien, heat], { kind: 'update', key: 'Alien', data: { title: 'Aliens', genres: ['Action'] } })).toEqual([
      { title: 'Aliens', genres: ['Action'] },
      heat,
    ]);
    expect(applyMovieEvent([alien, heat], { kind: 'delete', key: 'Heat', data: null })).toEqual([alien]);
  });

  it('asks for a refetch when an event carries no movie', () => {
    expect(applyMovieEvent([alien], { kind: 'changed', key: 'bulk', data: null })).toBeNull();
    expect(applyMovieEvent([alien], { kind: 'add', key: 'x', data: { title: 3 } })).toBeNull();
  });

  it('shows waiting movies among the rest unless the server already has them', () => {
    expect(
      withWaiting(
        [alien, heat],
        [
          { title: 'Brazil', genres: ['Comedy'] },
          { title: 'alien', genres: ['x'] },
        ],
      ).map((m) => m.title),
    ).toEqual(['Alien', 'Brazil', 'Heat']);
  });
});

describe('whether a stream event is news to the list', () => {
  it('ignores a reset or change at or below the version the list was read at, never one past it', () => {
    expect(isCurrent(12, { version: 12 })).toBe(true);
    expect(isCurrent(12, { version: 11 })).toBe(true);
    expect(isCurrent(12, { version: 13 })).toBe(false);
    expect(isCurrent(0, { version: 0 })).toBe(true);
  });

  it('never ignores anything for a list of unknown version (the device copy)', () => {
    expect(isCurrent(undefined, { version: 0 })).toBe(false);
    expect(isCurrent(undefined, { version: 40 })).toBe(false);
  });
});
