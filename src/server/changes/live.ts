import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Movie } from '../../common/movie-schema';
import type { Database } from '../platform/db/schema';
import { isRedisUnavailable } from '../platform/redis';
import { ACCESS_TOPIC, EVERY_ACCOUNT, LIVE_CHANNEL } from './hub';
import type { ChangeEvent } from './protocol';
import { appendChange, type NewChange } from './repository';
import type { TopicDefinition, TopicRegistry } from './topics';

/** What the rest of the server uses of the live stream: `app.live`. */
export interface LiveData {
  /** Adds a topic and who may read it (e.g. the staff console's `inbox`, staff only). */
  registerTopic(topic: TopicDefinition): void;
  /**
   * After the transaction holding the change has committed: tells the streams of every instance
   * to read the log. Never throws (a lost notice is caught up by the streams' own check).
   */
  announce(events: readonly ChangeEvent[]): void;
  /** Records a change in a transaction of its own, then announces it: for writes not already in one. */
  record(changes: readonly NewChange[]): Promise<ChangeEvent[]>;
}

export function createLiveData(app: FastifyInstance, registry: TopicRegistry): LiveData {
  const live: LiveData = {
    registerTopic: (topic) => registry.register(topic),
    announce(events) {
      for (const event of events) {
        app.changes.publish(LIVE_CHANNEL, `${event.topic}:${event.version}`).catch((error: unknown) => {
          // A Redis outage is logged once by the connection, not once per change.
          if (isRedisUnavailable(error)) return;
          app.log.warn({ err: error, topic: event.topic }, 'live: change notice not sent; streams catch up by their own check');
        });
      }
    },
    async record(changes) {
      const events = await app.database.db.transaction().execute(async (trx) => {
        const written: ChangeEvent[] = [];
        for (const change of changes) written.push(await appendChange(trx, change));
        return written;
      });
      live.announce(events);
      return events;
    },
  };
  return live;
}

export type MovieChange =
  { kind: 'add'; movie: Movie } | { kind: 'update'; movie: Movie; previousTitle: string } | { kind: 'delete'; title: string };

/**
 * The one call after any write to the movies table, inside that write's transaction: the movie
 * list's event (with the new value, so lists apply it without a refetch) and the charts' notice.
 * After the commit, pass what it returns to `app.live.announce`.
 *
 * ```ts
 * const events = await db.transaction().execute(async (trx) => {
 *   await trx.updateTable('movies')...;
 *   return recordMovieChange(trx, { kind: 'update', movie, previousTitle });
 * });
 * app.live.announce(events);
 * ```
 */
export async function recordMovieChange(trx: Transaction<Database>, change: MovieChange): Promise<ChangeEvent[]> {
  const movieEvent: NewChange =
    change.kind === 'add'
      ? { topic: 'movies', kind: 'add', key: change.movie.title, data: change.movie }
      : change.kind === 'update'
        ? { topic: 'movies', kind: 'update', key: change.previousTitle, data: change.movie }
        : { topic: 'movies', kind: 'delete', key: change.title };
  return [await appendChange(trx, movieEvent), await appendChange(trx, { topic: 'stats', kind: 'changed', key: 'movies' })];
}

/** Same for the Daily Activities (the schedule and the per-track chart). */
export async function recordScheduleChange(
  trx: Transaction<Database>,
  change: { kind: 'add' | 'update' | 'delete'; id: string; activity?: unknown },
): Promise<ChangeEvent[]> {
  return [
    await appendChange(trx, { topic: 'schedule', kind: change.kind, key: change.id, data: change.activity }),
    await appendChange(trx, { topic: 'stats', kind: 'changed', key: 'schedule' }),
  ];
}

/**
 * After a change of what an account may read (a role revoked), inside that change's transaction:
 * every instance re-checks that account's open signed-in streams and closes those it may no
 * longer read (`uid` null: every account's, e.g. when a rule for all staff is switched on). The
 * event is in the change log, so an instance that missed the notice finds it by its own check, and
 * a change made by the command line (no server, no notice) reaches the streams the same way.
 */
export function recordAccessChange(trx: Transaction<Database>, uid: string | null): Promise<ChangeEvent> {
  return appendChange(trx, { topic: ACCESS_TOPIC, kind: 'changed', key: uid ?? EVERY_ACCOUNT });
}
