import { describe, expect, it } from 'vitest';
import { buildRobots, buildSitemap } from './sitemap';

describe('buildSitemap', () => {
  it('lists each page under the public origin, escaped', () => {
    const xml = buildSitemap('https://nw.example', [{ path: '/', changefreq: 'weekly', priority: 1 }, { path: '/team/a&b' }]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://nw.example/</loc><changefreq>weekly</changefreq><priority>1.0</priority></url>');
    expect(xml).toContain('<url><loc>https://nw.example/team/a&amp;b</loc></url>');
  });
});

describe('buildRobots', () => {
  it('points at the sitemap and keeps crawlers out of the API', () => {
    const text = buildRobots('https://nw.example');
    expect(text).toContain('Sitemap: https://nw.example/sitemap.xml');
    expect(text).toContain('Disallow: /api/');
  });
});
