import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMovie } from '../../src/common/admin-movie-schemas';
import { ADMIN_RATE_LIMIT } from '../../src/server/admin/routes';
import { openStream, type SseConnection } from '../support/sse-client';
import { auditEntries, newPerson, type Person, staleToken } from '../support/staff';
import { ENGINES, HttpClient, startTestServer, type TestServer } from '../support/test-server';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
interface Change {
  topic: string;
  kind: string;
  key: string;
  data: unknown;
}

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${(counter += 1)}`;
const streams: SseConnection[] = [];
afterEach(() => {
  for (const connection of streams.splice(0)) connection.close();
});

describe.each(ENGINES)('movie moderation (%s)', (engine) => {
  let server: TestServer;
  let admin: Person;
  let staff: Person;
  let user: Person;

  /** A movie added the ordinary way, found again through the console's search. */
  async function addMovie(title = unique('Moderated')): Promise<AdminMovie> {
    expect((await user.call('POST', '/api/movies', { title, genres: ['Drama'] })).status).toBe(201);
    const found = await staff.call<{ movies: AdminMovie[] }>('GET', `/api/admin/movies?q=${encodeURIComponent(title)}`);
    const movie = found.body.movies.find((entry) => entry.title === title);
    if (!movie) throw new Error(`${title} not found`);
    return movie;
  }
  const publicList = async () =>
    (await new HttpClient(server.url).get<{ movies: { title: string; genres: string[] }[] }>('/api/movies')).body.movies;
  const row = (id: string) => server.database.db.selectFrom('movies').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = await newPerson(server, ['admin'], 'admin');
    staff = await newPerson(server, ['staff'], 'staff');
    user = await newPerson(server, [], 'user');
  });
  afterAll(async () => server?.destroy());

  it('answers anonymous 401 and users 403 on every route, and changes nothing', async () => {
    const movie = await addMovie();
    const anonymous = new HttpClient(server.url);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/movies'],
      ['GET', `/api/admin/movies/${movie.id}`],
      ['PUT', `/api/admin/movies/${movie.id}`, { title: 'Taken over', genres: ['Drama'] }],
      ['DELETE', `/api/admin/movies/${movie.id}`],
    ];
    for (const [method, path, body] of routes) {
      expect((await anonymous.request(method, path, { body })).status, path).toBe(401);
      const response = await user.call<ErrorBody>(method, path, body);
      expect(response.status, path).toBe(403);
      expect(response.body.error.code).toBe('forbidden');
    }
    expect((await row(movie.id))?.title).toBe(movie.title);
  });

  it("lists newest first by default with who added each, and remembers each staff member's last visit on the server", async () => {
    await server.database.db.updateTable('users').set({ display_name: 'Ursula User' }).where('id', '=', user.uid).execute();
    const marker = unique('Newest');
    const added = [await addMovie(`${marker} A`), await addMovie(`${marker} B`), await addMovie(`${marker} C`)];
    const first = await staff.call<{ movies: AdminMovie[]; next: string | null }>(
      'GET',
      `/api/admin/movies?q=${encodeURIComponent(marker)}&limit=2`,
    );
    expect(first.body.movies.map((m) => m.title)).toEqual([added[2]!.title, added[1]!.title]);
    expect(first.body.movies[0]).toMatchObject({ addedBy: 'Ursula User', createdAt: added[2]!.createdAt });
    const second = await staff.call<{ movies: AdminMovie[]; next: string | null }>(
      'GET',
      `/api/admin/movies?q=${encodeURIComponent(marker)}&limit=2&after=${encodeURIComponent(first.body.next!)}`,
    );
    expect(second.body.movies.map((m) => m.title)).toEqual([added[0]!.title]);
    expect(second.body.next).toBeNull();
    expect((await staff.call('GET', '/api/admin/movies?after=not-a-cursor')).status).toBe(400);
    expect((await staff.call('GET', '/api/admin/movies?sort=rating')).status).toBe(400);

    // Visits: the first has none before it; the next answers the previous one, per person.
    const visitor = await newPerson(server, ['staff'], 'visitor');
    const firstVisit = await visitor.call<{ lastVisitAt: string | null }>('POST', '/api/admin/movies/visit');
    expect(firstVisit).toMatchObject({ status: 200, body: { lastVisitAt: null } });
    const again = await visitor.call<{ lastVisitAt: string | null }>('POST', '/api/admin/movies/visit');
    expect(Date.parse(again.body.lastVisitAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await user.call('POST', '/api/admin/movies/visit')).status).toBe(403);
  });

  it('lets staff and admins search, with paging and literal wildcards', async () => {
    const marker = unique('Find%me_');
    const movies = [await addMovie(`${marker} A`), await addMovie(`${marker} B`), await addMovie(`${marker} C`)];
    await addMovie(unique('Find-me-not'));
    for (const who of [staff, admin]) {
      const first = await who.call<{ movies: AdminMovie[]; next: string | null }>(
        'GET',
        `/api/admin/movies?q=${encodeURIComponent(marker.toUpperCase())}&sort=title&limit=2`,
      );
      expect(first.status).toBe(200);
      expect(first.body.movies.map((m) => m.title)).toEqual([movies[0]!.title, movies[1]!.title]);
      const second = await who.call<{ movies: AdminMovie[]; next: string | null }>(
        'GET',
        `/api/admin/movies?q=${encodeURIComponent(marker)}&sort=title&limit=2&after=${encodeURIComponent(first.body.next!)}`,
      );
      expect(second.body.movies.map((m) => m.title)).toEqual([movies[2]!.title]);
      expect(second.body.next).toBeNull();
    }
    expect((await staff.call<AdminMovie>('GET', `/api/admin/movies/${movies[0]!.id}`)).body.title).toBe(movies[0]!.title);
    expect((await staff.call('GET', '/api/admin/movies/no-such-movie')).status).toBe(404);
    expect((await staff.call('GET', `/api/admin/movies?limit=101`)).status).toBe(400);
  });

  it('edits with the rules of adding: bad input or a taken title changes nothing', async () => {
    const movie = await addMovie();
    const other = await addMovie();
    const invalid: [unknown, string][] = [
      [{ title: '', genres: ['Drama'] }, 'title'],
      [{ title: 'x'.repeat(201), genres: ['Drama'] }, 'title'],
      [{ title: 'Line\nbreak', genres: ['Drama'] }, 'title'],
      [{ title: 'Fine', genres: [] }, 'genres'],
      [{ title: 'Fine', genres: ['A,B'] }, 'genres'],
      [{ title: 'Fine' }, 'genres'],
    ];
    for (const [body, field] of invalid) {
      const response = await staff.call<ErrorBody>('PUT', `/api/admin/movies/${movie.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.body.error.fields ?? {}).join(), JSON.stringify(body)).toContain(field);
    }
    const taken = await staff.call<ErrorBody>('PUT', `/api/admin/movies/${movie.id}`, {
      title: other.title.toUpperCase(),
      genres: ['Drama'],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toContain('already in the list');
    expect(await row(movie.id)).toMatchObject({ title: movie.title, genres: '["Drama"]' });
    expect((await auditEntries(server, 'movie.update')).filter((entry) => entry.item_id === movie.id)).toEqual([]);
  });

  it('saves an edit with its audit entry and live event, and the public list shows it at once', async () => {
    const movie = await addMovie();
    expect((await publicList()).some((m) => m.title === movie.title)).toBe(true); // cached now
    const stream = await openStream(`${server.url}/api/changes?topics=movies`);
    streams.push(stream);
    await stream.waitFor((m) => m.event === 'ready');
    const title = unique('Renamed');
    const saved = await staff.call<AdminMovie>('PUT', `/api/admin/movies/${movie.id}`, {
      title: `  ${title} `,
      genres: ['Sci-Fi', 'Drama', 'Sci-Fi'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: movie.id, title, genres: ['Sci-Fi', 'Drama'] });
    const event = await stream.waitFor(
      (m) => m.event === 'change' && (m.data as Change).kind === 'update' && (m.data as Change).key === movie.title,
    );
    expect(event.data).toMatchObject({ topic: 'movies', data: { title, genres: ['Sci-Fi', 'Drama'] } });
    const list = await publicList();
    expect(list.find((m) => m.title === title)?.genres).toEqual(['Sci-Fi', 'Drama']);
    expect(list.some((m) => m.title === movie.title)).toBe(false);
    const [entry] = (await auditEntries(server, 'movie.update')).filter((e) => e.item_id === movie.id);
    expect(entry).toMatchObject({ actor_id: staff.uid, actor_email: staff.email, item_type: 'movie' });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ title: movie.title, genres: ['Drama'] });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ title, genres: ['Sci-Fi', 'Drama'] });
  });

  it('deletes only after a recent sign-in, with its audit entry and live event', async () => {
    const movie = await addMovie();
    const stale = await staleToken(server, staff);
    const refused = await staff.client.request<ErrorBody>('DELETE', `/api/admin/movies/${movie.id}`, {
      headers: { authorization: `Bearer ${stale}` },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('recent_login_required');
    expect(await row(movie.id)).toBeDefined();

    expect((await publicList()).some((m) => m.title === movie.title)).toBe(true);
    const stream = await openStream(`${server.url}/api/changes?topics=movies`);
    streams.push(stream);
    await stream.waitFor((m) => m.event === 'ready');
    expect((await admin.call('DELETE', `/api/admin/movies/${movie.id}`)).status).toBe(204);
    await stream.waitFor((m) => m.event === 'change' && (m.data as Change).kind === 'delete' && (m.data as Change).key === movie.title);
    expect(await row(movie.id)).toBeUndefined();
    expect((await publicList()).some((m) => m.title === movie.title)).toBe(false);
    const [entry] = (await auditEntries(server, 'movie.delete')).filter((e) => e.item_id === movie.id);
    expect(entry).toMatchObject({ actor_id: admin.uid, after_json: null });
    expect((await admin.call('DELETE', `/api/admin/movies/${movie.id}`)).status).toBe(404);
    expect((await staff.call('PUT', `/api/admin/movies/${movie.id}`, { title: 'Back', genres: ['Drama'] })).status).toBe(404);
  });

  it('two edits to one title at once: one wins, the other is told, nothing is lost', async () => {
    const a = await addMovie();
    const b = await addMovie();
    const title = unique('Contested');
    const results = await Promise.all(
      [a, b].map((movie) => staff.call('PUT', `/api/admin/movies/${movie.id}`, { title, genres: ['Drama'] })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const titles = [(await row(a.id))!.title, (await row(b.id))!.title];
    expect(titles.filter((t) => t === title)).toHaveLength(1);
  });
});

describe('movie moderation rate limit', () => {
  let server: TestServer;
  afterAll(async () => server?.destroy());

  it('refuses past the console limit, in the /api error format, even for requests sent at once', async () => {
    server = await startTestServer();
    const staff = await newPerson(server, ['staff'], 'staff');
    const responses = await Promise.all(
      Array.from({ length: ADMIN_RATE_LIMIT.max + 10 }, () => staff.call<ErrorBody>('GET', '/api/admin/movies?limit=1')),
    );
    const refused = responses.filter((response) => response.status === 429);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(ADMIN_RATE_LIMIT.max);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.body.error.code).toBe('rate_limited');
  });
});
