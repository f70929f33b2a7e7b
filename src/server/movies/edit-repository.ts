import { type Kysely, sql, type Transaction } from 'kysely';
import type { Movie, NewMovie } from '../../common/movie-schema';
import { type ChangeEvent, recordMovieChange } from '../changes/index';
import type { Database, MovieRow } from '../platform/db/schema';
import { isUniqueViolation } from '../identity/index';
import { containsPattern, toMovie } from './rows';

/** A movie as the console sees it: with its id and when it was added. */
export interface StoredMovie extends Movie {
  id: string;
  createdAt: string;
}

export type EditResult =
  | { ok: true; before: StoredMovie; after: StoredMovie; events: ChangeEvent[] }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'duplicate'; existingTitle: string };

export type RemoveResult = { ok: true; before: StoredMovie; events: ChangeEvent[] } | { ok: false; reason: 'missing' };

/** Runs in the write's transaction: the audit entry of the change (or anything else that must commit with it). */
export type AlsoInTransaction = (trx: Transaction<Database>, before: StoredMovie, after: StoredMovie | null) => Promise<void>;

const stored = (row: Pick<MovieRow, 'id' | 'title' | 'genres' | 'created_at'>): StoredMovie => ({
  id: row.id,
  ...toMovie(row),
  createdAt: row.created_at,
});

/**
 * The movies table's moderation half (the console's edit and delete; adding lives in
 * repository.ts). Each write records its live event in its own transaction, with whatever the
 * caller adds there (the audit entry); pass the returned events to `app.live.announce` after.
 */
export function movieEditsRepository(db: Kysely<Database>) {
  const find = (trx: Kysely<Database>, id: string) =>
    trx.selectFrom('movies').select(['id', 'title', 'genres', 'created_at']).where('id', '=', id).executeTakeFirst();

  return {
    /**
     * Titles containing the text (any case), with who added each (display name, else email).
     * `title`: title order, keyset-paged by title; `newest`: newest first, paged by (added, id).
     */
    async search(options: {
      text?: string | undefined;
      sort: 'title' | 'newest';
      after?: string | undefined;
      before?: { at: string; id: string } | undefined;
      limit: number;
    }): Promise<(StoredMovie & { addedBy: string | null })[]> {
      let query = db
        .selectFrom('movies')
        .leftJoin('users', 'users.id', 'movies.created_by')
        .select(['movies.id', 'movies.title', 'movies.genres', 'movies.created_at', 'users.display_name', 'users.email']);
      if (options.text) query = query.where(sql<boolean>`lower(movies.title) like lower(${containsPattern(options.text)}) escape '!'`);
      if (options.sort === 'title') {
        if (options.after !== undefined) query = query.where('movies.title', '>', options.after);
        query = query.orderBy('movies.title');
      } else {
        const before = options.before;
        if (before) {
          query = query.where((eb) =>
            eb.or([
              eb('movies.created_at', '<', before.at),
              eb.and([eb('movies.created_at', '=', before.at), eb('movies.id', '<', before.id)]),
            ]),
          );
        }
        query = query.orderBy('movies.created_at', 'desc').orderBy('movies.id', 'desc');
      }
      const rows = await query.limit(options.limit).execute();
      return rows.map((row) => ({ ...stored(row), addedBy: row.display_name?.trim() || row.email || null }));
    },

    async findById(id: string): Promise<StoredMovie | null> {
      const row = await find(db, id);
      return row ? stored(row) : null;
    },

    /** A new title must not name another movie (ignoring case); the unique index catches a race. */
    async update(id: string, movie: NewMovie, also: AlsoInTransaction): Promise<EditResult> {
      try {
        return await db.transaction().execute(async (trx): Promise<EditResult> => {
          const row = await find(trx, id);
          if (!row) return { ok: false, reason: 'missing' };
          const clash = await trx
            .selectFrom('movies')
            .select('title')
            .where(sql<string>`lower(title)`, '=', sql<string>`lower(${movie.title})`)
            .where('id', '!=', id)
            .executeTakeFirst();
          if (clash) return { ok: false, reason: 'duplicate', existingTitle: clash.title };
          await trx
            .updateTable('movies')
            .set({ title: movie.title, genres: JSON.stringify(movie.genres) })
            .where('id', '=', id)
            .execute();
          const before = stored(row);
          const after: StoredMovie = { ...before, title: movie.title, genres: movie.genres };
          const events = await recordMovieChange(trx, {
            kind: 'update',
            movie: { title: after.title, genres: after.genres },
            previousTitle: before.title,
          });
          await also(trx, before, after);
          return { ok: true, before, after, events };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate', existingTitle: movie.title };
        throw error;
      }
    },

    async remove(id: string, also: AlsoInTransaction): Promise<RemoveResult> {
      return db.transaction().execute(async (trx): Promise<RemoveResult> => {
        const row = await find(trx, id);
        if (!row) return { ok: false, reason: 'missing' };
        await trx.deleteFrom('movies').where('id', '=', id).execute();
        const before = stored(row);
        const events = await recordMovieChange(trx, { kind: 'delete', title: before.title });
        await also(trx, before, null);
        return { ok: true, before, events };
      });
    },
  };
}
