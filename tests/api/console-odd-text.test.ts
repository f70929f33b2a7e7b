import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportMessagesRepository } from '../../src/server/support/repository';
import { newPerson, type Person } from '../support/staff';
import { ENGINES, startTestServer, type TestServer } from '../support/test-server';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const NUL = '\u0000';
const LONE = '\uD83D';
const UNSTORABLE = /cannot contain NUL characters or unpaired surrogate halves/;
const TABLES = [
  'services',
  'core_values',
  'client_reviews',
  'team_members',
  'content_images',
  'support_messages',
  'support_message_events',
  'mail_outbox',
  'staff_notification_prefs',
  'movies',
  'users',
  'user_roles',
  'refresh_tokens',
  'settings',
  'audit_log',
] as const;

/** Every row of the tables a console route writes, to compare before and after a refusal. */
async function snapshot(server: TestServer): Promise<string> {
  const parts: unknown[] = [];
  for (const table of TABLES) parts.push((await sql`select * from ${sql.table(table)}`.execute(server.database.db)).rows);
  return JSON.stringify(parts, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
}

/** A cursor of the console's own format (base64url of "time\nid") whose id holds a NUL. */
const nulCursor = Buffer.from(`2026-01-01T00:00:00.000Z\na${NUL}b`, 'utf8').toString('base64url');

/**
 * The console's routes (/api/admin) take the shared text rules (src/common/text-rules.ts) on every
 * query and path parameter and every text field: a NUL or a lone surrogate is a 400 in the
 * documented error body on every engine, never a 500 from PostgreSQL or a U+FFFD stored in place.
 */
describe.each(ENGINES)('odd text in the console (%s)', (engine) => {
  let server: TestServer;
  let admin: Person;
  let messageId: string;
  let serviceId: string;
  let serviceVersion: number;
  let movieId: string;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = await newPerson(server, ['admin'], 'admin');
    const created = await supportMessagesRepository(server.database.db).insert(
      { name: 'Ada', email: 'ada@example.com', subject: 'Printer', message: 'The printer is on fire.' },
      null,
    );
    messageId = created!.id;
    const services = await admin.call<{ items: { id: string; version: number }[] }>('GET', '/api/admin/services');
    serviceId = services.body.items[0]!.id;
    serviceVersion = services.body.items[0]!.version;
    const movies = await admin.call<{ movies: { id: string }[] }>('GET', '/api/admin/movies?limit=1');
    movieId = movies.body.movies[0]!.id;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const expectRefused = (what: string, response: { status: number; body: unknown; headers: Headers }) => {
    expect(response.status, what).toBe(400);
    expect(response.headers.get('content-type'), what).toMatch(/application\/json/);
    const body = response.body as ErrorBody;
    expect(body.error.code, what).toBe('validation_failed');
    expect(Object.keys(body as object), what).toEqual(['error']);
    expect(Object.values(body.error.fields ?? {}).join(' '), what).toMatch(UNSTORABLE);
  };

  it('refuses a NUL in every search, filter and cursor with 400', async () => {
    const queries = [
      '/api/admin/inbox?q=a%00b',
      '/api/admin/inbox/export.csv?q=a%00b',
      '/api/admin/users?email=a%00b',
      '/api/admin/users?after=a%00b',
      '/api/admin/movies?q=a%00b',
      '/api/admin/movies?after=a%00b',
      '/api/admin/audit?action=a%00b',
      '/api/admin/audit?actorId=a%00b',
      '/api/admin/audit?itemId=a%00b',
      '/api/admin/audit?itemType=a%00b',
    ];
    for (const path of queries) expectRefused(path, await admin.call('GET', path));
  });

  it('refuses a cursor whose id holds a NUL with 400, before any query', async () => {
    // Well-formed base64url, so only the decoded id can refuse it.
    for (const path of [`/api/admin/inbox?cursor=${nulCursor}`, `/api/admin/audit?cursor=${nulCursor}`]) {
      const response = await admin.call<ErrorBody>('GET', path);
      expect(response.status, path).toBe(400);
      expect(response.body.error.code, path).toBe('validation_failed');
    }
  });

  it('refuses a NUL in every id in a path with 400, changing nothing', async () => {
    const before = await snapshot(server);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/users/a%00b'],
      ['POST', '/api/admin/users/a%00b/disable'],
      ['POST', '/api/admin/users/a%00b/enable'],
      ['DELETE', '/api/admin/users/a%00b/sessions'],
      ['DELETE', '/api/admin/users/a%00b'],
      ['PUT', '/api/admin/users/a%00b/roles/staff'],
      ['DELETE', '/api/admin/users/a%00b/roles/staff'],
      ['GET', '/api/admin/movies/a%00b'],
      ['PUT', '/api/admin/movies/a%00b', { title: 'Fine', genres: ['Drama'] }],
      ['DELETE', '/api/admin/movies/a%00b'],
      ['GET', '/api/admin/inbox/a%00b'],
      ['POST', '/api/admin/inbox/a%00b/replies', { body: 'Hello' }],
      ['POST', '/api/admin/inbox/a%00b/notes', { body: 'Hello' }],
      ['PUT', '/api/admin/inbox/a%00b/status', { status: 'open' }],
      ['PUT', '/api/admin/services/a%00b', { title: 'T', summary: 'S', description: 'D', icon: 'cloud-upload', version: 1 }],
      ['DELETE', '/api/admin/services/a%00b?version=1'],
      ['DELETE', '/api/admin/services/a%00b/image?version=1'],
    ];
    for (const [method, path, body] of routes) expectRefused(`${method} ${path}`, await admin.call(method, path, body));
    expect(await snapshot(server)).toBe(before);
  });

  it.each([
    ['NUL', NUL],
    ['lone surrogate', LONE],
  ])('refuses a %s in every text field of a console body with 400, storing nothing', async (_name, odd) => {
    const before = await snapshot(server);
    const service = { title: 'Title', summary: 'Summary', description: 'Description', icon: 'cloud-upload' };
    const member = {
      name: 'Name',
      role: 'Role',
      bio: 'Bio',
      email: 'member@example.com',
      skills: ['Printers'],
      joinedYear: 2020,
    };
    const review = { author: 'A', role: 'R', company: 'C', quote: 'Q', rating: 5 };
    const bodies: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/admin/services', { ...service, title: `Ti${odd}tle` }, 'title'],
      ['POST', '/api/admin/services', { ...service, description: `De${odd}sc` }, 'description'],
      ['PUT', `/api/admin/services/${serviceId}`, { ...service, summary: `Su${odd}m`, version: serviceVersion }, 'summary'],
      ['POST', '/api/admin/core-values', { title: 'T', description: `D${odd}`, icon: 'cloud-upload' }, 'description'],
      ['POST', '/api/admin/client-reviews', { ...review, quote: `Q${odd}` }, 'quote'],
      ['POST', '/api/admin/client-reviews', { ...review, company: `C${odd}` }, 'company'],
      ['POST', '/api/admin/team-members', { ...member, bio: `B${odd}` }, 'bio'],
      ['POST', '/api/admin/team-members', { ...member, skills: [`S${odd}`] }, 'skills.0'],
      ['PUT', '/api/admin/services/order', { ids: [`a${odd}b`] }, 'ids.0'],
      ['POST', `/api/admin/inbox/${messageId}/replies`, { body: `Hello${odd}` }, 'body'],
      ['POST', `/api/admin/inbox/${messageId}/notes`, { body: `Note${odd}` }, 'body'],
      ['PUT', `/api/admin/movies/${movieId}`, { title: `Mo${odd}vie`, genres: ['Drama'] }, 'title'],
    ];
    for (const [method, path, body, field] of bodies) {
      const response = await admin.call<ErrorBody>(method, path, body);
      const what = `${method} ${path} ${field}`;
      expectRefused(what, response);
      expect(response.body.error.fields?.[field], what).toMatch(UNSTORABLE);
    }
    expect(await snapshot(server)).toBe(before);
  });
});
