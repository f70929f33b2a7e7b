import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionTag } from '../../src/common/session-tag';
import { openStream, type SseConnection, type SseMessage } from '../support/sse-client';
import { newPerson, type Person } from '../support/staff';
import { ONE_ENGINE, startTestServer, type TestServer } from '../support/test-server';

interface Change {
  topic: string;
  kind: string;
  key: string;
}

const streams: SseConnection[] = [];
afterEach(() => {
  for (const connection of streams.splice(0)) connection.close();
});

/** The open app's side of ending a user's sessions: the public stream names a hash of the account, never its id. */
describe.each(ONE_ENGINE)('sessions ended, told on the live stream (%s)', (engine) => {
  let server: TestServer;
  let admin: Person;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = await newPerson(server, ['admin'], 'admin');
  });
  afterAll(async () => server?.destroy());

  async function sessionsStream() {
    const stream = await openStream(`${server.url}/api/changes?topics=sessions`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor((m) => m.event === 'ready');
    return stream;
  }
  const endedFor = (tag: string) => (m: SseMessage) =>
    m.event === 'change' && (m.data as Change).topic === 'sessions' && (m.data as Change).key === tag;

  it('disabling a user sends their tag at once, and their token stops working at once', async () => {
    const user = await newPerson(server);
    const stream = await sessionsStream();
    expect((await user.call('GET', '/api/movies')).status).toBe(200);
    expect((await admin.call('POST', `/api/admin/users/${user.uid}/disable`)).status).toBe(200);
    const event = await stream.waitFor(endedFor(await sessionTag(user.uid)), 2000);
    expect(event.data).toMatchObject({ kind: 'ended' });
    expect(JSON.stringify(stream.messages)).not.toContain(user.uid);
    expect((await user.call('POST', '/api/movies', { title: `After ${user.uid}`, genres: ['Drama'] })).status).toBe(401);
  });

  it('ending all sessions and deleting the account send it too; enabling does not', async () => {
    const ended = await newPerson(server);
    const deleted = await newPerson(server);
    const stream = await sessionsStream();
    expect((await admin.call('DELETE', `/api/admin/users/${ended.uid}/sessions`)).status).toBe(204);
    await stream.waitFor(endedFor(await sessionTag(ended.uid)), 2000);
    expect((await admin.call('DELETE', `/api/admin/users/${deleted.uid}`)).status).toBe(204);
    await stream.waitFor(endedFor(await sessionTag(deleted.uid)), 2000);
    const before = stream.messages.length;
    expect((await admin.call('POST', `/api/admin/users/${ended.uid}/enable`)).status).toBe(200);
    expect((await admin.call('GET', '/api/admin/users?limit=1')).status).toBe(200);
    expect(stream.messages.slice(before).filter((m) => m.event === 'change')).toEqual([]);
  });

  it('a refused change (the last administrator) sends nothing', async () => {
    const stream = await sessionsStream();
    expect((await admin.call('POST', `/api/admin/users/${admin.uid}/disable`)).status).toBe(409);
    const other = await newPerson(server);
    expect((await admin.call('DELETE', `/api/admin/users/${other.uid}/sessions`)).status).toBe(204);
    // The next event is the later one: the refused change wrote none.
    const first = await stream.waitFor((m) => m.event === 'change', 2000);
    expect((first.data as Change).key).toBe(await sessionTag(other.uid));
  });
});
