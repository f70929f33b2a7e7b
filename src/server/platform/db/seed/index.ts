import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import clientReviews from './data/client-reviews.json';
import coreValues from './data/core-values.json';
import movies from './data/movies.json';
import scheduleActivities from './data/schedule-activities.json';
import services from './data/services.json';
import teamMembers from './data/team-members.json';

export interface SeedReport {
  inserted: Record<string, number>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A deterministic but irregular day offset in [0, days) for the n-th seeded row. */
function spreadDays(n: number, days: number): number {
  const noise = Math.sin((n + 1) * 12.9898) * 43758.5453;
  return Math.floor((noise - Math.floor(noise)) * days);
}

/**
 * Loads the demo content into an empty (or partly filled) database. Idempotent: each row has a
 * natural key and existing rows are left as they are, so seeding twice changes nothing.
 */
export async function seedDemo(db: Kysely<Database>, now: Date = new Date()): Promise<SeedReport> {
  const inserted: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    const count = async (table: keyof Database, run: () => Promise<{ numInsertedOrUpdatedRows?: bigint }[]>) => {
      const results = await run();
      inserted[table] = results.reduce((sum, result) => sum + Number(result.numInsertedOrUpdatedRows ?? 0), 0);
    };

    await count('services', () =>
      trx
        .insertInto('services')
        .values(services.map((service, index) => ({ ...service, position: index + 1 })))
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
    await count('core_values', () =>
      trx
        .insertInto('core_values')
        .values(coreValues.map((value, index) => ({ ...value, position: index + 1 })))
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
    await count('client_reviews', () =>
      trx
        .insertInto('client_reviews')
        .values(clientReviews.map((review, index) => ({ ...review, position: index + 1 })))
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
    await count('team_members', () =>
      trx
        .insertInto('team_members')
        .values(
          teamMembers.map((member, index) => ({
            ...member,
            skills: JSON.stringify(member.skills),
            position: index + 1,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
    // Spread the demo movies over the last weeks so "movies added per day" has a shape.
    await count('movies', () =>
      trx
        .insertInto('movies')
        .values(
          movies.map((movie, index) => ({
            id: randomUUID(),
            title: movie.title,
            genres: JSON.stringify(movie.genres),
            created_at: new Date(now.getTime() - spreadDays(index, 30) * DAY_MS - index * 60_000).toISOString(),
            created_by: null,
          })),
        )
        .onConflict((oc) => oc.column('title').doNothing())
        .execute(),
    );
    await count('schedule_activities', () =>
      trx
        .insertInto('schedule_activities')
        .values(scheduleActivities)
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
  });
  return { inserted };
}
