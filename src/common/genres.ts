/**
 * Genres as people type them and as the list stores them. The add form takes one text field,
 * "Action,Sci-Fi"; our reading is: split on commas, trim each part,
 * drop empty parts. We also drop repeats, so "Drama, drama" does not list Drama twice.
 */

/** Most genres a single movie may carry. */
export const GENRES_MAX = 10;
/** Longest single genre, in characters. */
export const GENRE_MAX_LENGTH = 40;

/** Splits a comma-separated genres text into a clean list (may be empty). */
export function parseGenres(text: string): string[] {
  return uniqueGenres(text.split(','));
}

/**
 * Trims every genre, drops empty ones and repeats (compared without regard to case; the first
 * spelling wins), keeping the order given.
 */
export function uniqueGenres(genres: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of genres) {
    const genre = raw.normalize('NFC').trim();
    const key = genre.toLocaleLowerCase('en');
    if (genre === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(genre);
  }
  return result;
}

/** The text the add form shows for a list of genres ("New,Genre"). */
export function formatGenres(genres: readonly string[]): string {
  return genres.join(',');
}

/**
 * Every genre that occurs in a list of movies, with how many movies carry it, sorted by name.
 * Spellings that differ only in case count as one genre (the first spelling met is shown).
 */
export function collectGenres(movies: readonly { genres: readonly string[] }[]): { genre: string; count: number }[] {
  const byKey = new Map<string, { genre: string; count: number }>();
  for (const movie of movies) {
    for (const genre of movie.genres) {
      const key = genre.toLocaleLowerCase('en');
      const entry = byKey.get(key);
      if (entry) entry.count += 1;
      else byKey.set(key, { genre, count: 1 });
    }
  }
  return [...byKey.values()].sort((a, b) => GENRE_COLLATOR.compare(a.genre, b.genre));
}

const GENRE_COLLATOR = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
