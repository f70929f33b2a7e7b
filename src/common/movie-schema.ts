import { z } from 'zod';
import { GENRE_MAX_LENGTH, GENRES_MAX, parseGenres, uniqueGenres } from './genres';
import { isStorableText } from './text-rules';

/**
 * The rules of a movie, shared by the server (request validation) and the add form, so both
 * say the same thing in the same words.
 */
export const TITLE_MAX_LENGTH = 200;

export const MOVIE_MESSAGES = {
  titleRequired: 'Enter the movie title.',
  titleTooLong: `The title can be at most ${TITLE_MAX_LENGTH} characters.`,
  titleControl: 'The title cannot contain line breaks or control characters.',
  titleType: 'The title must be text.',
  titleUnstorable: 'The title cannot contain NUL characters or unpaired surrogate halves.',
  genresRequired: 'Enter at least one genre.',
  genresTooMany: `A movie can have at most ${GENRES_MAX} genres.`,
  genresType: 'Genres must be a genre or a list of genres.',
  genreBlank: 'A genre cannot be blank.',
  genreTooLong: `A genre can be at most ${GENRE_MAX_LENGTH} characters.`,
  genreComma: 'A genre cannot contain a comma; send several genres as a list.',
  genreType: 'Each genre must be text.',
  genreUnstorable: 'A genre cannot contain NUL characters or unpaired surrogate halves.',
  duplicate: 'A movie with this title is already in the list.',
} as const;

// Tabs, line breaks and other C0/C1 controls have no place in a one-line title.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Titles that differ only in case or surrounding spaces name the same movie. */
export function titleKey(title: string): string {
  return title.normalize('NFC').trim().toLocaleLowerCase('en');
}

const tidy = (value: string) => value.normalize('NFC').trim();

/** Far over any real title or genre: longer input is refused before it is normalised. */
const RAW_TEXT_MAX = 1000;

export const movieTitleSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MOVIE_MESSAGES.titleRequired : MOVIE_MESSAGES.titleType) })
  .max(RAW_TEXT_MAX, { error: MOVIE_MESSAGES.titleTooLong, abort: true })
  .refine(isStorableText, { error: MOVIE_MESSAGES.titleUnstorable, abort: true })
  .transform(tidy)
  .pipe(
    z
      .string()
      .min(1, MOVIE_MESSAGES.titleRequired)
      .max(TITLE_MAX_LENGTH, MOVIE_MESSAGES.titleTooLong)
      .refine((title) => !CONTROL_CHARACTERS.test(title), MOVIE_MESSAGES.titleControl),
  );

const genreSchema = z
  .string({ error: MOVIE_MESSAGES.genreType })
  .max(RAW_TEXT_MAX, { error: MOVIE_MESSAGES.genreTooLong, abort: true })
  .refine(isStorableText, { error: MOVIE_MESSAGES.genreUnstorable, abort: true })
  .transform(tidy)
  .pipe(
    z
      .string()
      .min(1, MOVIE_MESSAGES.genreBlank)
      .max(GENRE_MAX_LENGTH, MOVIE_MESSAGES.genreTooLong)
      .refine((genre) => !genre.includes(','), MOVIE_MESSAGES.genreComma)
      .refine((genre) => !CONTROL_CHARACTERS.test(genre), MOVIE_MESSAGES.genreBlank),
  );

/**
 * Genres as the API takes them: a list, or a single genre string which is wrapped into a
 * one-element list. Repeats are dropped.
 */
export const movieGenresSchema = z
  .union([z.string(), z.array(z.unknown())], {
    error: (issue) => (issue.input === undefined ? MOVIE_MESSAGES.genresRequired : MOVIE_MESSAGES.genresType),
  })
  .transform((value) => (typeof value === 'string' ? [value] : value))
  .pipe(z.array(genreSchema).min(1, MOVIE_MESSAGES.genresRequired).max(GENRES_MAX, MOVIE_MESSAGES.genresTooMany))
  .transform(uniqueGenres);

/** Body of `POST /api/movies`. */
export const newMovieSchema = z.object({ title: movieTitleSchema, genres: movieGenresSchema });

export type NewMovie = z.output<typeof newMovieSchema>;

export interface Movie {
  title: string;
  genres: string[];
}

export interface MovieFormValues {
  title: string;
  /** The genres as typed: "Action,Sci-Fi". */
  genres: string;
}

export type MovieFormResult = { ok: true; movie: NewMovie } | { ok: false; errors: Partial<Record<keyof MovieFormValues, string>> };

/** Checks the add form; the genres text goes through the shared genre parser first. */
export function validateMovieForm(values: MovieFormValues): MovieFormResult {
  const errors: Partial<Record<keyof MovieFormValues, string>> = {};
  const title = movieTitleSchema.safeParse(values.title);
  if (!title.success) errors.title = title.error.issues[0]?.message ?? MOVIE_MESSAGES.titleRequired;
  const genres = movieGenresSchema.safeParse(parseGenres(values.genres));
  if (!genres.success) errors.genres = genres.error.issues[0]?.message ?? MOVIE_MESSAGES.genresRequired;
  if (title.success && genres.success) return { ok: true, movie: { title: title.data, genres: genres.data } };
  return { ok: false, errors };
}
