import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_TEXTS } from '../../src/common/site-texts';
import type { SiteRenderer } from '../../src/server/platform/render/site-renderer';
import { auditEntries, newPerson, type Person } from '../support/staff';
import { ENGINES, HttpClient, startTestServer, type TestServer } from '../support/test-server';

/** Renders the site from its source, so these tests need no build. */
const sourceRenderer: SiteRenderer = {
  assets: { script: '', styles: [], preloads: [] },
  module: () => import('../../src/site/entry-server'),
};

const BASE = '/api/admin/site-texts/site';

interface State {
  published: Record<string, unknown> | null;
  draft: { version: number; fields: Record<string, unknown> } | null;
}
interface ErrorBody {
  error: { code: string; fields?: Record<string, string> };
}

/** What a visitor gets: the landing and About Us pages (body, head, footer, JSON-LD). */
async function publicPages(server: TestServer) {
  const visitor = new HttpClient(server.url);
  const [landing, about] = await Promise.all(
    ['/', '/about'].map((path) => visitor.request('GET', path, { headers: { accept: 'text/html' } })),
  );
  return { landing: landing!.text, about: about!.text };
}

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

describe.each(ENGINES)('site texts (%s)', (engine) => {
  let server: TestServer;
  let staff: Person;
  let user: Person;

  beforeAll(async () => {
    server = await startTestServer({ engine, siteRenderer: sourceRenderer });
    staff = await newPerson(server, ['staff'], 'staff');
    user = await newPerson(server, [], 'user');
  });
  afterAll(async () => server?.destroy());

  it('start with the words the site had, and refuse anonymous 401 and plain users 403', async () => {
    const before = await publicPages(server);
    expect(before.landing).toContain(`<h1 id="hero-title">${DEFAULT_SITE_TEXTS.headline}</h1>`);
    expect(before.landing).toContain('42 Harbour Street, Portland, OR 97204');
    const anonymous = new HttpClient(server.url);
    const body = { ...DEFAULT_SITE_TEXTS, headline: 'Sneaky', version: 0 };
    for (const [method, path, sent] of [
      ['GET', `${BASE}/draft`, undefined],
      ['PUT', `${BASE}/draft`, body],
      ['POST', `${BASE}/publish`, { version: 1 }],
      ['GET', `${BASE}/history`, undefined],
      ['POST', `${BASE}/history/1/restore`, {}],
    ] as const) {
      expect((await anonymous.request(method, path, sent !== undefined ? { body: sent } : {})).status, `${method} ${path}`).toBe(401);
      expect((await user.call(method, path, sent)).status, `${method} ${path}`).toBe(403);
    }
    expect(await publicPages(server)).toEqual(before);
  });

  it('refuse bad input with the fields, and keep nothing', async () => {
    const refused = await staff.call<ErrorBody>('PUT', `${BASE}/draft`, {
      ...DEFAULT_SITE_TEXTS,
      headline: 'x'.repeat(500),
      email: 'not an address',
      landingImage: 'javascript:alert(1)',
      version: 0,
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual(expect.arrayContaining(['headline', 'email', 'landingImage']));
    expect((await staff.call<State>('GET', `${BASE}/draft`)).body.draft).toBeNull();
    expect((await staff.call('PUT', '/api/admin/site-texts/other/draft', { ...DEFAULT_SITE_TEXTS, version: 0 })).status).not.toBe(200);
  });

  it('show a draft to nobody; a publish shows at the next request; an older revision can be restored', async () => {
    const before = await publicPages(server);
    const edited = {
      ...DEFAULT_SITE_TEXTS,
      headline: 'Computers fixed before lunch',
      aboutStory: 'We started small.\n\nWe stayed kind.',
      companyName: 'Northwind IT',
      telephone: '+1 555 0199',
      openingHours: 'Mo-Sa 08:00-18:00',
      landingTitle: 'Northwind IT for small offices',
      landingDescription: 'IT help within the hour.',
      landingImage: '/icons/icon-512.png',
    };
    const saved = await staff.call<{ draft: { version: number } }>('PUT', `${BASE}/draft`, { ...edited, version: 0 });
    expect(saved.status).toBe(200);
    expect(await publicPages(server)).toEqual(before);

    const published = await staff.call<State>('POST', `${BASE}/publish`, { version: saved.body.draft.version });
    expect(published.status).toBe(200);
    const after = await publicPages(server);
    expect(after.landing).toContain('<h1 id="hero-title">Computers fixed before lunch</h1>');
    expect(after.landing).toContain('<title>Northwind IT for small offices</title>');
    expect(after.landing).toContain('<meta name="description" content="IT help within the hour.">');
    expect(after.landing).toMatch(/<meta property="og:image" content="http[^"]*\/icons\/icon-512\.png">/);
    expect(after.landing).toContain('+1 555 0199');
    expect(after.about).toContain('<p>We started small.</p><p>We stayed kind.</p>');
    // Left empty: the page's own title, with the new company name.
    expect(after.about).toContain('<title>About Us | Northwind IT</title>');
    const organization = jsonLdOf(after.about).find((item) => item['@id'] !== undefined)!;
    expect(organization).toMatchObject({
      name: 'Northwind IT',
      telephone: '+1 555 0199',
      '@type': 'LocalBusiness',
      // Hours that read as days and times are the business's opening hours, for search engines.
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
          opens: '08:00',
          closes: '18:00',
        },
      ],
      address: { '@type': 'PostalAddress', streetAddress: '42 Harbour Street', addressLocality: 'Portland', postalCode: '97204' },
    });
    expect(organization.contactPoint).not.toHaveProperty('hoursAvailable');
    expect((await auditEntries(server, 'site_texts.publish'))[0]).toMatchObject({ item_id: 'site', actor_email: staff.email });
    // The company's name everywhere the site names itself: link previews, the news pages, the feed.
    expect(after.landing).toContain('<meta property="og:site_name" content="Northwind IT">');
    const visitor = new HttpClient(server.url);
    const news = await visitor.request('GET', '/news', { headers: { accept: 'text/html' } });
    expect(news.text).toContain('<title>News | Northwind IT</title>');
    expect(news.text).toContain('<meta property="og:site_name" content="Northwind IT">');
    const feed = await visitor.request('GET', '/news/feed.xml');
    expect(feed.text).toContain('<title>Northwind IT news</title>');
    expect(feed.text).toContain('<author><name>Northwind IT</name></author>');

    // The first publish kept what was there as revision 1: restoring it brings the old words back.
    const history = await staff.call<{ revisions: { number: number; action: string }[] }>('GET', `${BASE}/history`);
    expect(history.body.revisions.map((revision) => revision.action)).toEqual(['publish', 'initial']);
    expect((await staff.call('POST', `${BASE}/history/1/restore`, {})).status).toBe(200);
    const restored = await publicPages(server);
    expect(restored.landing).toContain(`<h1 id="hero-title">${DEFAULT_SITE_TEXTS.headline}</h1>`);
    expect(restored.landing).not.toContain('Northwind IT for small offices');
  });

  it('keep the About Us milestones: the defaults, a draft seen by nobody, a publish shown at the next request, a bad line refused', async () => {
    const about = async () => (await publicPages(server)).about;
    const before = await about();
    expect(before).toContain(
      '<span class="timeline__year">2011</span><p>Maya Chen starts Northwind in her garage with three clients and a second-hand van.</p>',
    );

    const refused = await staff.call<ErrorBody>('PUT', `${BASE}/draft`, {
      ...DEFAULT_SITE_TEXTS,
      aboutMilestones: '2011: We start.\n2014 we grow',
      version: 0,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields?.aboutMilestones).toContain('Milestone 2 needs its year, a colon');
    expect((await staff.call<State>('GET', `${BASE}/draft`)).body.draft).toBeNull();

    const milestones = '2009: A van & a phone <b>number</b>.\n2024: Twenty engineers.';
    const saved = await staff.call<{ draft: { version: number } }>('PUT', `${BASE}/draft`, {
      ...DEFAULT_SITE_TEXTS,
      aboutMilestones: milestones,
      version: 0,
    });
    expect(saved.status).toBe(200);
    expect(await about()).toBe(before);

    expect((await staff.call('POST', `${BASE}/publish`, { version: saved.body.draft.version })).status).toBe(200);
    const after = await about();
    expect(after).toContain('<span class="timeline__year">2009</span><p>A van &amp; a phone &lt;b&gt;number&lt;/b&gt;.</p>');
    expect(after).toContain('<span class="timeline__year">2024</span><p>Twenty engineers.</p>');
    expect(after).not.toContain('second-hand van');
    const history = await staff.call<{ revisions: { number: number; fields: Record<string, unknown> }[] }>('GET', `${BASE}/history`);
    expect(history.body.revisions[0]!.fields.aboutMilestones).toBe(milestones);

    // Empty: no timeline at all. Then the words the site had, published back.
    const emptied = await staff.call<{ draft: { version: number } }>('PUT', `${BASE}/draft`, {
      ...DEFAULT_SITE_TEXTS,
      aboutMilestones: '',
      version: 0,
    });
    await staff.call('POST', `${BASE}/publish`, { version: emptied.body.draft.version });
    expect(await about()).not.toContain('aria-label="Milestones"');
    const back = await staff.call<{ draft: { version: number } }>('PUT', `${BASE}/draft`, { ...DEFAULT_SITE_TEXTS, version: 0 });
    await staff.call('POST', `${BASE}/publish`, { version: back.body.draft.version });
    expect(await about()).toBe(before);
  });

  it('restore a revision kept before a field existed, keeping that field as published', async () => {
    const { aboutMilestones: _missing, ...older } = { ...DEFAULT_SITE_TEXTS, headline: 'An older headline' };
    const revisionNumber = 900;
    await server.database.db
      .insertInto('content_revisions')
      .values({
        id: crypto.randomUUID(),
        collection: 'site-texts',
        item_id: 'site',
        number: revisionNumber,
        action: 'publish',
        at: new Date().toISOString(),
        actor_id: null,
        actor_email: null,
        content_json: JSON.stringify(older),
      })
      .execute();
    expect((await staff.call('POST', `${BASE}/history/${revisionNumber}/restore`, {})).status).toBe(200);
    const { landing, about } = await publicPages(server);
    expect(landing).toContain('<h1 id="hero-title">An older headline</h1>');
    expect(about).toContain('<span class="timeline__year">2011</span>');
    const back = await staff.call<{ draft: { version: number } }>('PUT', `${BASE}/draft`, { ...DEFAULT_SITE_TEXTS, version: 0 });
    await staff.call('POST', `${BASE}/publish`, { version: back.body.draft.version });
  });

  it('keep hours that do not read as days and times as the help desk’s hoursAvailable, as written', async () => {
    const saved = await staff.call<{ draft: { version: number } }>('PUT', `${BASE}/draft`, {
      ...DEFAULT_SITE_TEXTS,
      openingHours: 'By appointment',
      version: 0,
    });
    await staff.call('POST', `${BASE}/publish`, { version: saved.body.draft.version });
    const business = jsonLdOf((await publicPages(server)).landing).find((item) => item['@id'] !== undefined)!;
    expect(business).toMatchObject({ '@type': 'LocalBusiness', contactPoint: { hoursAvailable: 'By appointment' } });
    expect(business).not.toHaveProperty('openingHoursSpecification');
    const back = await staff.call<{ draft: { version: number } }>('PUT', `${BASE}/draft`, { ...DEFAULT_SITE_TEXTS, version: 0 });
    await staff.call('POST', `${BASE}/publish`, { version: back.body.draft.version });
  });
});
