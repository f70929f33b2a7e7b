// News at size: the time to render /news with 1,000 published articles and an article of 5,000
// words, through the server's own code (the news repository and cache, the allow-listed body
// renderer, the built site renderer and the document head), on SQLite. "cold" is the first
// request after a change (the articles read from the database, the body turned into HTML),
// "warm" a later one (read from the content cache; /news is rendered per request, an article
// page is then served from memory and not rendered at all). Prints figures; asserts nothing.
//   npm run bench:news        (ARTICLES=1000 WORDS=5000 RUNS=21; BENCH_DIST_DIR=dist, built if missing)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { importSources } from './lib/import-sources.mjs';

const ARTICLES = Number(process.env.ARTICLES ?? 1000);
const WORDS = Number(process.env.WORDS ?? 5000);
const RUNS = Number(process.env.RUNS ?? 21);
const distDir = resolve(process.env.BENCH_DIST_DIR ?? 'dist');

if (!existsSync(join(distDir, 'ssr', 'entry-server.js'))) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', env: { ...process.env, DIST_DIR: distDir } });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const entry = `
export { openDatabase } from './src/server/platform/db/database';
export { migrateToLatest } from './src/server/platform/db/migrate';
export { seedDemo } from './src/server/platform/db/seed/index';
export { ContentVersions } from './src/server/platform/cache/content-version';
export { VersionedCache } from './src/server/platform/cache/versioned-cache';
export { newsRepository } from './src/server/news/repository';
export { resolveNewsPage } from './src/server/news/site-pages';
export { documentStart, documentEnd } from './src/server/platform/render/document';
`;
const lib = await importSources('news', entry);
const site = await import(pathToFileURL(join(distDir, 'ssr', 'entry-server.js')).href);

const dir = mkdtempSync(join(tmpdir(), 'nw-bench-news-'));
const handle = await lib.openDatabase(`sqlite://${join(dir, 'bench.db')}`, { timeoutMs: 60_000 });
const { db } = handle;
await lib.migrateToLatest(db);
await lib.seedDemo(db);
const authorId = (await db.selectFrom('team_members').select('id').executeTakeFirstOrThrow()).id;

const LOREM = 'our engineers repair laptops printers and networks for small businesses across the city every single day'.split(' ');
const words = (count, offset = 0) => Array.from({ length: count }, (_, index) => LOREM[(index + offset) % LOREM.length]).join(' ');
/** A long article as staff write one: headings, paragraphs of about 100 words with bold and links, lists, quotes. */
function longBody(total) {
  const content = [];
  let written = 0;
  for (let part = 0; written < total; part++) {
    if (part % 6 === 0) content.push({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: `Part ${part / 6 + 1}` }] });
    if (part % 9 === 4) {
      content.push({
        type: 'bulletList',
        content: [1, 2, 3].map((n) => ({
          type: 'listItem',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: words(8, n) }] }],
        })),
      });
      written += 24;
    }
    content.push({
      type: 'paragraph',
      content: [
        { type: 'text', text: `${words(40, part)} ` },
        { type: 'text', text: words(5, part), marks: [{ type: 'bold' }] },
        { type: 'text', text: ` ${words(45, part + 3)} ` },
        { type: 'text', text: 'our services', marks: [{ type: 'link', attrs: { href: 'https://example.com/services' } }] },
        { type: 'text', text: ` ${words(8, part)}.` },
      ],
    });
    written += 100;
  }
  return { type: 'doc', content };
}

const started = performance.now();
const repository = lib.newsRepository(db);
const shortBody = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words(120) }] }] };
for (let n = 0; n < ARTICLES; n++) {
  const fields = {
    title: `Article ${n}: ${words(6, n)}`,
    slug: `article-${n}`,
    summary: words(25, n),
    coverImageId: null,
    coverAlt: '',
    authorId,
    body: n === 0 ? longBody(WORDS) : shortBody,
    publishedAt: new Date(Date.UTC(2020, 0, 1) + n * 3_600_000).toISOString(),
  };
  await repository.writePublished(`bench-${n}`, fields, new Date().toISOString());
}
console.log(`${ARTICLES} articles written in ${((performance.now() - started) / 1000).toFixed(1)} s (one of ${WORDS} words)`);

const publicUrl = 'https://northwind.example';
const assets = { script: '/assets/site.js', styles: ['/assets/site.css'], preloads: [] };
// What the news pages use of the server: its content cache, its database and its public address.
const fakeApp = (cache) => ({ contentChanges: { cache }, database: { db }, config: { publicUrl } });
const newCache = () => new lib.VersionedCache(new lib.ContentVersions());

async function renderPage(app, path, query) {
  const resolved = await lib.resolveNewsPage(app, path, query, { organization: { '@type': 'Organization' }, name: 'Northwind' });
  const body = await site.renderSite(resolved.data);
  const chunks = [];
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  out.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolveDone) => out.on('end', resolveDone));
  body.pipe(out);
  await done;
  return (
    lib.documentStart(resolved.head, assets, publicUrl) + Buffer.concat(chunks).toString('utf8') + lib.documentEnd(resolved.data, assets)
  );
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms`;
}

async function measure(label, path, query, cold) {
  const samples = [];
  let bytes = 0;
  const warmApp = fakeApp(newCache());
  await renderPage(warmApp, path, query);
  for (let run = 0; run < RUNS; run++) {
    const app = cold ? fakeApp(newCache()) : warmApp;
    const start = performance.now();
    const html = await renderPage(app, path, query);
    samples.push(performance.now() - start);
    bytes = html.length;
  }
  console.log(`${label.padEnd(40)} ${stats(samples)}  (${(bytes / 1024).toFixed(0)} KB of HTML)`);
}

await measure('/news, cold', '/news', {}, true);
await measure('/news, warm', '/news', {}, false);
await measure('/news?page=100, warm', '/news', { page: '100' }, false);
await measure(`/news/article-0 (${WORDS} words), cold`, '/news/article-0', {}, true);
await handle.close();
rmSync(dir, { recursive: true, force: true });
