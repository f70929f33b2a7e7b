import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schedule } from '../../src/common/schedule-filter';
import seed from '../../src/server/platform/db/seed/data/schedule-activities.json';
import { ONE_ENGINE, startTestServer, type TestServer } from '../support/test-server';
import { contentChanged } from '../../src/server/platform/cache/content-changes';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

describe.each(ONE_ENGINE)('schedule API on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('lists every activity from the table, ordered by start time, with its fields', async () => {
    const response = await server.client.get<Schedule>('/api/schedule');
    expect(response.status).toBe(200);
    const { activities } = response.body;
    expect(activities).toHaveLength(seed.length);
    const starts = activities.map((a) => a.startTime);
    expect(starts).toEqual([...starts].sort());
    const keynote = activities.find((a) => a.id === 'keynote');
    const source = seed.find((a) => a.id === 'keynote')!;
    expect(keynote).toEqual({
      id: 'keynote',
      name: source.name,
      track: source.track,
      startTime: source.start_time,
      endTime: source.end_time,
      location: source.location,
      description: source.description,
      speaker: source.speaker,
    });
  });

  it('lists the tracks with a colour and their number of activities', async () => {
    const { body } = await server.client.get<Schedule>('/api/schedule');
    const expected = new Map<string, number>();
    for (const activity of seed) expected.set(activity.track, (expected.get(activity.track) ?? 0) + 1);
    expect(body.tracks.map((t) => [t.name, t.count])).toEqual([...expected].sort(([a], [b]) => a.localeCompare(b)));
    for (const track of body.tracks) expect(track.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('reflects what is in the database, not a fixed list', async () => {
    await server.client.get('/api/schedule');
    await server.database.db
      .insertInto('schedule_activities')
      .values({
        id: 'late-show',
        name: 'Late Show',
        track: 'Robotics',
        start_time: '19:00',
        end_time: '20:00',
        location: 'Lab',
        description: 'Robots.',
        speaker: null,
      })
      .execute();
    await contentChanged(server.app, 'schedule');
    const { body } = await server.client.get<Schedule>('/api/schedule');
    expect(body.activities.at(-1)?.id).toBe('late-show');
    expect(body.tracks.find((t) => t.name === 'Robotics')).toMatchObject({ count: 1 });
    await server.database.db.deleteFrom('schedule_activities').where('id', '=', 'late-show').execute();
    await contentChanged(server.app, 'schedule');
  });

  it('returns one activity with its track colour', async () => {
    const response = await server.client.get<{ activity: { id: string; track: string }; track: { name: string; color: string } }>(
      '/api/schedule/phishing-lab',
    );
    expect(response.status).toBe(200);
    expect(response.body.activity.id).toBe('phishing-lab');
    expect(response.body.track).toEqual({ name: 'Security', color: '#ef4444' });
  });

  it('answers an unknown activity with 404 and a malformed id with a field error', async () => {
    const missing = await server.client.get<ErrorBody>('/api/schedule/no-such-activity');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'not_found', message: 'No activity with id "no-such-activity".' });

    const bad = await server.client.get<ErrorBody>(`/api/schedule/${encodeURIComponent("x' or 1=1")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(bad.body.error.fields?.id).toBe('may contain only letters, digits, "-" and "_"');
    expect(bad.text).not.toMatch(/select|sqlite|postgres/i);
  });

  it('is read-only', async () => {
    const response = await server.client.post<ErrorBody>('/api/schedule', { name: 'x' });
    expect(response.status).toBe(404);
    const { body } = await server.client.get<Schedule>('/api/schedule');
    expect(body.activities).toHaveLength(seed.length);
  });
});
