import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../support/staff';
import { HttpClient } from '../support/http-client';
import {
  callAt,
  type Change,
  changesOf,
  closeStreams,
  contactUs,
  DEADLINE_MS,
  type Instance,
  isChange,
  newPerson,
  POLL_MS,
  servedBy,
  stream,
  twoInstances,
} from './support/cluster';

/** Live data written through one instance reaches the streams and the reads of the other. */

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${(counter += 1)}`;

let first: Instance;
let second: Instance;
let writer: Person;

beforeAll(async () => {
  [first, second] = await twoInstances();
  writer = await newPerson(second.url, [], 'writer');
});
afterEach(closeStreams);

async function addMovie(url: string, title: string) {
  const response = await callAt(url, writer, 'POST', '/api/movies', { title, genres: ['Drama'] });
  expect(response.status).toBe(201);
  expect(servedBy(response)).toBe(url === first.url ? first.name : second.name);
}

describe('movies', () => {
  it('a stream open on instance 1 receives a movie added through instance 2, and its list shows it', async () => {
    const connection = await stream(first.url, 'topics=movies');
    expect(connection.status).toBe(200);
    expect(servedBy(connection)).toBe(first.name);
    await connection.waitFor((m) => m.event === 'ready', DEADLINE_MS);
    const title = unique('Across');
    await addMovie(second.url, title);
    const event = await connection.waitFor(isChange('movies', title), DEADLINE_MS);
    expect(event.data).toMatchObject({ topic: 'movies', kind: 'add', key: title, data: { title, genres: ['Drama'] } });
    // Instance 1's prepared list was dropped when it heard of the add.
    await expect
      .poll(
        async () => (await new HttpClient(first.url).get<{ movies: { title: string }[] }>('/api/movies')).body.movies.map((m) => m.title),
        {
          timeout: DEADLINE_MS,
          interval: POLL_MS,
        },
      )
      .toContain(title);
  });

  it('a stream resumed on instance 2 from its last position on instance 1 gets exactly the missed events, with no reset', async () => {
    const before = await stream(first.url, 'topics=movies');
    await before.waitFor((m) => m.event === 'ready', DEADLINE_MS);
    const seen = unique('Seen');
    await addMovie(second.url, seen);
    await before.waitFor(isChange('movies', seen), DEADLINE_MS);
    const cursor = before.lastEventId()!;
    expect(cursor).toMatch(/^movies=\d+$/);
    before.close();

    const missed = [unique('Missed A'), unique('Missed B'), unique('Missed C')];
    await addMovie(first.url, missed[0]!);
    await addMovie(second.url, missed[1]!);
    await addMovie(first.url, missed[2]!);

    const resumed = await stream(second.url, 'topics=movies', { lastEventId: cursor });
    expect(servedBy(resumed)).toBe(second.name);
    await resumed.waitFor((m) => m.event === 'ready', DEADLINE_MS);
    expect(resumed.messages.filter((m) => m.event === 'reset')).toEqual([]);
    const got = changesOf(resumed, 'movies');
    // Every change after the position, each once and in order (whoever else wrote meanwhile).
    const start = Number(cursor.split('=')[1]);
    expect(got.map((change) => change.version)).toEqual(got.map((_, index) => start + 1 + index));
    expect(got.map((change) => change.key).filter((key) => missed.includes(key))).toEqual(missed);

    // And from there on, live: a later add through instance 1 arrives on instance 2's stream.
    const later = unique('Later');
    await addMovie(first.url, later);
    const event = await resumed.waitFor(isChange('movies', later), DEADLINE_MS);
    expect((event.data as Change).version).toBeGreaterThan(got.at(-1)!.version);
  });
});

describe('the staff inbox', () => {
  it('a staff stream open on instance 1 receives a Contact Us message sent to instance 2, and instance 1 shows it', async () => {
    const staff = await newPerson(first.url, ['staff'], 'staff');
    const connection = await stream(first.url, 'topics=inbox', { headers: { authorization: `Bearer ${staff.idToken}` } });
    expect(connection.status).toBe(200);
    await connection.waitFor((m) => m.event === 'ready', DEADLINE_MS);
    const { id, message } = await contactUs(second.url);
    const event = await connection.waitFor(isChange('inbox', id), DEADLINE_MS);
    expect(event.data).toMatchObject({ topic: 'inbox', kind: 'add', key: id });
    const detail = await callAt<{ message: { id: string; message: string } }>(first.url, staff, 'GET', `/api/admin/inbox/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.message).toMatchObject({ id, message });
  });
});

describe('publishing', () => {
  const BASE = '/api/admin/team-members';
  const MEMBER = {
    name: 'Lena Park',
    role: 'Engineer',
    bio: 'Lena keeps networks up.',
    email: 'lena@northwind.example',
    skills: ['Networks'],
    joinedYear: 2024,
  };
  const publicBio = async (url: string, id: string) =>
    (await new HttpClient(url).get<{ bio?: string }>(`/api/team-members/${encodeURIComponent(id)}`)).body.bio;

  it('a draft and a publish through instance 2 reach the staff stream of instance 1, and instance 1 serves the published text', async () => {
    const staff = await newPerson(second.url, ['staff'], 'editor');
    const name = unique('Live Person');
    const created = await callAt<{ id: string }>(second.url, staff, 'POST', BASE, { ...MEMBER, name });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // Instance 1 has read (and may keep) the published text before the change.
    expect(await publicBio(first.url, id)).toBe(MEMBER.bio);

    const connection = await stream(first.url, 'topics=publishing', { headers: { authorization: `Bearer ${staff.idToken}` } });
    expect(connection.status).toBe(200);
    await connection.waitFor((m) => m.event === 'ready', DEADLINE_MS);
    const bio = `Published through ${second.label}.`;
    const draft = await callAt<{ draft: { version: number } }>(second.url, staff, 'PUT', `${BASE}/${id}/draft`, {
      ...MEMBER,
      name,
      bio,
      version: 0,
    });
    expect(draft.status).toBe(200);
    const key = `team-members/${id}`;
    await connection.waitFor((m) => isChange('publishing', key)(m) && (m.data as Change).kind === 'draft', DEADLINE_MS);
    expect(await publicBio(first.url, id)).toBe(MEMBER.bio);

    const published = await callAt(second.url, staff, 'POST', `${BASE}/${id}/publish`, { version: draft.body.draft.version });
    expect(published.status).toBe(200);
    await connection.waitFor((m) => isChange('publishing', key)(m) && (m.data as Change).kind === 'published', DEADLINE_MS);
    await expect.poll(() => publicBio(first.url, id), { timeout: DEADLINE_MS, interval: POLL_MS }).toBe(bio);
    const page = () => new HttpClient(first.url).request('GET', `/team/${encodeURIComponent(id)}`, { headers: { accept: 'text/html' } });
    await expect.poll(async () => (await page()).text, { timeout: DEADLINE_MS, interval: POLL_MS }).toContain(bio);
  });
});
