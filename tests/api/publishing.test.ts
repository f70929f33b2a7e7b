import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesService } from '../../src/server/admin/roles-service';
import { signPreviewToken } from '../../src/server/admin/preview-links';
import { publishingRepository } from '../../src/server/platform/publishing/repository';
import type { SiteRenderer } from '../../src/server/platform/render/site-renderer';
import { serverSecretsRepository } from '../../src/server/platform/secrets/repository';
import { auditEntries, newPerson, type Person } from '../support/staff';
import { ENGINES, HttpClient, startTestServer, type TestServer } from '../support/test-server';

/** Renders the site from its source, so these tests need no build. */
const sourceRenderer: SiteRenderer = {
  assets: { script: '', styles: [], preloads: [] },
  module: () => import('../../src/site/entry-server'),
};

interface Draft {
  version: number;
  fields: Record<string, unknown>;
  updatedAt: string;
  updatedBy: string | null;
}
interface State {
  published: Record<string, unknown> | null;
  draft: Draft | null;
  schedule: { itemId: string; dueAt: string; by: string | null; failure: { at: string; reason: string } | null } | null;
}
interface Revision {
  number: number;
  action: string;
  actorEmail: string | null;
  fields: Record<string, unknown>;
}
interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
  current?: Draft | null;
}

const MEMBER = {
  name: 'Lena Park',
  role: 'Engineer',
  bio: 'Lena keeps networks up.',
  email: 'lena@northwind.example',
  skills: ['Networks'],
  joinedYear: 2024,
};

const BASE = '/api/admin/team-members';

/** What a visitor sees of a team member: the page (with its JSON-LD), the content API, the sitemap. */
async function publicView(server: TestServer, id: string) {
  const visitor = new HttpClient(server.url);
  const [page, api, list, sitemap] = await Promise.all([
    visitor.request('GET', `/team/${id}`, { headers: { accept: 'text/html' } }),
    visitor.get<Record<string, unknown>>(`/api/team-members/${id}`),
    visitor.get<Record<string, unknown>[]>('/api/team-members'),
    visitor.request('GET', '/sitemap.xml'),
  ]);
  return { page: page.text, api: api.body, list: list.body, sitemap: sitemap.text };
}

describe.each(ENGINES)('publishing through drafts (%s)', (engine) => {
  let server: TestServer;
  let admin: Person;
  let staff: Person;
  let otherStaff: Person;
  let user: Person;

  beforeAll(async () => {
    server = await startTestServer({ engine, siteRenderer: sourceRenderer });
    admin = await newPerson(server, ['admin'], 'admin');
    staff = await newPerson(server, ['staff'], 'staff');
    otherStaff = await newPerson(server, ['staff'], 'staff2');
    user = await newPerson(server, [], 'user');
  });
  afterAll(async () => server?.destroy());

  const newMember = async (name: string) => {
    const created = await staff.call<{ id: string }>('POST', BASE, { ...MEMBER, name });
    expect(created.status).toBe(201);
    return created.body.id;
  };

  it('answers anonymous 401 and plain users 403 on every publishing route, and changes nothing', async () => {
    const id = await newMember('Guard Test');
    const anonymous = new HttpClient(server.url);
    const routes: [string, string, unknown?][] = [
      ['GET', `${BASE}/drafts`],
      ['GET', `${BASE}/deleted`],
      ['GET', `${BASE}/${id}/draft`],
      ['PUT', `${BASE}/${id}/draft`, { ...MEMBER, version: 0 }],
      ['DELETE', `${BASE}/${id}/draft?version=1`],
      ['POST', `${BASE}/${id}/publish`, { version: 1 }],
      ['GET', `${BASE}/${id}/history`],
      ['POST', `${BASE}/${id}/history/1/restore`, {}],
      ['PUT', `${BASE}/${id}/schedule`, { dueAt: new Date(Date.now() + 3600_000).toISOString() }],
      ['DELETE', `${BASE}/${id}/schedule`],
      ['POST', `${BASE}/${id}/preview-link`, {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await anonymous.request(method, path, body !== undefined ? { body } : {})).status, `${method} ${path}`).toBe(401);
      expect((await user.call(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(await server.database.db.selectFrom('content_drafts').selectAll().where('item_id', '=', id).execute()).toEqual([]);
  });

  it('keeps a draft from visitors (page, JSON-LD, content API, sitemap) and shows it everywhere once published', async () => {
    const id = await newMember('Draft Person');
    const before = await publicView(server, id);
    expect(before.page).toContain('Lena keeps networks up.');

    const saved = await staff.call<{ draft: Draft }>('PUT', `${BASE}/${id}/draft`, {
      ...MEMBER,
      name: 'Draft Person',
      bio: 'A secret new bio.',
      version: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.draft).toMatchObject({ version: 1, fields: { bio: 'A secret new bio.' }, updatedBy: staff.email });
    const again = await staff.call<{ draft: Draft }>('PUT', `${BASE}/${id}/draft`, {
      ...MEMBER,
      name: 'Draft Person',
      bio: 'A newer secret bio.',
      version: 1,
    });
    expect(again.body.draft.version).toBe(2);

    const during = await publicView(server, id);
    expect(during.page).not.toContain('secret');
    expect(during.page).toContain('Lena keeps networks up.');
    expect(during.api).toMatchObject({ bio: 'Lena keeps networks up.' });
    expect(JSON.stringify(during.list)).not.toContain('secret');
    expect(during.sitemap).toBe(before.sitemap);

    const markers = await staff.call<{ items: { itemId: string; version: number }[] }>('GET', `${BASE}/drafts`);
    expect(markers.body.items).toContainEqual(expect.objectContaining({ itemId: id, version: 2 }));
    const state = await otherStaff.call<State>('GET', `${BASE}/${id}/draft`);
    expect(state.body).toMatchObject({ published: { bio: 'Lena keeps networks up.' }, draft: { version: 2 }, schedule: null });

    // Publishing an older draft version is refused with the draft as it is.
    const stale = await staff.call<ErrorBody>('POST', `${BASE}/${id}/publish`, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ version: 2 });

    const published = await staff.call<State>('POST', `${BASE}/${id}/publish`, { version: 2 });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ published: { bio: 'A newer secret bio.' }, draft: null });
    const after = await publicView(server, id);
    expect(after.page).toContain('A newer secret bio.');
    expect(after.page).toMatch(/application\/ld\+json[^<]*A newer secret bio\./);
    expect(after.api).toMatchObject({ bio: 'A newer secret bio.' });

    const [entry] = await auditEntries(server, 'team_member.publish');
    expect(entry).toMatchObject({ item_id: id, actor_email: staff.email });
    const history = await staff.call<{ revisions: Revision[] }>('GET', `${BASE}/${id}/history`);
    expect(history.body.revisions.map((revision) => revision.action)).toEqual(['publish', 'publish']);
    expect(history.body.revisions[0]).toMatchObject({ number: 2, actorEmail: staff.email, fields: { bio: 'A newer secret bio.' } });
  });

  it('keeps a new item as a first draft alone until Publish: absent from every public view, then shown at the next request', async () => {
    const anonymous = new HttpClient(server.url);
    // Only staff make new drafts; a refused one leaves nothing behind.
    expect((await anonymous.request('POST', `${BASE}/drafts`, { body: { ...MEMBER, name: 'Nobody Here' } })).status).toBe(401);
    expect((await user.call('POST', `${BASE}/drafts`, { ...MEMBER, name: 'Nobody Here' })).status).toBe(403);
    const invalid = await staff.call<ErrorBody>('POST', `${BASE}/drafts`, { ...MEMBER, name: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toHaveProperty('name');
    const strays = await server.database.db.selectFrom('content_drafts').select('item_id').where('item_id', 'like', 'nobody%').execute();
    expect(strays).toEqual([]);

    const created = await staff.call<{ itemId: string; draft: Draft }>('POST', `${BASE}/drafts`, {
      ...MEMBER,
      name: 'Nadia Fresh',
      bio: 'Nadia is not public yet.',
    });
    expect(created.status).toBe(201);
    // The server picks the id (an address: /team/<id>).
    expect(created.body).toMatchObject({ itemId: 'nadia-fresh', draft: { version: 1, updatedBy: staff.email } });
    const id = created.body.itemId;
    const saved = await otherStaff.call<{ draft: Draft }>('PUT', `${BASE}/${id}/draft`, {
      ...MEMBER,
      name: 'Nadia Fresh',
      bio: 'Nadia is still not public.',
      version: 1,
    });
    expect(saved.body.draft.version).toBe(2);

    const during = await publicView(server, id);
    expect(during.page).not.toContain('Nadia');
    expect(during.api).not.toMatchObject({ name: 'Nadia Fresh' });
    expect(JSON.stringify(during.list)).not.toContain('Nadia');
    expect(during.sitemap).not.toContain(`/team/${id}`);
    const teamPage = await anonymous.request('GET', '/team', { headers: { accept: 'text/html' } });
    expect(teamPage.text).not.toContain('Nadia');
    const listed = await staff.call<{ items: { id: string }[] }>('GET', BASE);
    expect(listed.body.items.map((item) => item.id)).not.toContain(id);
    const markers = await staff.call<{ items: { itemId: string; fields: Record<string, unknown> }[] }>('GET', `${BASE}/drafts`);
    expect(markers.body.items).toContainEqual(
      expect.objectContaining({ itemId: id, fields: expect.objectContaining({ name: 'Nadia Fresh' }) }),
    );
    expect((await staff.call<State>('GET', `${BASE}/${id}/draft`)).body).toMatchObject({ published: null, draft: { version: 2 } });

    const published = await staff.call<State>('POST', `${BASE}/${id}/publish`, { version: 2 });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ published: { name: 'Nadia Fresh', bio: 'Nadia is still not public.' }, draft: null });
    const after = await publicView(server, id);
    expect(after.page).toMatch(/application\/ld\+json[^<]*Nadia is still not public\./);
    expect(after.api).toMatchObject({ name: 'Nadia Fresh', bio: 'Nadia is still not public.' });
    expect(JSON.stringify(after.list)).toContain('Nadia Fresh');
    expect(after.sitemap).toContain(`/team/${id}`);
    const [entry] = await auditEntries(server, 'team_member.publish');
    expect(entry).toMatchObject({ item_id: id, actor_email: staff.email });
    const history = await staff.call<{ revisions: Revision[] }>('GET', `${BASE}/${id}/history`);
    expect(history.body.revisions.map((revision) => revision.action)).toEqual(['publish']);

    // A taken id (a published item, a reserved word of the addresses) gets a suffix.
    const twin = await staff.call<{ itemId: string }>('POST', `${BASE}/drafts`, { ...MEMBER, name: 'Nadia Fresh' });
    expect(twin.body.itemId).toMatch(/^nadia-fresh-[0-9a-f]{6}$/);
    const reserved = await staff.call<{ itemId: string }>('POST', `${BASE}/drafts`, { ...MEMBER, name: 'New' });
    expect(reserved.body.itemId).toMatch(/^new-[0-9a-f]{6}$/);
  });

  it('shows a new service nowhere (landing page, content API) until published; Discard draft removes a never-published item', async () => {
    const anonymous = new HttpClient(server.url);
    const service = { title: 'Quiet Backups', summary: 'Backups in quiet.', description: 'Backups nobody sees yet.', icon: 'headset' };
    const created = await staff.call<{ itemId: string }>('POST', '/api/admin/services/drafts', service);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const landing = async () => (await anonymous.request('GET', '/', { headers: { accept: 'text/html' } })).text;
    const api = async () => JSON.stringify((await anonymous.get('/api/services')).body);
    expect(await landing()).not.toContain('Quiet Backups');
    expect(await api()).not.toContain('Quiet Backups');

    const gone = await staff.call<{ itemId: string }>('POST', '/api/admin/services/drafts', { ...service, title: 'Never Shown' });
    expect((await staff.call('DELETE', `/api/admin/services/${gone.body.itemId}/draft?version=1`)).status).toBe(204);
    expect((await staff.call<State>('GET', `/api/admin/services/${gone.body.itemId}/draft`)).body).toEqual({
      published: null,
      draft: null,
      schedule: null,
    });
    const markers = await staff.call<{ items: { itemId: string }[] }>('GET', '/api/admin/services/drafts');
    expect(markers.body.items.map((item) => item.itemId)).not.toContain(gone.body.itemId);
    // A save from a tab still open on it finds the item gone.
    const late = await staff.call('PUT', `/api/admin/services/${gone.body.itemId}/draft`, { ...service, version: 1 });
    expect(late.status).toBe(404);
    const [discarded] = await auditEntries(server, 'service.draft_discard');
    expect(discarded).toMatchObject({ item_id: gone.body.itemId });

    expect((await staff.call('POST', `/api/admin/services/${created.body.itemId}/publish`, { version: 1 })).status).toBe(200);
    expect(await landing()).toContain('Quiet Backups');
    expect(await api()).toContain('Quiet Backups');
  });

  it('gives a direct creation another id than a first draft of the same name, so the draft still publishes a new item', async () => {
    const drafted = await staff.call<{ itemId: string }>('POST', `${BASE}/drafts`, { ...MEMBER, name: 'Same Name' });
    expect(drafted.body.itemId).toBe('same-name');
    const direct = await staff.call<{ id: string }>('POST', BASE, { ...MEMBER, name: 'Same Name', bio: 'Created directly.' });
    expect(direct.status, JSON.stringify(direct.body)).toBe(201);
    expect(direct.body.id).toMatch(/^same-name-[0-9a-f]{6}$/);
    expect((await staff.call('POST', `${BASE}/same-name/publish`, { version: 1 })).status).toBe(200);
    const rows = await server.database.db
      .selectFrom('team_members')
      .select(['id', 'bio'])
      .where('name', '=', 'Same Name')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'same-name', bio: MEMBER.bio },
      { id: direct.body.id, bio: 'Created directly.' },
    ]);
  });

  it('publishes a new item once when two staff members publish its first draft at the same time', async () => {
    const created = await staff.call<{ itemId: string }>('POST', `${BASE}/drafts`, { ...MEMBER, name: 'Double Publish' });
    const id = created.body.itemId;
    const results = await Promise.all([
      staff.call<ErrorBody>('POST', `${BASE}/${id}/publish`, { version: 1 }),
      otherStaff.call<ErrorBody>('POST', `${BASE}/${id}/publish`, { version: 1 }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const rows = await server.database.db.selectFrom('team_members').select('id').where('name', '=', 'Double Publish').execute();
    expect(rows).toEqual([{ id }]);
    const revisions = await server.database.db.selectFrom('content_revisions').select('action').where('item_id', '=', id).execute();
    expect(revisions).toEqual([{ action: 'publish' }]);
  });

  it('gives one of two first drafts of an item a 409, and refuses a save from an older draft version', async () => {
    const id = await newMember('Race Person');
    const results = await Promise.all([
      staff.call<ErrorBody>('PUT', `${BASE}/${id}/draft`, { ...MEMBER, name: 'Race Person', bio: 'From staff.', version: 0 }),
      otherStaff.call<ErrorBody>('PUT', `${BASE}/${id}/draft`, { ...MEMBER, name: 'Race Person', bio: 'From other staff.', version: 0 }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const loser = results.find((result) => result.status === 409)!;
    expect(loser.body.error.code).toBe('conflict');
    expect(loser.body.current).toMatchObject({ version: 1 });

    // A first draft opened on a published version that someone has replaced since is refused too.
    const published = await staff.call<{ version: number }>('PUT', `${BASE}/${id}`, { ...MEMBER, name: 'Race Person', version: 1 });
    expect(published.body.version).toBe(2);
    await staff.call('DELETE', `${BASE}/${id}/draft?version=1`);
    const old = await staff.call<ErrorBody>('PUT', `${BASE}/${id}/draft`, { ...MEMBER, name: 'Race Person', version: 0, baseVersion: 1 });
    expect(old.status).toBe(409);
    const fresh = await staff.call('PUT', `${BASE}/${id}/draft`, {
      ...MEMBER,
      name: 'Race Person',
      bio: 'Fresh.',
      version: 0,
      baseVersion: 2,
    });
    expect(fresh.status).toBe(200);

    const stale = await staff.call<ErrorBody>('PUT', `${BASE}/${id}/draft`, { ...MEMBER, name: 'Race Person', bio: 'Late.', version: 5 });
    expect(stale.status).toBe(409);
    const state = await staff.call<State>('GET', `${BASE}/${id}/draft`);
    expect(state.body.draft!.fields.bio).not.toBe('Late.');
  });

  it('previews the draft on the real page through an expiring link only, never cached nor indexed', async () => {
    const id = await newMember('Preview Person');
    await staff.call('PUT', `${BASE}/${id}/draft`, { ...MEMBER, name: 'Preview Person', bio: 'Only in the preview.', version: 0 });
    const link = await staff.call<{ url: string; expiresAt: string }>('POST', `${BASE}/${id}/preview-link`, {});
    expect(link.status).toBe(200);
    expect(Date.parse(link.body.expiresAt)).toBeGreaterThan(Date.now());

    const anonymous = new HttpClient(server.url);
    const preview = await anonymous.request('GET', link.body.url, { headers: { accept: 'text/html' } });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('Only in the preview.');
    expect(preview.text).toMatch(/application\/ld\+json[^<]*Only in the preview\./);
    expect(preview.text).toContain('<meta name="robots" content="noindex">');
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect(preview.headers.get('x-robots-tag')).toBe('noindex');
    expect(preview.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    // The public page is unchanged.
    expect((await publicView(server, id)).page).not.toContain('Only in the preview.');

    const path = `/preview/team-members/${id}`;
    const refused = async (url: string) => (await anonymous.request<ErrorBody>('GET', url, { headers: { accept: 'text/html' } })).status;
    expect(await refused(path)).toBe(401);
    expect(await refused(`${path}?token=${'a'.repeat(60)}`)).toBe(403);
    const token = new URL(link.body.url, server.url).searchParams.get('token')!;
    // Another item's link does not open this one.
    const other = await newMember('Other Person');
    expect(await refused(`/preview/team-members/${other}?token=${encodeURIComponent(token)}`)).toBe(403);
    expect(await refused(`/preview/services/${id}?token=${encodeURIComponent(token)}`)).toBe(403);
    const key = await serverSecretsRepository(server.database.db).secret('preview-links');
    const expired = signPreviewToken(key, 'team-members', id, Date.now() - 1000);
    expect(await refused(`${path}?token=${encodeURIComponent(expired)}`)).toBe(403);
    expect(await refused(`${path}?token=${encodeURIComponent(signPreviewToken(key, 'team-members', id, Date.now() + 60_000))}`)).toBe(200);
  });

  it('checks a draft with the form rules: 400 with the field, nothing stored', async () => {
    const id = await newMember('Rules Person');
    const bad = await staff.call<ErrorBody>('PUT', `${BASE}/${id}/draft`, { ...MEMBER, email: 'not an email', version: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('email');
    expect((await staff.call<State>('GET', `${BASE}/${id}/draft`)).body.draft).toBeNull();
  });

  it('discards a draft (audited), and restores an older revision as a new one, asked for by version', async () => {
    const id = await newMember('Restore Person');
    await staff.call('PUT', `${BASE}/${id}/draft`, { ...MEMBER, name: 'Restore Person', bio: 'Second bio.', version: 0 });
    await staff.call('POST', `${BASE}/${id}/publish`, { version: 1 });
    await staff.call('PUT', `${BASE}/${id}/draft`, { ...MEMBER, name: 'Restore Person', bio: 'Unwanted.', version: 0 });
    const discarded = await staff.call('DELETE', `${BASE}/${id}/draft?version=1`);
    expect(discarded.status).toBe(204);
    expect((await auditEntries(server, 'team_member.draft_discard'))[0]).toMatchObject({ item_id: id });

    const restored = await staff.call<{ revision: number }>('POST', `${BASE}/${id}/history/1/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.revision).toBe(3);
    expect((await publicView(server, id)).api).toMatchObject({ bio: 'Lena keeps networks up.' });
    expect((await auditEntries(server, 'team_member.restore'))[0]).toMatchObject({ item_id: id, actor_email: staff.email });
    const history = await staff.call<{ revisions: Revision[] }>('GET', `${BASE}/${id}/history`);
    expect(history.body.revisions.map((revision) => revision.action)).toEqual(['restore', 'publish', 'publish']);
    expect((await staff.call('POST', `${BASE}/${id}/history/99/restore`, {})).status).toBe(404);
  });

  it('keeps the history of a deleted item, and only an administrator brings it back', async () => {
    const id = await newMember('Deleted Person');
    const removed = await admin.call('DELETE', `${BASE}/${id}?version=1`);
    expect(removed.status).toBe(204);
    const deleted = await staff.call<{ items: { itemId: string }[] }>('GET', `${BASE}/deleted`);
    expect(deleted.body.items.map((item) => item.itemId)).toContain(id);
    const history = await staff.call<{ published: unknown; revisions: Revision[] }>('GET', `${BASE}/${id}/history`);
    expect(history.body.published).toBeNull();
    expect(history.body.revisions[0]).toMatchObject({ action: 'delete', fields: { name: 'Deleted Person' } });

    const refused = await staff.call<ErrorBody>('POST', `${BASE}/${id}/history/1/restore`, {});
    expect(refused.status).toBe(403);
    const back = await admin.call('POST', `${BASE}/${id}/history/1/restore`, {});
    expect(back.status).toBe(200);
    expect((await publicView(server, id)).api).toMatchObject({ name: 'Deleted Person' });
  });

  it('schedules a draft (stored in UTC, audited), refuses a time long past, and cancels', async () => {
    const id = await newMember('Schedule Person');
    const noDraft = await staff.call('PUT', `${BASE}/${id}/schedule`, { dueAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(noDraft.status).toBe(404);
    await staff.call('PUT', `${BASE}/${id}/draft`, { ...MEMBER, name: 'Schedule Person', bio: 'Later.', version: 0 });
    const past = await staff.call<ErrorBody>('PUT', `${BASE}/${id}/schedule`, { dueAt: '2020-01-01T10:00:00+02:00' });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toHaveProperty('dueAt');
    const bad = await staff.call<ErrorBody>('PUT', `${BASE}/${id}/schedule`, { dueAt: 'tomorrow' });
    expect(bad.status).toBe(400);

    const scheduled = await staff.call<State['schedule']>('PUT', `${BASE}/${id}/schedule`, { dueAt: '2099-06-01T10:30:00+02:00' });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ itemId: id, dueAt: '2099-06-01T08:30:00.000Z', by: staff.email });
    expect((await auditEntries(server, 'team_member.schedule'))[0]).toMatchObject({ item_id: id });
    const markers = await staff.call<{ items: { itemId: string; scheduledAt: string | null }[] }>('GET', `${BASE}/drafts`);
    expect(markers.body.items).toContainEqual(expect.objectContaining({ itemId: id, scheduledAt: '2099-06-01T08:30:00.000Z' }));

    expect((await staff.call('DELETE', `${BASE}/${id}/schedule`)).status).toBe(204);
    expect((await auditEntries(server, 'team_member.schedule_cancel'))[0]).toMatchObject({ item_id: id });
    expect((await staff.call('DELETE', `${BASE}/${id}/schedule`)).status).toBe(404);
  });

  const ARTICLE = {
    title: 'Orphan article',
    slug: '',
    summary: 'An article whose author leaves.',
    coverImageId: null,
    coverAlt: '',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Words.' }] }] },
    publishedAt: '',
  };
  const SERVICE = { summary: 'Scheduled after.', description: 'Published on time.', icon: 'headset' };
  const mailsTo = (email: string) => server.app.identity.mailer.outbox.filter((mail) => mail.to === email);
  /** The schedule check at `nowMs`, whatever time an earlier check of this file took the job's lease until. */
  const checkSchedules = async (nowMs: number) => {
    await server.database.db.deleteFrom('job_leases').where('name', '=', 'scheduled-publishing').execute();
    return server.app.scheduledPublishing.runDue(nowMs);
  };

  it('publishes the other due drafts when one cannot be published, and reports that one once: audit, console marker, mail', async () => {
    // The article's author leaves the team after it was scheduled: its draft can no longer be published.
    const authorId = await newMember('Leaving Author');
    const articleId = `orphan-${engine}-${Date.now()}`;
    const draft = await staff.call('PUT', `/api/admin/news/${articleId}/draft`, { ...ARTICLE, authorId, version: 0 });
    expect(draft.status).toBe(200);
    const dueMs = Date.now() + 60_000;
    const first = await staff.call('PUT', `/api/admin/news/${articleId}/schedule`, { dueAt: new Date(dueMs).toISOString() });
    expect(first.status).toBe(200);
    expect((await admin.call('DELETE', `${BASE}/${authorId}?version=1`)).status).toBe(204);
    // A new service scheduled 3 s after it.
    const title = `After The Orphan ${engine}`;
    const service = await staff.call<{ itemId: string }>('POST', '/api/admin/services/drafts', { ...SERVICE, title });
    expect(service.status).toBe(201);
    const later = await staff.call('PUT', `/api/admin/services/${service.body.itemId}/schedule`, {
      dueAt: new Date(dueMs + 3000).toISOString(),
    });
    expect(later.status).toBe(200);

    await checkSchedules(dueMs + 10_000);
    const services = await new HttpClient(server.url).get<{ title: string }[]>('/api/services');
    expect(services.body.map((item) => item.title)).toContain(title);
    const state = await staff.call<State>('GET', `/api/admin/news/${articleId}/draft`);
    expect(state.body.published).toBeNull();
    expect(state.body.draft).not.toBeNull();
    const failure = { reason: 'Choose the author among the team members.', at: new Date(dueMs + 10_000).toISOString() };
    expect(state.body.schedule).toMatchObject({ dueAt: new Date(dueMs).toISOString(), failure });
    const markers = await staff.call<{ items: { itemId: string; scheduleFailure: unknown }[] }>('GET', '/api/admin/news/drafts');
    expect(markers.body.items).toContainEqual(expect.objectContaining({ itemId: articleId, scheduleFailure: failure }));
    const list = await staff.call<{ items: { id: string; scheduleFailure: unknown }[] }>('GET', '/api/admin/news');
    expect(list.body.items.find((item) => item.id === articleId)?.scheduleFailure).toEqual(failure);
    const entries = (await auditEntries(server, 'news_article.schedule_failed')).filter((entry) => entry.item_id === articleId);
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.after_json!)).toMatchObject({
      title: 'Orphan article',
      reason: failure.reason,
      scheduledBy: staff.email,
    });
    const mails = mailsTo(staff.email).filter((mail) => mail.subject === 'Not published: "Orphan article"');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(failure.reason);
    expect(mails[0]!.link).toBe(`${server.config.publicUrl}/admin/content/news/${articleId}`);

    // Reported once: the next checks neither try it again nor mail again.
    await checkSchedules(dueMs + 40_000);
    expect((await auditEntries(server, 'news_article.schedule_failed')).filter((entry) => entry.item_id === articleId)).toHaveLength(1);
    expect(mailsTo(staff.email).filter((mail) => mail.subject === 'Not published: "Orphan article"')).toHaveLength(1);
    // Cancelling removes the marker with the schedule.
    expect((await staff.call('DELETE', `/api/admin/news/${articleId}/schedule`)).status).toBe(204);
    expect((await staff.call<State>('GET', `/api/admin/news/${articleId}/draft`)).body.schedule).toBeNull();
  });

  it('does not publish a schedule whose author lost their console role before it was due, and reports it', async () => {
    const leaving = await newPerson(server, ['staff'], 'leaving');
    const id = await newMember('Revoked Schedule');
    await leaving.call('PUT', `${BASE}/${id}/draft`, { ...MEMBER, name: 'Revoked Schedule', bio: 'Never published.', version: 0 });
    const dueMs = Date.now() + 60_000;
    expect((await leaving.call('PUT', `${BASE}/${id}/schedule`, { dueAt: new Date(dueMs).toISOString() })).status).toBe(200);
    await rolesService(server.database.db, server.database.engine).revoke(null, { id: leaving.uid }, 'staff');

    await checkSchedules(dueMs + 5000);
    const state = await staff.call<State>('GET', `${BASE}/${id}/draft`);
    expect(state.body.published).toMatchObject({ bio: MEMBER.bio });
    expect(state.body.schedule?.failure?.reason).toBe('The person who scheduled it no longer has a console role.');
    const [entry] = (await auditEntries(server, 'team_member.schedule_failed')).filter((row) => row.item_id === id);
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ scheduledBy: leaving.email });
    // Someone who left the console is not mailed about it.
    expect(mailsTo(leaving.email)).toEqual([]);
  });

  it('refuses to schedule a draft that could not be published, with the reason, and keeps no schedule', async () => {
    const id = `bad-author-${engine}-${Date.now()}`;
    expect((await staff.call('PUT', `/api/admin/news/${id}/draft`, { ...ARTICLE, authorId: 'nobody-here', version: 0 })).status).toBe(200);
    const refused = await staff.call<ErrorBody>('PUT', `/api/admin/news/${id}/schedule`, {
      dueAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ authorId: 'Choose the author among the team members.' });
    expect((await staff.call<State>('GET', `/api/admin/news/${id}/draft`)).body.schedule).toBeNull();
  });

  it.each([
    ['an icon the site cannot draw', 'services', { icon: 'rocket' }, 'icon'],
    ['a title past its limit', 'services', { title: 'x'.repeat(5000) }, 'title'],
  ] as const)('restores no revision with %s: 400 naming the field, nothing changed', async (_name, kind, bad, field) => {
    const valid = { title: `Restore Rules ${field} ${engine}`, summary: 'S.', description: 'D.', icon: 'headset' };
    const created = await staff.call<{ id: string }>('POST', `/api/admin/${kind}`, valid);
    expect(created.status).toBe(201);
    const id = created.body.id;
    // A revision kept under older rules (or written before a rule existed).
    const number = await publishingRepository(server.database.db, kind).addRevision(
      id,
      'publish',
      { ...valid, ...bad },
      null,
      new Date().toISOString(),
    );
    const audits = (await auditEntries(server, 'service.restore')).length;
    const refused = await admin.call<ErrorBody>('POST', `/api/admin/${kind}/${id}/history/${number}/restore`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('validation_failed');
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual([field]);
    const history = await staff.call<{ published: Record<string, unknown>; revisions: Revision[] }>(
      'GET',
      `/api/admin/${kind}/${id}/history`,
    );
    expect(history.body.published).toMatchObject(valid);
    expect(history.body.revisions[0]!.number).toBe(number);
    expect((await auditEntries(server, 'service.restore')).length).toBe(audits);
  });

  it('restores no article revision with a javascript: link: 400 naming the body, nothing changed', async () => {
    const authorId = (await new HttpClient(server.url).get<{ id: string }[]>('/api/team-members')).body[0]!.id;
    const id = `restore-link-${engine}-${Date.now()}`;
    const saved = await staff.call<{ draft: Draft }>('PUT', `/api/admin/news/${id}/draft`, {
      ...ARTICLE,
      title: 'Link rules',
      authorId,
      version: 0,
    });
    expect((await staff.call('POST', `/api/admin/news/${id}/publish`, { version: saved.body.draft.version })).status).toBe(200);
    const published = (await staff.call<State>('GET', `/api/admin/news/${id}/draft`)).body.published!;
    const hostile = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] },
      ],
    };
    const number = await publishingRepository(server.database.db, 'news').addRevision(
      id,
      'publish',
      { ...published, body: hostile },
      null,
      new Date().toISOString(),
    );
    const refused = await staff.call<ErrorBody>('POST', `/api/admin/news/${id}/history/${number}/restore`, {});
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields ?? {})[0]).toMatch(/^body/);
    expect((await staff.call<State>('GET', `/api/admin/news/${id}/draft`)).body.published).toEqual(published);
  });

  it('publishes a schedule that fell due while no instance ran, once, at the next start', async () => {
    const id = await newMember('Restart Person');
    await staff.call('PUT', `${BASE}/${id}/draft`, { ...MEMBER, name: 'Restart Person', bio: 'Published at start.', version: 0 });
    const due = Date.now() + 60_000;
    expect((await staff.call('PUT', `${BASE}/${id}/schedule`, { dueAt: new Date(due).toISOString() })).status).toBe(200);
    // The next instance starts after the due time: its clock is set past it rather than waited for.
    server = await server.restart({ clock: () => due + 1000 });
    expect(await server.app.scheduledPublishing.started).toBe(1);
    const visitor = new HttpClient(server.url);
    expect((await visitor.get<Record<string, unknown>>(`/api/team-members/${id}`)).body.bio).toBe('Published at start.');
    // Running the job again publishes nothing more.
    await server.app.scheduledPublishing.runDue(due + 120_000);
    const revisions = await server.database.db.selectFrom('content_revisions').select('action').where('item_id', '=', id).execute();
    expect(revisions.map((revision) => revision.action).filter((action) => action === 'schedule')).toHaveLength(1);
    expect(await server.database.db.selectFrom('content_schedules').selectAll().where('item_id', '=', id).execute()).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('scheduled publishing on two instances (PostgreSQL + Redis)', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers.reverse()) await server.destroy();
  });

  it('publishes a due schedule once, and both instances show it at the next request', async () => {
    const first = await startTestServer({ engine: 'postgres', redis: true, env: { INSTANCE_ID: 'publish-a' } });
    servers.push(first);
    const second = await startTestServer({
      engine: 'postgres',
      redis: true,
      seed: false,
      databaseUrl: first.config.DATABASE_URL,
      env: { INSTANCE_ID: 'publish-b' },
    });
    servers.push({ ...second, destroy: second.stop });
    const staff = await newPerson(first, ['staff'], 'staff');
    const created = await staff.call<{ id: string }>('POST', BASE, { ...MEMBER, name: 'Twin Person' });
    const id = created.body.id;
    // Both instances have read (and cached) the published member.
    for (const server of [first, second]) {
      expect((await new HttpClient(server.url).get<Record<string, unknown>>(`/api/team-members/${id}`)).body.bio).toBe(MEMBER.bio);
    }
    await staff.call('PUT', `${BASE}/${id}/draft`, { ...MEMBER, name: 'Twin Person', bio: 'Once only.', version: 0 });
    await staff.call('PUT', `${BASE}/${id}/schedule`, { dueAt: new Date(Date.now() - 1000).toISOString() });
    // The lease of the start-up checks is given up so both may try now, at the same moment.
    await first.database.db.deleteFrom('job_leases').where('name', '=', 'scheduled-publishing').execute();
    const runs = await Promise.all([first.app.scheduledPublishing.runDue(), second.app.scheduledPublishing.runDue()]);
    expect(runs.filter((published) => published === 1)).toHaveLength(1);
    const revisions = await first.database.db.selectFrom('content_revisions').select('action').where('item_id', '=', id).execute();
    expect(revisions.filter((revision) => revision.action === 'schedule')).toHaveLength(1);
    for (const server of [first, second]) {
      await expect
        .poll(async () => (await new HttpClient(server.url).get<Record<string, unknown>>(`/api/team-members/${id}`)).body.bio, {
          timeout: 3000,
        })
        .toBe('Once only.');
    }
  });
});
