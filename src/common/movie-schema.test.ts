import { describe, expect, it } from 'vitest';
import { MOVIE_MESSAGES, newMovieSchema, titleKey, validateMovieForm } from './movie-schema';

const issues = (input: unknown) => {
  const result = newMovieSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('newMovieSchema', () => {
  it('accepts a title and a list of genres, trimmed', () => {
    expect(newMovieSchema.parse({ title: '  Alien ', genres: [' Horror', 'Sci-Fi '] })).toEqual({
      title: 'Alien',
      genres: ['Horror', 'Sci-Fi'],
    });
  });

  it('wraps a single genre string into a one-element list', () => {
    expect(newMovieSchema.parse({ title: 'Alien', genres: 'Horror' }).genres).toEqual(['Horror']);
  });

  it('drops repeated genres', () => {
    expect(newMovieSchema.parse({ title: 'Alien', genres: ['Horror', 'horror'] }).genres).toEqual(['Horror']);
  });

  it('requires a title', () => {
    expect(issues({ genres: ['Drama'] })).toEqual({ title: MOVIE_MESSAGES.titleRequired });
    expect(issues({ title: '   ', genres: ['Drama'] })).toEqual({ title: MOVIE_MESSAGES.titleRequired });
    expect(issues({ title: 42, genres: ['Drama'] })).toEqual({ title: MOVIE_MESSAGES.titleType });
  });

  it('limits the title', () => {
    expect(issues({ title: 'x'.repeat(201), genres: ['Drama'] })).toEqual({ title: MOVIE_MESSAGES.titleTooLong });
    expect(issues({ title: 'x'.repeat(200), genres: ['Drama'] })).toEqual({});
    expect(issues({ title: 'Two\nlines', genres: ['Drama'] })).toEqual({ title: MOVIE_MESSAGES.titleControl });
  });

  it('requires at least one genre', () => {
    expect(issues({ title: 'Alien' })).toEqual({ genres: MOVIE_MESSAGES.genresRequired });
    expect(issues({ title: 'Alien', genres: [] })).toEqual({ genres: MOVIE_MESSAGES.genresRequired });
    expect(issues({ title: 'Alien', genres: 7 })).toEqual({ genres: MOVIE_MESSAGES.genresType });
  });

  it('checks each genre', () => {
    expect(issues({ title: 'Alien', genres: ['Horror', ' '] })).toEqual({ 'genres.1': MOVIE_MESSAGES.genreBlank });
    expect(issues({ title: 'Alien', genres: ['x'.repeat(41)] })).toEqual({ 'genres.0': MOVIE_MESSAGES.genreTooLong });
    expect(issues({ title: 'Alien', genres: 'Horror,Sci-Fi' })).toEqual({ 'genres.0': MOVIE_MESSAGES.genreComma });
    expect(issues({ title: 'Alien', genres: [3] })).toEqual({ 'genres.0': MOVIE_MESSAGES.genreType });
  });

  it('limits the number of genres', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => `G${index}`);
    expect(issues({ title: 'Alien', genres: eleven })).toEqual({ genres: MOVIE_MESSAGES.genresTooMany });
  });
});

describe('validateMovieForm', () => {
  it('parses the genres text and gives the movie to add', () => {
    expect(validateMovieForm({ title: 'NewMovie', genres: 'New,Genre' })).toEqual({
      ok: true,
      movie: { title: 'NewMovie', genres: ['New', 'Genre'] },
    });
  });

  it('reports both fields when both are empty', () => {
    expect(validateMovieForm({ title: '', genres: ' , ' })).toEqual({
      ok: false,
      errors: { title: MOVIE_MESSAGES.titleRequired, genres: MOVIE_MESSAGES.genresRequired },
    });
  });

  it('reports one bad field', () => {
    expect(validateMovieForm({ title: 'Alien', genres: '' })).toEqual({ ok: false, errors: { genres: MOVIE_MESSAGES.genresRequired } });
  });

  it('gives one key for titles that differ only in case and spaces', () => {
    expect(titleKey(' The Matrix ')).toBe(titleKey('the matrix'));
  });
});
