import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceRenderer } from '../support/fake-dist';
import { newPerson, type Person, staleToken } from '../support/staff';
import { ENGINES, HttpClient, startTestServer, type TestServer } from '../support/test-server';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
interface Image {
  id: string;
  variants: { url: string; width: number }[];
}
interface ListItem {
  id: string;
  title: string;
  slug: string;
  published: boolean;
  hasDraft: boolean;
}

const BASE = '/api/admin/news';
const paragraph = (text: string, marks?: unknown[]) => ({
  type: 'paragraph',
  content: [{ type: 'text', text, ...(marks ? { marks } : {}) }],
});
const body = (...content: unknown[]) => ({ type: 'doc', content });

describe.each(ENGINES)('news articles (%s)', (engine) => {
  let server: TestServer;
  let staff: Person;
  let admin: Person;
  let user: Person;
  let authorId: string;
  let serial = 0;

  beforeAll(async () => {
    server = await startTestServer({ engine, siteRenderer: sourceRenderer });
    staff = await newPerson(server, ['staff'], 'staff');
    admin = await newPerson(server, ['admin'], 'admin');
    user = await newPerson(server, [], 'user');
    const team = await new HttpClient(server.url).get<{ id: string }[]>('/api/team-members');
    authorId = team.body[0]!.id;
  });
  afterAll(async () => server?.destroy());

  const article = (title: string, more: Record<string, unknown> = {}) => ({
    title,
    slug: '',
    summary: `${title}: the summary.`,
    coverImageId: null,
    coverAlt: '',
    authorId,
    body: body(paragraph(`${title} body text.`)),
    publishedAt: '',
    ...more,
  });
  const newId = () => `article-${engine}-${++serial}-${Date.now()}`;
  const saveDraft = (id: string, fields: Record<string, unknown>, version = 0, who: Person = staff) =>
    who.call<{ draft: { version: number; fields: Record<string, unknown> } } & ErrorBody>('PUT', `${BASE}/${id}/draft`, {
      ...fields,
      version,
    });
  const publish = (id: string, version: number) =>
    staff.call<ErrorBody & { published: Record<string, unknown> }>('POST', `${BASE}/${id}/publish`, { version });
  const visitor = () => new HttpClient(server.url);
  const page = async (path: string) => visitor().request('GET', path, { headers: { accept: 'text/html' } });
  const publicView = async (slug: string) => {
    const [list, item, feed, sitemap, landing] = await Promise.all([
      page('/news'),
      page(`/news/${slug}`),
      visitor().request('GET', '/news/feed.xml'),
      visitor().request('GET', '/sitemap.xml'),
      page('/'),
    ]);
    return { list: list.text, item, feed: feed.text, sitemap: sitemap.text, landing: landing.text };
  };
  const upload = async (who: Person | null) => {
    const bytes = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#2a6df4' } })
      .jpeg()
      .toBuffer();
    const client = who?.client ?? visitor();
    return client.request<Image & ErrorBody>('POST', `${BASE}/images`, {
      rawBody: new Blob([new Uint8Array(bytes)]),
      headers: { 'content-type': 'image/jpeg', ...(who ? { authorization: `Bearer ${who.idToken}` } : {}) },
    });
  };

  it('keeps a draft off every public page, then publishes it everywhere at the next request', async () => {
    const id = newId();
    const saved = await saveDraft(id, article('Saturday repairs'));
    expect(saved.status).toBe(200);
    const before = await publicView('saturday-repairs');
    expect(before.list).not.toContain('Saturday repairs');
    expect(before.item.status).toBe(404);
    expect(before.feed).not.toContain('Saturday repairs');
    expect(before.sitemap).not.toContain('/news/saturday-repairs');
    expect(before.landing).not.toContain('Saturday repairs');
    const list = await staff.call<{ items: ListItem[] }>('GET', BASE);
    expect(list.body.items.find((item) => item.id === id)).toMatchObject({ published: false, hasDraft: true, title: 'Saturday repairs' });

    expect((await publish(id, saved.body.draft.version)).status).toBe(200);
    const after = await publicView('saturday-repairs');
    expect(after.list).toContain('Saturday repairs');
    expect(after.item.status).toBe(200);
    expect(after.item.text).toContain('<p>Saturday repairs body text.</p>');
    expect(after.item.text).toContain('"@type":"NewsArticle"');
    expect(after.item.text).toContain('<meta property="og:type" content="article">');
    expect(after.item.text).toContain('<meta name="twitter:title" content="Saturday repairs | ');
    expect(after.item.text).toContain(`href="/team/${authorId}"`);
    expect(after.feed).toContain('<title>Saturday repairs</title>');
    expect(after.sitemap).toContain('/news/saturday-repairs</loc>');
    expect(after.landing).toContain('Saturday repairs');

    // A later draft of a published article changes nothing public until it is published.
    const second = await saveDraft(id, article('Saturday repairs', { summary: 'A secret new summary.' }));
    expect(second.status).toBe(200);
    expect((await page('/news/saturday-repairs')).text).not.toContain('A secret new summary.');
    expect((await visitor().request('GET', '/news/feed.xml')).text).not.toContain('A secret new summary.');
  });

  it('keeps in each revision the article as published, so a restore brings back its address and date', async () => {
    const id = newId();
    const first = await saveDraft(id, article('Winter hours'));
    expect((await publish(id, first.body.draft.version)).status).toBe(200);
    const later = await saveDraft(id, article('Winter hours', { summary: 'Open until 6pm.', slug: 'winter-hours' }));
    expect((await publish(id, later.body.draft.version)).status).toBe(200);
    type Revision = { number: number; fields: Record<string, unknown> };
    const history = await staff.call<{ revisions: Revision[] }>('GET', `${BASE}/${id}/history`);
    const oldest = history.body.revisions.at(-1)!;
    // Made by publishing, not left as the draft's blanks.
    expect(oldest.fields.slug).toBe('winter-hours');
    expect(Date.parse(String(oldest.fields.publishedAt))).not.toBeNaN();
    const restored = await staff.call<{ revision: number }>('POST', `${BASE}/${id}/history/${oldest.number}/restore`, {});
    expect(restored.status).toBe(200);
    const again = await staff.call<{ revisions: Revision[] }>('GET', `${BASE}/${id}/history`);
    expect(again.body.revisions[0]!.fields.publishedAt).toBe(oldest.fields.publishedAt);
    expect((await page('/news/winter-hours')).text).toContain('Winter hours: the summary.');
  });

  it('answers the old address of a published article with 301 after its address changes', async () => {
    const id = newId();
    const first = await saveDraft(id, article('Old name'));
    expect((await publish(id, first.body.draft.version)).status).toBe(200);
    expect((await page('/news/old-name')).status).toBe(200);
    const moved = await saveDraft(id, article('New name', { slug: 'new-name' }));
    expect((await publish(id, moved.body.draft.version)).status).toBe(200);
    const old = await page('/news/old-name');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/news/new-name');
    expect((await page('/news/new-name')).status).toBe(200);
  });

  it('refuses an address another article has, and makes a fresh one from a taken title', async () => {
    const one = newId();
    const draft = await saveDraft(one, article('Taken title'));
    await publish(one, draft.body.draft.version);
    const two = newId();
    const typed = await saveDraft(two, article('Another', { slug: 'taken-title' }));
    const refused = await publish(two, typed.body.draft.version);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields?.slug).toMatch(/Another article has this address/);
    const made = await saveDraft(two, article('Taken title'), typed.body.draft.version);
    expect((await publish(two, made.body.draft.version)).status).toBe(200);
    const list = await staff.call<{ items: ListItem[] }>('GET', BASE);
    expect(list.body.items.find((item) => item.id === two)!.slug).toMatch(/^taken-title-[0-9a-f]{6}$/);
    expect(await saveDraft(newId(), article('Bad', { slug: 'Not A Slug' })).then((answer) => answer.status)).toBe(400);
  });

  it.each([
    ['a javascript link', body(paragraph('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))],
    ['an entity-hidden javascript link', body(paragraph('x', [{ type: 'link', attrs: { href: 'jav&#x09;ascript:alert(1)' } }]))],
    ['a data link', body(paragraph('x', [{ type: 'link', attrs: { href: 'data:text/html,<script>alert(1)</script>' } }]))],
    ['a script node', body({ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] })],
    ['an svg picture', body({ type: 'image', attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>', alt: 'x' } })],
    ['a picture from another site', body({ type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'x' } })],
    ['a picture without alternative text', body({ type: 'image', attrs: { src: `/images/${'a'.repeat(64)}.webp`, alt: '' } })],
    ['raw html', '<p onclick="alert(1)">hi</p>'],
  ])('refuses a body with %s and stores nothing', async (_name, hostile) => {
    const id = newId();
    const answer = await saveDraft(id, article('Hostile', { body: hostile }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect((await staff.call<{ draft: unknown }>('GET', `${BASE}/${id}/draft`)).body.draft).toBeNull();
  });

  it('neutralises pasted markup and foreign attributes in what it publishes', async () => {
    const id = newId();
    const hostile = body(
      {
        type: 'paragraph',
        attrs: { onclick: 'alert(1)' },
        content: [{ type: 'text', text: '<script>alert(1)</script><img src=x onerror=alert(1)>' }],
      },
      paragraph('link', [{ type: 'link', attrs: { href: 'https://example.com', onmouseover: 'alert(1)', target: '_blank' } }]),
    );
    const saved = await saveDraft(id, article('Pasted', { body: hostile }));
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body.draft.fields)).not.toMatch(/onclick|onmouseover/);
    await publish(id, saved.body.draft.version);
    const html = (await page('/news/pasted')).text;
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).not.toMatch(/<script|<img src=x|<[^>]*\son(error|click|mouseover)=/);
    expect(main).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(main).toContain('<a href="https://example.com" rel="noopener noreferrer">link</a>');
  });

  it('publishes a cover with srcset and a body picture that were uploaded here, and asks for the cover description', async () => {
    const cover = await upload(staff);
    expect(cover.status).toBe(201);
    const id = newId();
    const src = cover.body.variants.at(-1)!.url;
    const fields = article('With pictures', {
      coverImageId: cover.body.id,
      coverAlt: '',
      body: body(paragraph('Look:'), { type: 'image', attrs: { src, alt: 'The new workshop' } }),
    });
    const noAlt = await saveDraft(id, fields);
    const refused = await publish(id, noAlt.body.draft.version);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields?.coverAlt).toBeDefined();
    const withAlt = await saveDraft(id, { ...fields, coverAlt: 'A workbench with laptops' }, noAlt.body.draft.version);
    expect((await publish(id, withAlt.body.draft.version)).status).toBe(200);
    const html = (await page('/news/with-pictures')).text;
    expect(html).toMatch(/<img class="article__cover"[^>]*srcset="[^"]+ 160w/i);
    expect(html).toContain('alt="A workbench with laptops"');
    expect(html).toContain(`<img src="${src}" alt="The new workshop"`);
    expect(html).toContain('<meta property="og:image" content="http');
  });

  it('refuses uploads and every write from anonymous callers and plain users', async () => {
    expect((await upload(null)).status).toBe(401);
    expect((await upload(user)).status).toBe(403);
    const id = newId();
    expect((await saveDraft(id, article('Not yours'), 0, user)).status).toBe(403);
    expect((await user.call('GET', BASE)).status).toBe(403);
    expect((await visitor().request('GET', BASE)).status).toBe(401);
    expect((await user.call('DELETE', `${BASE}/${id}`)).status).toBe(403);
  });

  it('takes an article off the site and keeps its history', async () => {
    const id = newId();
    const saved = await saveDraft(id, article('Short lived'));
    await publish(id, saved.body.draft.version);
    expect((await page('/news/short-lived')).status).toBe(200);
    expect((await staff.call('DELETE', `${BASE}/${id}`)).status).toBe(204);
    expect((await page('/news/short-lived')).status).toBe(404);
    expect((await visitor().request('GET', '/news/feed.xml')).text).not.toContain('Short lived');
    const history = await staff.call<{ revisions: { action: string }[] }>('GET', `${BASE}/${id}/history`);
    expect(history.body.revisions.map((revision) => revision.action)).toContain('delete');
  });

  it('needs a recent sign-in to take an article off the site, as every content deletion does', async () => {
    const id = newId();
    const saved = await saveDraft(id, article('Kept up'));
    expect((await publish(id, saved.body.draft.version)).status).toBe(200);
    const token = await staleToken(server, staff, 10);
    const refused = await staff.client.request<ErrorBody>('DELETE', `${BASE}/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('recent_login_required');
    expect((await page('/news/kept-up')).status).toBe(200);
  });

  it('lets only an administrator bring back a deleted article: no draft, publish, schedule or restore by staff', async () => {
    const id = newId();
    const saved = await saveDraft(id, article('Gone for good'));
    expect((await publish(id, saved.body.draft.version)).status).toBe(200);
    expect((await staff.call('DELETE', `${BASE}/${id}`)).status).toBe(204);

    const draft = await saveDraft(id, article('Gone for good', { summary: 'Back again?' }));
    expect(draft.status).toBe(403);
    expect(draft.body.error.code).toBe('forbidden');
    expect((await staff.call('POST', `${BASE}/${id}/history/1/restore`, {})).status).toBe(403);
    // A draft an administrator saved is not staff's to publish or schedule either.
    const adminDraft = await saveDraft(id, article('Gone for good', { summary: 'Back again.' }), 0, admin);
    expect(adminDraft.status).toBe(200);
    expect((await publish(id, adminDraft.body.draft.version)).status).toBe(403);
    const dueAt = new Date(Date.now() + 60_000).toISOString();
    expect((await staff.call('PUT', `${BASE}/${id}/schedule`, { dueAt })).status).toBe(403);
    expect((await page('/news/gone-for-good')).status).toBe(404);
    expect((await admin.call('POST', `${BASE}/${id}/publish`, { version: adminDraft.body.draft.version })).status).toBe(200);
    expect((await page('/news/gone-for-good')).text).toContain('Back again.');
  });

  it('takes only an ISO 8601 date and time as the publish date', async () => {
    const id = newId();
    for (const publishedAt of [
      '2026-01-01 (<svg onload=alert(1)>)',
      '2026-01-01',
      'Jan 1 2026 10:00',
      `2026-01-01T10:00:00${' '.repeat(60)}Z`,
    ]) {
      const refused = await saveDraft(id, article('Dated', { publishedAt }));
      expect(refused.status, publishedAt).toBe(400);
      expect(Object.keys(refused.body.error.fields ?? {})).toEqual(['publishedAt']);
    }
    expect((await staff.call<{ draft: unknown }>('GET', `${BASE}/${id}/draft`)).body.draft).toBeNull();
    expect((await saveDraft(id, article('Dated', { publishedAt: '2026-01-01T10:00:00+02:00' }))).status).toBe(200);
  });

  it('publishes a scheduled article when it is due, once', async () => {
    const id = newId();
    const saved = await saveDraft(id, article('Scheduled news'));
    const dueAt = new Date(Date.now() + 60_000).toISOString();
    expect((await staff.call('PUT', `${BASE}/${id}/schedule`, { dueAt })).status).toBe(200);
    expect((await page('/news/scheduled-news')).status).toBe(404);
    expect((await page('/news')).text).not.toContain('Scheduled news');
    expect((await visitor().request('GET', '/news/feed.xml')).text).not.toContain('<title>Scheduled news</title>');
    expect(await server.app.scheduledPublishing.runDue(Date.now() + 120_000)).toBe(1);
    expect((await page('/news/scheduled-news')).status).toBe(200);
    expect((await page('/news')).text).toContain('Scheduled news');
    expect((await visitor().request('GET', '/news/feed.xml')).text).toContain('<title>Scheduled news</title>');
    await server.app.scheduledPublishing.runDue(Date.now() + 120_000);
    const revisions = await server.database.db.selectFrom('content_revisions').select('action').where('item_id', '=', id).execute();
    expect(revisions.filter((revision) => revision.action === 'schedule')).toHaveLength(1);
    expect(saved.status).toBe(200);
  });

  it('previews a draft as its page to whoever holds the link, and to nobody else', async () => {
    const id = newId();
    await saveDraft(id, article('Preview only', { body: body(paragraph('Draft words.')) }));
    expect((await user.call('POST', `${BASE}/${id}/preview-link`, {})).status).toBe(403);
    const link = await staff.call<{ url: string }>('POST', `${BASE}/${id}/preview-link`, {});
    expect(link.status).toBe(200);
    const preview = await page(link.body.url);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('<p>Draft words.</p>');
    expect(preview.headers.get('cache-control')).toContain('no-store');
    expect((await page(link.body.url.replace(/token=[^&]+/, 'token=forged'))).status).toBe(403);
    expect((await page('/news/preview-only')).status).toBe(404);
  });

  it('pages the list newest first', async () => {
    for (let index = 0; index < 11; index++) {
      const id = newId();
      const day = String(index + 1).padStart(2, '0');
      const saved = await saveDraft(id, article(`Paged ${day}`, { publishedAt: `2020-01-${day}T09:00:00.000Z` }));
      await publish(id, saved.body.draft.version);
    }
    const last = await page('/news?page=99');
    expect(last.status).toBe(200);
    expect(last.text).toContain('Paged 01');
    expect((await page('/news')).text).not.toContain('Paged 01');
  });
});
