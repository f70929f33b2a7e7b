import type { Movie } from '../../common/movie-schema';
import type { MovieRow } from '../platform/db/schema';

/** Row helpers shared by the movie repositories. */
export function toMovie(row: Pick<MovieRow, 'title' | 'genres'>): Movie {
  return { title: row.title, genres: JSON.parse(row.genres) as string[] };
}

/** True for a foreign-key violation on either engine (the unique check is users-repository's). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally (escape character `!`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (character) => `!${character}`)}%`;
}
