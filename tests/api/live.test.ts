import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REPLAY } from '../../src/server/changes/protocol';
import { DEFAULT_STREAMS_PER_ACCOUNT, DEFAULT_STREAMS_PER_ADDRESS } from '../../src/server/changes/stream-caps';
import { openStream, type SseConnection, type SseMessage } from '../support/sse-client';
import { newPerson, type Person } from '../support/staff';
import { ENGINES, ONE_ENGINE, HttpClient, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

interface Change {
  topic: string;
  version: number;
  kind: string;
  key: string;
  data: unknown;
}

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const REDIS = Boolean(process.env.TEST_REDIS_URL);

let counter = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${(counter += 1)}`;

async function signUp(server: TestServer, label: string): Promise<{ token: string; uid: string }> {
  const response = await server.client.post<{ idToken: string; localId: string }>(`/identity/v1/accounts:signUp?key=${TEST_API_KEY}`, {
    email: `${label}-${randomUUID()}@example.com`,
    password: 'correct horse battery',
    returnSecureToken: true,
  });
  expect(response.status).toBe(200);
  return { token: response.body.idToken, uid: response.body.localId };
}

function addMovie(server: TestServer, token: string, title: string, key?: string) {
  return server.client.request<{ movie: { title: string }; error?: { code: string; message: string; fields?: Record<string, string> } }>(
    'POST',
    '/api/movies',
    {
      body: { title, genres: ['Drama'] },
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    },
  );
}

const isChange = (title: string) => (message: SseMessage) =>
  message.event === 'change' && (message.data as Change).topic === 'movies' && (message.data as Change).key === title;
const changes = (stream: SseConnection, topic = 'movies') =>
  stream.messages.filter((m) => m.event === 'change' && (m.data as Change).topic === topic).map((m) => m.data as Change);

const streams: SseConnection[] = [];
async function stream(server: TestServer, query: string, options: Parameters<typeof openStream>[1] = {}) {
  const connection = await openStream(`${server.url}/api/changes?${query}`, options);
  streams.push(connection);
  return connection;
}
afterEach(() => {
  for (const connection of streams.splice(0)) connection.close();
});

describe.each(ENGINES)('live change stream on %s', (engine) => {
  let server: TestServer;
  let user: { token: string; uid: string };

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      routes: (app) => {
        // A topic for staff only, and one whose events are per user: the hooks the console uses.
        app.live.registerTopic({ name: 'staff-only', canRead: (who) => who?.email.startsWith('staff-') ?? false });
        app.live.registerTopic({ name: 'per-user', canRead: (who) => who !== null, canSee: (who, event) => event.key === who?.uid });
      },
    });
    user = await signUp(server, 'viewer');
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('opens with a reset per topic and its version, then a movie added arrives as a change event', async () => {
    const connection = await stream(server, 'topics=movies,stats');
    expect(connection.status).toBe(200);
    const ready = await connection.waitFor((m) => m.event === 'ready');
    expect(ready.data).toEqual({ topics: ['movies', 'stats'] });
    expect(connection.messages.filter((m) => m.event === 'reset').map((m) => (m.data as Change).topic)).toEqual(['movies', 'stats']);
    const title = unique('Live');
    expect((await addMovie(server, user.token, title)).status).toBe(201);
    const event = await connection.waitFor(isChange(title));
    expect(event.data).toMatchObject({ topic: 'movies', kind: 'add', key: title, data: { title, genres: ['Drama'] } });
    expect(event.id).toMatch(/^movies=\d+,stats=\d+$/);
    await connection.waitFor((m) => m.event === 'change' && (m.data as Change).topic === 'stats');
  });

  it('resumes with Last-Event-ID: exactly the missed events, in order, none twice', async () => {
    const first = await stream(server, 'topics=movies');
    await first.waitFor((m) => m.event === 'ready');
    const before = unique('Before');
    await addMovie(server, user.token, before);
    await first.waitFor(isChange(before));
    const cursor = first.lastEventId()!;
    first.close();
    const missed = [unique('Missed A'), unique('Missed B'), unique('Missed C')];
    for (const title of missed) expect((await addMovie(server, user.token, title)).status).toBe(201);

    const again = await stream(server, 'topics=movies', { lastEventId: cursor });
    await again.waitFor((m) => m.event === 'ready');
    expect(again.messages.some((m) => m.event === 'reset')).toBe(false);
    const got = changes(again);
    expect(got.map((c) => c.key)).toEqual(missed);
    const start = Number(cursor.split('=')[1]);
    expect(got.map((c) => c.version)).toEqual([start + 1, start + 2, start + 3]);

    // The same through ?since= (a client that opens a new request itself).
    const viaQuery = await stream(server, `topics=movies&since=${encodeURIComponent(cursor)}`);
    await viaQuery.waitFor((m) => m.event === 'ready');
    expect(changes(viaQuery).map((c) => c.key)).toEqual(missed);
  });

  it("resumes from the movie list's version: no reset, then exactly the adds made after the list was read", async () => {
    const listed = unique('Listed');
    await addMovie(server, user.token, listed);
    const list = await server.client.get<{ movies: { title: string }[]; version: number }>('/api/movies');
    expect(list.body.movies.map((movie) => movie.title)).toContain(listed);
    const [event] = await server.database.db.selectFrom('change_topics').select('version').where('topic', '=', 'movies').execute();
    expect(list.body.version).toBe(Number(event!.version));
    const after = unique('After list');
    expect((await addMovie(server, user.token, after)).status).toBe(201);
    // The next read is a new answer with the new version (the prepared list was dropped).
    expect((await server.client.get<{ version: number }>('/api/movies')).body.version).toBe(list.body.version + 1);

    const resumed = await stream(server, 'topics=movies,stats', { lastEventId: `movies=${list.body.version}` });
    await resumed.waitFor((m) => m.event === 'ready');
    expect(resumed.messages.filter((m) => m.event === 'reset').map((m) => (m.data as Change).topic)).toEqual(['stats']);
    expect(changes(resumed).map((c) => c.key)).toEqual([after]);
  });

  it('tells a client that missed too much to refetch the whole list', async () => {
    const first = await stream(server, 'topics=movies');
    await first.waitFor((m) => m.event === 'ready');
    const cursor = first.messages.findLast((m) => m.id)!.id!;
    first.close();
    await server.app.live.record(
      Array.from({ length: MAX_REPLAY + 1 }, (_, i) => ({ topic: 'movies', kind: 'changed', key: `bulk-${i}` })),
    );
    const again = await stream(server, 'topics=movies', { lastEventId: cursor });
    const reset = await again.waitFor((m) => m.event === 'reset');
    const current = Number(cursor.split('=')[1]) + MAX_REPLAY + 1;
    expect(reset.data).toEqual({ topic: 'movies', version: current });
    expect(reset.id).toBe(`movies=${current}`);
    expect(changes(again)).toEqual([]);
  });

  it('refuses topics a caller could not read with a GET, and keeps per-user events to their user', async () => {
    expect((await stream(server, 'topics=movies,staff-only')).status).toBe(401);
    const other = await signUp(server, 'other');
    expect((await stream(server, 'topics=staff-only', { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(403);
    const staff = await signUp(server, 'staff');
    const staffStream = await stream(server, 'topics=staff-only', { headers: { authorization: `Bearer ${staff.token}` } });
    expect(staffStream.status).toBe(200);
    expect((await stream(server, 'topics=movies', { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
    expect((await stream(server, 'topics=nothing-here')).status).toBe(400);
    expect((await stream(server, 'topics=BAD%20NAME')).status).toBe(400);

    const mine = await stream(server, 'topics=per-user', { headers: { authorization: `Bearer ${user.token}` } });
    const theirs = await stream(server, 'topics=per-user', { headers: { authorization: `Bearer ${other.token}` } });
    await Promise.all([mine.waitFor((m) => m.event === 'ready'), theirs.waitFor((m) => m.event === 'ready')]);
    await server.app.live.record([
      { topic: 'per-user', kind: 'changed', key: other.uid, data: { secret: 'for other' } },
      { topic: 'per-user', kind: 'changed', key: user.uid, data: { secret: 'for viewer' } },
    ]);
    await mine.waitFor((m) => m.event === 'change');
    await theirs.waitFor((m) => m.event === 'change');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(changes(mine, 'per-user').map((c) => c.data)).toEqual([{ secret: 'for viewer' }]);
    expect(changes(theirs, 'per-user').map((c) => c.data)).toEqual([{ secret: 'for other' }]);
    // Resuming from its cursor replays nothing it may not see either.
    const resumed = await stream(server, 'topics=per-user', {
      headers: { authorization: `Bearer ${other.token}` },
      lastEventId: theirs.lastEventId()!,
    });
    await resumed.waitFor((m) => m.event === 'ready');
    expect(JSON.stringify(resumed.messages)).not.toContain('for viewer');
  });

  describe('movie add with Idempotency-Key', () => {
    it('stores a retried add once and answers the retry with the original', async () => {
      const key = randomUUID();
      const title = unique('Once');
      const first = await addMovie(server, user.token, title, key);
      expect(first.status).toBe(201);
      const retry = await addMovie(server, user.token, title, key);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body.movie).toEqual(first.body.movie);
      const list = await server.client.get<{ movies: { title: string }[] }>('/api/movies');
      expect(list.body.movies.filter((m) => m.title === title)).toHaveLength(1);
    });

    it('stores concurrent sends of one add once', async () => {
      const key = randomUUID();
      const title = unique('Racing');
      const answers = await Promise.all(Array.from({ length: 5 }, () => addMovie(server, user.token, title, key)));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      const list = await server.client.get<{ movies: { title: string }[] }>('/api/movies');
      expect(list.body.movies.filter((m) => m.title === title)).toHaveLength(1);
    });

    it('refuses a reused key for another movie or by another user, and a title taken meanwhile, with the reason', async () => {
      const key = randomUUID();
      const title = unique('Keyed');
      expect((await addMovie(server, user.token, title, key)).status).toBe(201);
      const otherMovie = await addMovie(server, user.token, unique('Different'), key);
      expect(otherMovie.status).toBe(409);
      expect(otherMovie.body.error?.fields).toEqual({ idempotencyKey: 'was already used for a different movie' });
      const someoneElse = await signUp(server, 'someone');
      expect((await addMovie(server, someoneElse.token, title, key)).status).toBe(409);
      const taken = await addMovie(server, someoneElse.token, title.toUpperCase(), randomUUID());
      expect(taken.status).toBe(409);
      expect(taken.body.error?.message).toContain('is already in the list');
      expect((await addMovie(server, user.token, unique('Bad key'), 'no')).status).toBe(400);
    });
  });
});

/** Two instances on one PostgreSQL database: the stream of one hears a write through the other. */
describe.skipIf(!POSTGRES)('live change stream across two instances', () => {
  for (const redis of REDIS ? [false, true] : [false]) {
    it(`delivers a movie added through one instance to a client of the other (${redis ? 'Redis' : 'LISTEN/NOTIFY'})`, async () => {
      const a = await startTestServer({ engine: 'postgres', redis });
      const b = await startTestServer({ engine: 'postgres', redis, seed: false, databaseUrl: a.config.DATABASE_URL });
      try {
        const user = await signUp(a, 'cross');
        const connection = await stream(b, 'topics=movies');
        await connection.waitFor((m) => m.event === 'ready');
        const title = unique('Across');
        const started = Date.now();
        expect((await addMovie(a, user.token, title)).status).toBe(201);
        await connection.waitFor(isChange(title), 3_000);
        // Well inside the backstop poll: the notice carried it, not the timer.
        expect(Date.now() - started).toBeLessThan(3_000);
      } finally {
        for (const connection of streams.splice(0)) connection.close();
        await b.stop();
        await a.destroy();
      }
    });
  }
});

/**
 * Staff-only streams end when their reader may no longer read them (issue 22): a demoted or
 * disabled staff member's open inbox stream closes at once, not at its 10-minute lifetime.
 */
describe.each(ONE_ENGINE)('staff-only streams after a demotion or disabling on %s', (engine) => {
  let server: TestServer;
  let admin: Person;

  beforeAll(async () => {
    // Each Contact Us message from its own address: the form allows 5 a minute per address.
    server = await startTestServer({ engine, seed: false, env: { TRUST_PROXY: '1' } });
    admin = await newPerson(server, ['admin'], 'admin');
  });
  afterAll(async () => server?.destroy());

  let sent = 0;
  const contactUs = async () => {
    const response = await new HttpClient(server.url).request<{ id: string }>('POST', '/api/support-messages', {
      body: { name: 'Visitor', email: 'visitor@example.com', message: `Message ${(sent += 1)} about the printer.` },
      headers: { 'x-forwarded-for': `10.22.7.${sent}` },
    });
    expect(response.status).toBe(201);
    return response.body.id;
  };
  const inboxAdds = (connection: SseConnection) =>
    connection.messages.filter((m) => m.event === 'change' && (m.data as Change).topic === 'inbox').map((m) => (m.data as Change).key);
  /** Resolves true when the stream ends within `ms`, false when it is still open then. */
  const endsWithin = (connection: SseConnection, ms: number) =>
    Promise.race([connection.closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

  async function openInbox(staff: Person): Promise<SseConnection> {
    const connection = await stream(server, 'topics=inbox', { headers: { authorization: `Bearer ${staff.idToken}` } });
    expect(connection.status).toBe(200);
    await connection.waitFor((m) => m.event === 'ready');
    const id = await contactUs();
    await connection.waitFor((m) => m.event === 'change' && (m.data as Change).key === id);
    return connection;
  }

  for (const [what, act, refusedWith] of [
    ['demoted', (staff: Person) => admin.call('DELETE', `/api/admin/users/${staff.uid}/roles/staff`), 403],
    ['disabled', (staff: Person) => admin.call('POST', `/api/admin/users/${staff.uid}/disable`), 401],
  ] as const) {
    it(`closes the inbox stream of a staff member who is ${what}, and delivers them no later message`, async () => {
      const staff = await newPerson(server, ['staff'], 'staff');
      const connection = await openInbox(staff);
      const seen = inboxAdds(connection);
      const started = Date.now();
      expect((await act(staff)).status).toBe(200);
      expect(await endsWithin(connection, 3_000)).toBe(true);
      // Well inside the 5 s backstop poll: the change's own notice closed it.
      expect(Date.now() - started).toBeLessThan(3_000);
      await contactUs();
      await sleep(300);
      expect(inboxAdds(connection)).toEqual(seen);
      // Coming back is refused like any other caller.
      const again = await stream(server, 'topics=inbox', { headers: { authorization: `Bearer ${staff.idToken}` } });
      expect(again.status).toBe(refusedWith);
    });
  }

  it('keeps the streams of other staff and of the account while its access is unchanged', async () => {
    const kept = await newPerson(server, ['staff'], 'staff');
    const other = await newPerson(server, ['staff'], 'staff');
    const connection = await openInbox(kept);
    // Taking a role someone does not have changes nothing; another staff member's demotion neither.
    expect((await admin.call('DELETE', `/api/admin/users/${kept.uid}/roles/admin`)).status).toBe(200);
    expect((await admin.call('DELETE', `/api/admin/users/${other.uid}/roles/staff`)).status).toBe(200);
    expect(await endsWithin(connection, 1_000)).toBe(false);
    const id = await contactUs();
    await connection.waitFor((m) => m.event === 'change' && (m.data as Change).key === id);
  });
});

/** One client cannot hold any number of streams (issue 22): per address and per account caps. */
describe.each(ONE_ENGINE)('live stream caps on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine, seed: false, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => server?.destroy());

  const refusal = async (headers: Record<string, string>) => {
    const response = await fetch(`${server.url}/api/changes?topics=movies`, { headers });
    return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } };
  };

  it(`holds ${DEFAULT_STREAMS_PER_ADDRESS} streams per address at once and refuses the rest with a clear 429`, async () => {
    const from = { 'x-forwarded-for': '10.23.0.1' };
    const opened = await Promise.all(Array.from({ length: 30 }, () => stream(server, 'topics=movies', { headers: from })));
    const statuses = opened.map((connection) => connection.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_STREAMS_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - DEFAULT_STREAMS_PER_ADDRESS);
    const refused = await refusal(from);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'rate_limited',
      message: `Too many live streams from your address (at most ${DEFAULT_STREAMS_PER_ADDRESS} at once): close some tabs or windows and try again.`,
    });
    // Another address is not affected; a closed stream gives its place back.
    expect((await stream(server, 'topics=movies', { headers: { 'x-forwarded-for': '10.23.0.2' } })).status).toBe(200);
    opened.find((connection) => connection.status === 200)!.close();
    let again = await stream(server, 'topics=movies', { headers: from });
    for (let attempt = 0; attempt < 20 && again.status !== 200; attempt += 1) {
      await sleep(50);
      again = await stream(server, 'topics=movies', { headers: from });
    }
    expect(again.status).toBe(200);
  });

  it(`holds ${DEFAULT_STREAMS_PER_ACCOUNT} streams per account from any addresses at once`, async () => {
    const { token } = await signUp(server, 'many-tabs');
    const headers = (n: number) => ({ authorization: `Bearer ${token}`, 'x-forwarded-for': `10.24.0.${n}` });
    const opened = await Promise.all(Array.from({ length: 15 }, (_, n) => stream(server, 'topics=movies', { headers: headers(n) })));
    const statuses = opened.map((connection) => connection.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(DEFAULT_STREAMS_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - DEFAULT_STREAMS_PER_ACCOUNT);
    const refused = await refusal(headers(99));
    expect(refused.body.error.message).toBe(
      `Too many live streams for your account (at most ${DEFAULT_STREAMS_PER_ACCOUNT} at once): close some tabs or windows and try again.`,
    );
    // The same address without the account still opens its public stream.
    expect((await stream(server, 'topics=movies', { headers: { 'x-forwarded-for': '10.24.0.99' } })).status).toBe(200);
  });
});
