import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/common/admin-schemas';
import { newPerson, type Person, proveAddress } from '../support/staff';
import { ONE_ENGINE, HttpClient, startTestServer, type TestServer } from '../support/test-server';

/** The audit log as the console reads it: names for sentences, and no entry for a save that changed nothing. */
describe.each(ONE_ENGINE)('audit log in sentences (%s)', (engine) => {
  let server: TestServer;
  let admin: Person;
  let staff: Person;

  const entries = async (query: string) => (await admin.call<{ entries: AuditEntry[] }>('GET', `/api/admin/audit?${query}`)).body.entries;
  const count = async (action: string, itemId: string) =>
    (await server.database.db.selectFrom('audit_log').select('id').where('action', '=', action).where('item_id', '=', itemId).execute())
      .length;
  const nameOf = (who: Person, name: string) =>
    server.database.db.updateTable('users').set({ display_name: name }).where('id', '=', who.uid).execute();

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = await newPerson(server, ['admin'], 'admin');
    staff = await newPerson(server, ['staff'], 'staff');
    await nameOf(admin, 'Olivia Chen');
    await nameOf(staff, 'Maya Chen');
  });
  afterAll(async () => server?.destroy());

  it('names the actor and the person or message each entry is about, by display name, else email', async () => {
    expect((await admin.call('PUT', `/api/admin/users/${staff.uid}/roles/admin`)).status).toBe(200);
    const [grant] = await entries(`action=role.grant&itemId=${staff.uid}`);
    expect(grant).toMatchObject({ actorName: 'Olivia Chen', itemLabel: 'Maya Chen', before: { roles: ['staff'] } });

    const plain = await newPerson(server, [], 'plain');
    await proveAddress(server, plain.uid);
    expect((await admin.call('PUT', `/api/admin/users/${plain.uid}/roles/staff`)).status).toBe(200);
    const [other] = await entries(`action=role.grant&itemId=${plain.uid}`);
    expect(other!.itemLabel).toBe(plain.email);

    const sent = await new HttpClient(server.url).request<{ id: string }>('POST', '/api/support-messages', {
      body: { name: 'Sam Doe', email: 'sam@example.com', subject: 'Hello', message: 'A question about printers.' },
      headers: { 'x-forwarded-for': '10.77.0.1' },
    });
    expect(sent.status).toBe(201);
    expect((await staff.call('POST', `/api/admin/inbox/${sent.body.id}/notes`, { body: 'Called them.' })).status).toBe(201);
    const [note] = await entries(`action=inbox.note&itemId=${sent.body.id}`);
    expect(note).toMatchObject({ actorName: 'Maya Chen', itemLabel: 'Sam Doe', itemType: 'support_message' });
  });

  it('records no entry for a content save or a movie edit that changed nothing, and answers as any save', async () => {
    const input = { title: 'Quiet Service', summary: 'Nothing changes.', description: 'Saved twice as it is.', icon: 'shield-checkmark' };
    const created = await staff.call<{ id: string; version: number }>('POST', '/api/admin/services', input);
    expect(created.status).toBe(201);
    const same = await staff.call<{ id: string; version: number; title: string }>('PUT', `/api/admin/services/${created.body.id}`, {
      ...input,
      version: created.body.version,
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ id: created.body.id, title: 'Quiet Service', version: created.body.version + 1 });
    expect(await count('service.update', created.body.id)).toBe(0);
    const changed = await staff.call('PUT', `/api/admin/services/${created.body.id}`, {
      ...input,
      title: 'Louder',
      version: same.body.version,
    });
    expect(changed.status).toBe(200);
    expect(await count('service.update', created.body.id)).toBe(1);

    const title = `Unchanged ${Date.now()}`;
    expect((await staff.call('POST', '/api/movies', { title, genres: ['Drama'] })).status).toBe(201);
    const found = await staff.call<{ movies: { id: string; title: string }[] }>('GET', `/api/admin/movies?q=${encodeURIComponent(title)}`);
    const movie = found.body.movies[0]!;
    const edit = await staff.call<{ title: string }>('PUT', `/api/admin/movies/${movie.id}`, { title, genres: ['Drama'] });
    expect(edit.status).toBe(200);
    expect(edit.body.title).toBe(title);
    expect(await count('movie.update', movie.id)).toBe(0);
  });
});
