import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import movies from '../../src/server/platform/db/seed/data/movies.json';
import activities from '../../src/server/platform/db/seed/data/schedule-activities.json';
import { ENGINES, startTestServer, type TestServer } from '../support/test-server';
import { contentChanged } from '../../src/server/platform/cache/content-changes';

interface LabelCount {
  label: string;
  count: number;
}
interface DaySeries {
  from: string;
  to: string;
  total: number;
  days: { date: string; count: number }[];
}
interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

describe.each(ENGINES)('stats API on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('counts movies per genre from the JSON genre lists, largest first', async () => {
    const response = await server.client.get<{ movies: number; genres: LabelCount[] }>('/api/stats/movies-per-genre');
    expect(response.status).toBe(200);
    const expected = new Map<string, number>();
    for (const movie of movies) for (const genre of movie.genres) expected.set(genre, (expected.get(genre) ?? 0) + 1);
    expect(response.body.movies).toBe(movies.length);
    expect(Object.fromEntries(response.body.genres.map((g) => [g.label, g.count]))).toEqual(Object.fromEntries(expected));
    const counts = response.body.genres.map((g) => g.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('follows new movies at once', async () => {
    await server.client.get('/api/stats/movies-per-genre');
    await server.database.db
      .insertInto('movies')
      .values({
        id: randomUUID(),
        title: 'Stats Test Movie',
        genres: JSON.stringify(['Zeta Genre', 'Drama']),
        created_at: new Date().toISOString(),
        created_by: null,
      })
      .execute();
    await contentChanged(server.app, 'movies');
    const { body } = await server.client.get<{ movies: number; genres: LabelCount[] }>('/api/stats/movies-per-genre');
    expect(body.movies).toBe(movies.length + 1);
    expect(body.genres.find((g) => g.label === 'Zeta Genre')).toEqual({ label: 'Zeta Genre', count: 1 });
  });

  it('counts activities per track with the schedule colours', async () => {
    const response = await server.client.get<{ tracks: (LabelCount & { color: string })[] }>('/api/stats/activities-per-track');
    expect(response.status).toBe(200);
    const expected = new Map<string, number>();
    for (const activity of activities) expected.set(activity.track, (expected.get(activity.track) ?? 0) + 1);
    expect(Object.fromEntries(response.body.tracks.map((t) => [t.label, t.count]))).toEqual(Object.fromEntries(expected));
    expect(response.body.tracks.find((t) => t.label === 'Security')?.color).toBe('#ef4444');
  });

  it('counts movies added per day over a window ending today, with empty days as zero', async () => {
    const response = await server.client.get<DaySeries>('/api/stats/movies-added-per-day?days=7');
    expect(response.status).toBe(200);
    const { body } = response;
    expect(body.days).toHaveLength(7);
    expect(body.to).toBe(today());
    expect(body.days[0]!.date).toBe(body.from);
    const rows = await server.database.db.selectFrom('movies').select('created_at').execute();
    const inWindow = rows.filter((r) => r.created_at.slice(0, 10) >= body.from).length;
    expect(body.total).toBe(inWindow);
    expect(body.days.reduce((sum, d) => sum + d.count, 0)).toBe(inWindow);
    for (const day of body.days) {
      expect(day.count).toBe(rows.filter((r) => r.created_at.slice(0, 10) === day.date).length);
    }
  });

  it('defaults to 30 days', async () => {
    const { body } = await server.client.get<DaySeries>('/api/stats/movies-added-per-day');
    expect(body.days).toHaveLength(30);
  });

  it('counts support messages per day', async () => {
    const insert = (date: string) =>
      server.database.db
        .insertInto('support_messages')
        .values({
          id: randomUUID(),
          name: 'Stats',
          email: 'stats@example.com',
          subject: null,
          message: 'Hello',
          date,
          idempotency_key: null,
        })
        .execute();
    await server.client.get('/api/stats/support-messages-per-day?days=7');
    await insert(daysAgo(0));
    await insert(daysAgo(0));
    await insert(daysAgo(2));
    await insert(daysAgo(40));
    await contentChanged(server.app, 'support-messages');
    const { body } = await server.client.get<DaySeries>('/api/stats/support-messages-per-day?days=7');
    const before = await server.database.db.selectFrom('support_messages').select('date').execute();
    const byDay = (date: string) => before.filter((r) => r.date.slice(0, 10) === date).length;
    expect(body.days.at(-1)).toEqual({ date: today(), count: byDay(today()) });
    expect(body.days.at(-1)!.count).toBeGreaterThanOrEqual(2);
    expect(body.days.at(-3)!.count).toBe(byDay(body.days.at(-3)!.date));
    expect(body.total).toBe(before.filter((r) => r.date.slice(0, 10) >= body.from).length);
  });

  it('rejects a bad window with a field error', async () => {
    for (const [query, message] of [
      ['days=0', 'must be at least 1'],
      ['days=367', 'must be at most 366'],
      ['days=2.5', 'must be a whole number of days'],
      ['days=lots', 'must be a whole number of days'],
    ] as const) {
      const response = await server.client.get<ErrorBody>(`/api/stats/support-messages-per-day?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.fields?.days, query).toBe(message);
    }
  });
});
