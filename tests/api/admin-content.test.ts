import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE } from '../../src/common/content-schemas';
import { CONTENT_CHANNEL } from '../../src/server/platform/cache/content-changes';
import type { SiteRenderer } from '../../src/server/platform/render/site-renderer';
import { auditEntries, newPerson, type Person, staleToken } from '../support/staff';
import { ENGINES, HttpClient, startTestServer, type TestServer } from '../support/test-server';

/** Renders the site from its source, so these tests need no build. */
const sourceRenderer: SiteRenderer = {
  assets: { script: '', styles: [], preloads: [] },
  module: () => import('../../src/site/entry-server'),
};

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
  current?: Item | null;
}
type Item = Record<string, unknown> & { id: string; version: number; position: number };

const KINDS = [
  {
    kind: 'services',
    table: 'services',
    valid: { title: 'Backup Checks', summary: 'We test restores.', description: 'Monthly restore drills.', icon: 'shield-checkmark' },
    field: 'title',
  },
  {
    kind: 'core-values',
    table: 'core_values',
    valid: { title: 'Candour', description: 'We say what we see.', icon: 'bulb' },
    field: 'title',
  },
  {
    kind: 'client-reviews',
    table: 'client_reviews',
    valid: { author: 'Ana Ruiz', role: 'Owner', company: 'Ruiz Bakery', quote: 'They fixed it.', rating: 5 },
    field: 'quote',
  },
  {
    kind: 'team-members',
    table: 'team_members',
    valid: {
      name: 'Lena Park',
      role: 'Engineer',
      bio: 'Lena keeps networks up.',
      email: 'lena@northwind.example',
      skills: ['Networks'],
      joinedYear: 2024,
    },
    field: 'bio',
  },
] as const;

describe.each(ENGINES)('content administration (%s)', (engine) => {
  let server: TestServer;
  let admin: Person;
  let staff: Person;
  let user: Person;

  beforeAll(async () => {
    server = await startTestServer({ engine, siteRenderer: sourceRenderer });
    admin = await newPerson(server, ['admin'], 'admin');
    staff = await newPerson(server, ['staff'], 'staff');
    user = await newPerson(server, [], 'user');
  });
  afterAll(async () => server?.destroy());

  describe.each(KINDS)('/api/admin/$kind', ({ kind, table, valid, field }) => {
    const count = async () => (await server.database.db.selectFrom(table).select('id').execute()).length;

    it('answers anonymous 401 and users 403 on every route, and changes nothing', async () => {
      const before = await count();
      const anonymous = new HttpClient(server.url);
      const routes: [string, string, unknown?][] = [
        ['GET', `/api/admin/${kind}`],
        ['POST', `/api/admin/${kind}`, valid],
        ['PUT', `/api/admin/${kind}/some-id`, { ...valid, version: 1 }],
        ['DELETE', `/api/admin/${kind}/some-id?version=1`],
        ['PUT', `/api/admin/${kind}/order`, { ids: ['a'] }],
      ];
      for (const [method, path, body] of routes) {
        const anon = await anonymous.request<ErrorBody>(method, path, body !== undefined ? { body } : {});
        expect(anon.status, `${method} ${path}`).toBe(401);
        const asUser = await user.call<ErrorBody>(method, path, body);
        expect(asUser.status, `${method} ${path}`).toBe(403);
        expect(asUser.body.error.code).toBe('forbidden');
      }
      expect(await count()).toBe(before);
    });

    it('lets staff and admins create, edit, reorder and delete, with an audit entry and a change notice each', async () => {
      const notices: string[] = [];
      const unsubscribe = server.app.changes.subscribe(CONTENT_CHANNEL, (message) => notices.push(message));
      try {
        const created = await staff.call<Item>('POST', `/api/admin/${kind}`, valid);
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ ...valid, version: 1 });
        const [createEntry] = await auditEntries(server, `${created.body.id ? '' : ''}${kindItem(kind)}.create`);
        expect(createEntry).toMatchObject({ actor_id: staff.uid, item_id: created.body.id });

        const edited = await admin.call<Item>('PUT', `/api/admin/${kind}/${created.body.id}`, {
          ...valid,
          [field]: 'Edited text',
          version: 1,
        });
        expect(edited.status).toBe(200);
        expect(edited.body).toMatchObject({ [field]: 'Edited text', version: 2 });
        const [updateEntry] = await auditEntries(server, `${kindItem(kind)}.update`);
        expect(JSON.parse(updateEntry!.before_json!)).toMatchObject({ [field]: valid[field as keyof typeof valid], version: 1 });
        expect(JSON.parse(updateEntry!.after_json!)).toMatchObject({ [field]: 'Edited text', version: 2 });

        // The public API shows the edit at the next request.
        const publicList = await new HttpClient(server.url).get<Item[]>(`/api/${kind}`);
        expect(publicList.body.find((item) => item.id === created.body.id)).toMatchObject({ [field]: 'Edited text' });

        const list = await staff.call<{ items: Item[] }>('GET', `/api/admin/${kind}`);
        const reversed = list.body.items.map((item) => item.id).reverse();
        const reordered = await staff.call<{ items: Item[] }>('PUT', `/api/admin/${kind}/order`, { ids: reversed });
        expect(reordered.status).toBe(200);
        expect((await new HttpClient(server.url).get<Item[]>(`/api/${kind}`)).body.map((item) => item.id)).toEqual(reversed);
        const stale = await staff.call<ErrorBody>('PUT', `/api/admin/${kind}/order`, { ids: reversed.slice(1) });
        expect(stale.status).toBe(409);
        // Put the seeded order back for the other tests.
        await staff.call('PUT', `/api/admin/${kind}/order`, { ids: list.body.items.map((item) => item.id) });

        const removed = await staff.call(`DELETE`, `/api/admin/${kind}/${created.body.id}?version=2`);
        expect(removed.status).toBe(204);
        expect((await new HttpClient(server.url).get<Item[]>(`/api/${kind}`)).body.some((item) => item.id === created.body.id)).toBe(false);
        const [deleteEntry] = await auditEntries(server, `${kindItem(kind)}.delete`);
        expect(deleteEntry).toMatchObject({ item_id: created.body.id, after_json: null });
        await waitFor(() => notices.length >= 5);
        expect(notices.flatMap((notice) => (JSON.parse(notice) as { changes: string[] }).changes)).toContain(kind);
      } finally {
        unsubscribe();
      }
    });

    it('refuses the second of two saves from the same version with the current version, and overwrites nothing', async () => {
      const created = await staff.call<Item>('POST', `/api/admin/${kind}`, valid);
      const url = `/api/admin/${kind}/${created.body.id}`;
      const first = await staff.call<Item>('PUT', url, { ...valid, [field]: 'First editor', version: 1 });
      expect(first.status).toBe(200);
      const second = await admin.call<ErrorBody>('PUT', url, { ...valid, [field]: 'Second editor', version: 1 });
      expect(second.status).toBe(409);
      expect(second.body.error).toMatchObject({ code: 'conflict', message: CONFLICT_MESSAGE });
      expect(second.body.current).toMatchObject({ [field]: 'First editor', version: 2 });
      const deleteStale = await staff.call<ErrorBody>('DELETE', `${url}?version=1`);
      expect(deleteStale.status).toBe(409);
      const list = await staff.call<{ items: Item[] }>('GET', `/api/admin/${kind}`);
      expect(list.body.items.find((item) => item.id === created.body.id)).toMatchObject({ [field]: 'First editor', version: 2 });
      await staff.call('DELETE', `${url}?version=2`);
    });

    it('answers invalid input with field messages and changes nothing', async () => {
      const before = await count();
      const audits = (await server.database.db.selectFrom('audit_log').select('id').execute()).length;
      const invalid = await staff.call<ErrorBody>('POST', `/api/admin/${kind}`, { ...valid, [field]: '   ' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.code).toBe('validation_failed');
      expect(Object.keys(invalid.body.error.fields ?? {})).toContain(field);
      const tooLong = await staff.call<ErrorBody>('POST', `/api/admin/${kind}`, { ...valid, [field]: 'x'.repeat(5000) });
      expect(tooLong.status).toBe(400);
      const noVersion = await staff.call<ErrorBody>('PUT', `/api/admin/${kind}/whatever`, valid);
      expect(noVersion.status).toBe(400);
      expect(await count()).toBe(before);
      expect((await server.database.db.selectFrom('audit_log').select('id').execute()).length).toBe(audits);
    });

    it('needs a recent sign-in to delete', async () => {
      const created = await staff.call<Item>('POST', `/api/admin/${kind}`, valid);
      const token = await staleToken(server, staff);
      const response = await staff.client.request<ErrorBody>('DELETE', `/api/admin/${kind}/${created.body.id}?version=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('recent_login_required');
      expect(
        (await staff.call<{ items: Item[] }>('GET', `/api/admin/${kind}`)).body.items.some((item) => item.id === created.body.id),
      ).toBe(true);
      await staff.call('DELETE', `/api/admin/${kind}/${created.body.id}?version=1`);
    });
  });

  it.each([
    ['services', KINDS[0].valid],
    ['core-values', KINDS[1].valid],
  ] as const)('refuses an icon the site cannot draw (%s): 400 naming the field, nothing stored', async (kind, valid) => {
    const table = kind === 'services' ? 'services' : 'core_values';
    const rows = async () => (await server.database.db.selectFrom(table).select(['id', 'icon']).execute()).length;
    const before = await rows();
    const created = await staff.call<ErrorBody>('POST', `/api/admin/${kind}`, { ...valid, icon: 'rocket' });
    expect(created.status).toBe(400);
    expect(created.body.error.code).toBe('validation_failed');
    expect(created.body.error.fields).toMatchObject({ icon: 'Choose one of the icons the site can draw.' });
    // An edit with an unknown icon leaves the saved item as it was.
    const item = (await staff.call<{ items: Item[] }>('GET', `/api/admin/${kind}`)).body.items[0]!;
    const { id, position: _position, version, ...fields } = item;
    const edited = await staff.call<ErrorBody>('PUT', `/api/admin/${kind}/${id}`, {
      ...fields,
      image: undefined,
      icon: 'Rocket Ship',
      version,
    });
    expect(edited.status).toBe(400);
    expect(edited.body.error.fields).toMatchObject({ icon: 'Choose one of the icons the site can draw.' });
    expect(await rows()).toBe(before);
    const after = (await staff.call<{ items: Item[] }>('GET', `/api/admin/${kind}`)).body.items.find((row) => row.id === id)!;
    expect(after).toMatchObject({ icon: item.icon, version });
  });

  it('creates items sent at the same moment, each with its own id and place', async () => {
    const input = { ...KINDS[0].valid, title: 'Parallel Service' };
    const responses = await Promise.all(Array.from({ length: 5 }, () => staff.call<Item>('POST', '/api/admin/services', input)));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(5);
    expect(new Set(responses.map((response) => response.body.position)).size).toBe(5);
    for (const response of responses) await staff.call('DELETE', `/api/admin/services/${response.body.id}?version=1`);
  });

  it('shows an edited service on the server-rendered landing page, and a new member in the sitemap and their page', async () => {
    const list = await staff.call<{ items: Item[] }>('GET', '/api/admin/services');
    const first = list.body.items[0]!;
    const { id: _id, position: _position, version, ...fields } = first;
    const saved = await staff.call<Item>('PUT', `/api/admin/services/${first.id}`, { ...fields, title: 'Help Desk Reimagined', version });
    expect(saved.status).toBe(200);
    const landing = await new HttpClient(server.url).get('/', { accept: 'text/html' });
    expect(landing.text).toContain('Help Desk Reimagined');

    const member = await staff.call<Item>('POST', '/api/admin/team-members', KINDS[3].valid);
    const sitemap = await new HttpClient(server.url).get('/sitemap.xml');
    expect(sitemap.text).toContain(`/team/${member.body.id}`);
    const page = await new HttpClient(server.url).get(`/team/${member.body.id}`, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Lena Park');
  });
});

function kindItem(kind: string): string {
  return { services: 'service', 'core-values': 'core_value', 'client-reviews': 'client_review', 'team-members': 'team_member' }[kind]!;
}

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
