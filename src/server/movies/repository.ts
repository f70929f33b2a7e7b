import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { compareTitles } from '../../common/movie-filter';
import type { Movie, NewMovie } from '../../common/movie-schema';
import { type ChangeEvent, recordMovieChange } from '../changes/index';
import type { Database } from '../platform/db/schema';
import { isUniqueViolation } from '../identity/index';
import { isForeignKeyViolation, toMovie } from './rows';

/** All SQL of the movies table, portable between SQLite and PostgreSQL. */
export type AddMovieResult =
  | { added: true; movie: Movie; events: ChangeEvent[] }
  /** Stored earlier under the same Idempotency-Key: that add, and who made it. */
  | { added: false; reason: 'stored-under-key'; movie: Movie; createdBy: string | null }
  | { added: false; reason: 'duplicate'; existingTitle: string }
  /** The author's account was deleted after their token was issued. */
  | { added: false; reason: 'unknown-author' };

export function moviesRepository(db: Kysely<Database>) {
  return {
    /**
     * Every movie, in reading order of the title. Sorted here rather than in SQL because the
     * engines collate differently, and the client inserts new movies with the same comparison.
     */
    async list(): Promise<Movie[]> {
      const rows = await db.selectFrom('movies').select(['title', 'genres']).execute();
      return rows.map(toMovie).sort(compareTitles);
    },

    /** One movie by its exact title, else by the title ignoring case. */
    async findByTitle(title: string): Promise<Movie | null> {
      const rows = await db
        .selectFrom('movies')
        .select(['title', 'genres'])
        .where(sql<string>`lower(title)`, '=', sql<string>`lower(${title})`)
        .execute();
      const row = rows.find((candidate) => candidate.title === title) ?? rows[0];
      return row ? toMovie(row) : null;
    },

    /** The movie an earlier add stored under this Idempotency-Key, with its author. */
    async findByIdempotencyKey(key: string): Promise<{ movie: Movie; createdBy: string | null } | null> {
      const row = await db
        .selectFrom('movies')
        .select(['title', 'genres', 'created_by'])
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row ? { movie: toMovie(row), createdBy: row.created_by } : null;
    },

    /**
     * Adds a movie unless one with the same title (ignoring case) is already there. The check,
     * the insert and the live stream's change events share a transaction; the unique constraint on
     * the title catches the race of two identical titles arriving at once, the one on the
     * idempotency key two sends of the same add.
     */
    async add(
      movie: NewMovie,
      createdBy: string | null,
      idempotencyKey: string | null = null,
      now: Date = new Date(),
    ): Promise<AddMovieResult> {
      try {
        return await db.transaction().execute(async (trx) => {
          const existing = await trx
            .selectFrom('movies')
            .select(['title', 'genres', 'created_by', 'idempotency_key'])
            .where(sql<string>`lower(title)`, '=', sql<string>`lower(${movie.title})`)
            .executeTakeFirst();
          // A concurrent send of this same add committed first: that is this add, not a duplicate.
          if (existing && idempotencyKey && existing.idempotency_key === idempotencyKey)
            return { added: false, reason: 'stored-under-key', movie: toMovie(existing), createdBy: existing.created_by };
          if (existing) return { added: false, reason: 'duplicate', existingTitle: existing.title };
          await trx
            .insertInto('movies')
            .values({
              id: randomUUID(),
              title: movie.title,
              genres: JSON.stringify(movie.genres),
              created_at: now.toISOString(),
              created_by: createdBy,
              idempotency_key: idempotencyKey,
            })
            .execute();
          const added = { title: movie.title, genres: movie.genres };
          const events = await recordMovieChange(trx, { kind: 'add', movie: added });
          return { added: true, movie: added, events };
        });
      } catch (error) {
        if (isUniqueViolation(error) && idempotencyKey) {
          const stored = await this.findByIdempotencyKey(idempotencyKey);
          if (stored) return { added: false, reason: 'stored-under-key', ...stored };
        }
        if (isUniqueViolation(error)) return { added: false, reason: 'duplicate', existingTitle: movie.title };
        if (isForeignKeyViolation(error)) return { added: false, reason: 'unknown-author' };
        throw error;
      }
    },

    /** Inserts many movies in one transaction (benchmarks and bulk seeding). */
    async addMany(movies: readonly NewMovie[], now: Date = new Date()): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < movies.length; start += 500) {
          await trx
            .insertInto('movies')
            .values(
              movies.slice(start, start + 500).map((movie) => ({
                id: randomUUID(),
                title: movie.title,
                genres: JSON.stringify(movie.genres),
                created_at: now.toISOString(),
                created_by: null,
              })),
            )
            .onConflict((oc) => oc.column('title').doNothing())
            .execute();
        }
      });
    },
  };
}
