import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentChanged } from '../../src/server/platform/cache/content-changes';
import type { SiteRenderer } from '../../src/server/platform/render/site-renderer';
import { ENGINES, startTestServer, type TestServer } from '../support/test-server';
import services from '../../src/server/platform/db/seed/data/services.json';
import coreValues from '../../src/server/platform/db/seed/data/core-values.json';
import clientReviews from '../../src/server/platform/db/seed/data/client-reviews.json';
import teamMembers from '../../src/server/platform/db/seed/data/team-members.json';

/** Renders the site from its source, so these tests need no build. */
const sourceRenderer: SiteRenderer = {
  assets: { script: '', styles: [], preloads: [] },
  module: () => import('../../src/site/entry-server'),
};

const LISTS = [
  { path: '/api/services', table: 'services', topic: 'services', seed: services },
  { path: '/api/core-values', table: 'core_values', topic: 'core-values', seed: coreValues },
  { path: '/api/client-reviews', table: 'client_reviews', topic: 'client-reviews', seed: clientReviews },
  { path: '/api/team-members', table: 'team_members', topic: 'team-members', seed: teamMembers },
] as const;

type ErrorBody = { error: { code: string; message: string } };

/** The JSON-LD objects of a page. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

describe.each(ENGINES)('company content on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine, siteRenderer: sourceRenderer });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe.each(LISTS)('GET $path', ({ path, table, topic, seed }) => {
    it('lists every row in position order', async () => {
      const response = await server.client.get<Array<{ id: string }>>(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.body.map((item) => item.id)).toEqual(seed.map((item) => item.id));
    });

    it('follows the position field, not the insertion order', async () => {
      const { db } = server.database;
      await server.client.get(path);
      // Reverse the order in the database (1000 - p never collides with the seeded 1..n), as
      // every writer of content does: write, then announce the change.
      await db
        .updateTable(table)
        .set({ position: sql<number>`1000 - position` })
        .execute();
      await contentChanged(server.app, topic);
      try {
        const response = await server.client.get<Array<{ id: string }>>(path);
        expect(response.body.map((item) => item.id)).toEqual(seed.map((item) => item.id).reverse());
      } finally {
        await db
          .updateTable(table)
          .set({ position: sql<number>`1000 - position` })
          .execute();
        await contentChanged(server.app, topic);
      }
    });

    it('sends an ETag and Cache-Control, and 304 for a copy the client already has', async () => {
      const first = await server.client.get(path);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
      const again = await server.client.get(path, { 'if-none-match': etag! });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const stale = await server.client.get(path, { 'if-none-match': '"not-the-tag"' });
      expect(stale.status).toBe(200);
    });
  });

  it('changes the ETag when the content changes', async () => {
    const before = (await server.client.get('/api/services')).headers.get('etag');
    await server.database.db.updateTable('services').set({ summary: 'Changed' }).where('id', '=', 'managed-it').execute();
    await contentChanged(server.app, 'services');
    const after = await server.client.get<Array<{ id: string; summary: string }>>('/api/services', { 'if-none-match': before! });
    expect(after.status).toBe(200);
    expect(after.body.find((item) => item.id === 'managed-it')?.summary).toBe('Changed');
    expect(after.headers.get('etag')).not.toBe(before);
    await server.database.db.updateTable('services').set({ summary: services[0]!.summary }).where('id', '=', 'managed-it').execute();
    await contentChanged(server.app, 'services');
  });

  it('returns the content fields the site shows', async () => {
    const reviews = await server.client.get<Array<Record<string, unknown>>>('/api/client-reviews');
    expect(reviews.body[0]).toEqual({ ...clientReviews[0] });
    const members = await server.client.get<Array<Record<string, unknown>>>('/api/team-members');
    const { joined_year, ...rest } = teamMembers[0]!;
    expect(members.body[0]).toEqual({ ...rest, joinedYear: joined_year });
  });

  it('returns one team member by id', async () => {
    const response = await server.client.get<{ id: string; name: string; skills: string[] }>('/api/team-members/grace-adeyemi');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: 'grace-adeyemi',
      name: 'Grace Adeyemi',
      skills: ['Incident response', 'Backups', 'Compliance'],
    });
    expect(response.headers.get('etag')).toBeTruthy();
  });

  it('answers an unknown member with a clear 404', async () => {
    const response = await server.client.get<ErrorBody>('/api/team-members/nobody-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'There is no team member with the id "nobody-here".' } });
  });

  it('answers an over-long member id with a 400', async () => {
    const response = await server.client.get<ErrorBody & { error: { fields: Record<string, string> } }>(
      `/api/team-members/${'x'.repeat(81)}`,
    );
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ id: 'must be at most 80 characters' });
  });

  describe('server-rendered pages', () => {
    it('the landing page holds services, values and reviews from the database, and LocalBusiness data', async () => {
      await server.database.db.updateTable('services').set({ title: 'Quantum Help Desk' }).where('id', '=', 'hardware').execute();
      try {
        const response = await server.client.get('/', { accept: 'text/html' });
        expect(response.status).toBe(200);
        for (const service of services.filter((item) => item.id !== 'hardware'))
          expect(response.text).toContain(service.title.replace('&', '&amp;'));
        expect(response.text).toContain('Quantum Help Desk');
        for (const value of coreValues) expect(response.text).toContain(value.title);
        for (const review of clientReviews) expect(response.text).toContain(review.author);
        expect(response.text).toContain('<link rel="canonical" href="' + server.config.publicUrl + '/">');
        const [business] = jsonLd(response.text);
        expect(jsonLd(response.text).map((item) => item['@type'])).toEqual(['LocalBusiness']);
        // The default hours, "Mon–Fri, 7am–7pm", read as days and times.
        expect(business).toMatchObject({
          openingHoursSpecification: [
            { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '19:00' },
          ],
        });
      } finally {
        await server.database.db.updateTable('services').set({ title: services[4]!.title }).where('id', '=', 'hardware').execute();
      }
    });

    it('every page of the site arrives rendered, with its heading and the full header', async () => {
      for (const path of ['/', '/landing', '/about', '/team', '/support']) {
        const response = await server.client.get(path, { accept: 'text/html' });
        expect(response.status, path).toBe(200);
        expect(response.text, path).toMatch(/<h1[^>]*>[^<]+/);
        expect(response.text, path).toContain('class="site-header"');
      }
    });

    it('the about and team pages hold their content', async () => {
      const about = await server.client.get('/about', { accept: 'text/html' });
      expect(about.text).toContain('<title>About Us | Northwind Computer Services</title>');
      expect(about.text).toContain(coreValues[0]!.title);
      const team = await server.client.get('/team', { accept: 'text/html' });
      for (const member of teamMembers) {
        expect(team.text).toContain(member.name);
        expect(team.text).toContain(`href="/team/${member.id}"`);
      }
    });

    it("a member's page has its title, description, canonical link, Open Graph profile and Person data", async () => {
      const response = await server.client.get('/team/aiko-tanaka', { accept: 'text/html' });
      expect(response.status).toBe(200);
      expect(response.text).toContain('<title>Aiko Tanaka, Lead Developer | Northwind Computer Services</title>');
      expect(response.text).toContain('<meta name="description" content="Aiko leads our web and app team.">');
      expect(response.text).toContain(`<link rel="canonical" href="${server.config.publicUrl}/team/aiko-tanaka">`);
      expect(response.text).toContain('<meta property="og:type" content="profile">');
      const [organization, person] = jsonLd(response.text);
      expect(organization?.['@type']).toBe('LocalBusiness');
      expect(person).toMatchObject({ '@type': 'Person', name: 'Aiko Tanaka', jobTitle: 'Lead Developer' });
    });

    it('an unknown member is a 404 page that says so and links back', async () => {
      const response = await server.client.get('/team/nobody-here', { accept: 'text/html' });
      expect(response.status).toBe(404);
      expect(response.text).toContain('not found');
      expect(response.text).toContain('href="/team"');
      expect(response.text).toContain('<meta name="robots" content="noindex">');
    });

    it('the contact page fills in the subject from the query', async () => {
      const response = await server.client.get('/support?subject=Movie%20edit%20suggestion%3A%20Alien', { accept: 'text/html' });
      expect(response.text).toMatch(/<input[^>]*name="subject"[^>]*value="Movie edit suggestion: Alien"/);
    });
  });

  describe('search engines', () => {
    it('sitemap.xml lists the site pages, News and every member page', async () => {
      const response = await server.client.get('/sitemap.xml');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/application\/xml/);
      const locs = [...response.text.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]!.replace(server.config.publicUrl, ''));
      expect(locs).toEqual(['/', '/about', '/team', '/support', '/news', ...teamMembers.map((member) => `/team/${member.id}`)]);
    });

    it('robots.txt points at the sitemap', async () => {
      const response = await server.client.get('/robots.txt');
      expect(response.status).toBe(200);
      expect(response.text).toContain(`Sitemap: ${server.config.publicUrl}/sitemap.xml`);
    });
  });
});
