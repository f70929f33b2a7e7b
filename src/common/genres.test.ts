import { describe, expect, it } from 'vitest';
import { collectGenres, formatGenres, parseGenres, uniqueGenres } from './genres';

describe('parseGenres', () => {
  it('splits on commas', () => {
    expect(parseGenres('Action,Sci-Fi,Drama')).toEqual(['Action', 'Sci-Fi', 'Drama']);
  });

  it('trims each part, so spaces after commas do no harm', () => {
    expect(parseGenres(' Action , Sci-Fi ,Drama ')).toEqual(['Action', 'Sci-Fi', 'Drama']);
  });

  it('drops empty parts', () => {
    expect(parseGenres(',Action,,  ,Drama,')).toEqual(['Action', 'Drama']);
  });

  it('gives an empty list for blank text', () => {
    expect(parseGenres('')).toEqual([]);
    expect(parseGenres(' , ,')).toEqual([]);
  });

  it('keeps a single genre as a one-element list', () => {
    expect(parseGenres('Drama')).toEqual(['Drama']);
  });

  it('drops repeats regardless of case, keeping the first spelling', () => {
    expect(parseGenres('Drama,drama,Comedy,DRAMA')).toEqual(['Drama', 'Comedy']);
  });

  it('keeps spaces inside a genre', () => {
    expect(parseGenres('Film Noir,Science Fiction')).toEqual(['Film Noir', 'Science Fiction']);
  });
});

describe('uniqueGenres and formatGenres', () => {
  it('normalises composed and decomposed accents to one spelling', () => {
    expect(uniqueGenres(['Te\u0301le\u0301novela', 'Télénovela'])).toEqual(['Télénovela']);
  });

  it('formats the default movie the way the form shows it', () => {
    expect(formatGenres(['New', 'Genre'])).toBe('New,Genre');
    expect(parseGenres(formatGenres(['New', 'Genre']))).toEqual(['New', 'Genre']);
  });
});

describe('collectGenres', () => {
  it('counts the movies per genre and sorts by name', () => {
    const genres = collectGenres([{ genres: ['Drama', 'Crime'] }, { genres: ['drama'] }, { genres: ['Action'] }]);
    expect(genres).toEqual([
      { genre: 'Action', count: 1 },
      { genre: 'Crime', count: 1 },
      { genre: 'Drama', count: 2 },
    ]);
  });

  it('gives nothing for no movies', () => {
    expect(collectGenres([])).toEqual([]);
  });
});
