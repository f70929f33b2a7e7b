// Contact Us inbox at 100,000 messages: list-page and search times (median, p95) on SQLite and,
// when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on PostgreSQL too.
// Aims: a page under 50 ms, a search under 200 ms. Prints figures; asserts nothing.
//   npm run bench:inbox            (MESSAGES=100000 RUNS=21 by default)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { importSources } from './lib/import-sources.mjs';

const MESSAGES = Number(process.env.MESSAGES ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 21);
const PAGE = 25;

const entry = `
export { openDatabase } from './src/server/platform/db/database';
export { migrateToLatest } from './src/server/platform/db/migrate';
export { inboxRepository } from './src/server/inbox/messages-repository';
`;
const lib = await importSources('inbox', entry);
const dir = mkdtempSync(join(tmpdir(), 'nw-bench-inbox-'));

const WORDS = ['printer', 'laptop', 'backup', 'network', 'invoice', 'password', 'email', 'server', 'monitor', 'router', 'virus', 'quote'];
const STATUSES = ['new', 'open', 'answered', 'closed', 'closed', 'answered', 'spam'];
function row(n, start) {
  const word = WORDS[n % WORDS.length];
  const name = `Customer ${n}`;
  const email = `customer${n}@example${n % 97}.com`;
  const subject = `Help with the ${word} (${n})`;
  const message = `Hello, our ${word} and ${WORDS[(n * 7) % WORDS.length]} stopped working on day ${n % 365}. Ticket ref ${n.toString(36)}. Please call us back.`;
  return {
    id: randomUUID(),
    name,
    email,
    subject,
    message,
    date: new Date(start + n * 60_000).toISOString(),
    idempotency_key: null,
    status: STATUSES[n % STATUSES.length],
    spam_reason: null,
    email_lower: email.toLowerCase(),
    search_text: [name, email, subject, message].join(' ').toLowerCase(),
  };
}

async function seed(db) {
  const start = Date.parse('2020-01-01T00:00:00.000Z');
  const batch = 500;
  for (let n = 0; n < MESSAGES; n += batch) {
    const rows = [];
    for (let i = n; i < Math.min(MESSAGES, n + batch); i++) rows.push(row(i, start));
    await db.insertInto('support_messages').values(rows).execute();
  }
}

async function time(run) {
  const samples = [];
  await run(); // warm the cache and the plan
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)];
  return { median: at(0.5), p95: at(0.95) };
}

async function measure(engine, url) {
  const handle = await lib.openDatabase(url, { timeoutMs: 60_000 });
  try {
    await lib.migrateToLatest(handle.db);
    const seeded = performance.now();
    await seed(handle.db);
    await sql`analyze support_messages`.execute(handle.db);
    console.log(`${engine}: seeded ${MESSAGES.toLocaleString('en-US')} messages in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const repository = lib.inboxRepository(handle.db);
    const deep = (await repository.list({ limit: 5000 })).at(-1);
    const cases = [
      ['first page, all but spam', () => repository.list({ limit: PAGE + 1 })],
      ['first page, status=new', () => repository.list({ status: 'new', limit: PAGE + 1 })],
      ['page 200 (keyset cursor)', () => repository.list({ before: { at: deep.date, id: deep.id }, limit: PAGE + 1 })],
      ['search email prefix "customer4242@"', () => repository.list({ q: 'customer4242@', limit: PAGE + 1 })],
      ['search common word "printer"', () => repository.list({ q: 'printer', limit: PAGE + 1 })],
      ['search rare text "ref 2n9c"', () => repository.list({ q: 'ref 2n9c', limit: PAGE + 1 })],
      ['search no match "zzzz"', () => repository.list({ q: 'zzzz', limit: PAGE + 1 })],
      ['search no match, status=closed', () => repository.list({ q: 'zzzz', status: 'closed', limit: PAGE + 1 })],
    ];
    const results = [];
    for (const [name, run] of cases) results.push({ engine, case: name, ...(await time(run)) });
    return results;
  } finally {
    await handle.close();
  }
}

const results = [];
try {
  results.push(...(await measure('sqlite', `sqlite:${join(dir, 'bench.db')}`)));
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `bench_inbox_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    try {
      results.push(...(await measure('postgres', url.toString())));
    } finally {
      const cleanup = new pg.Client({ connectionString: pgUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    }
  } else console.log('postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\n${MESSAGES.toLocaleString('en-US')} messages, ${RUNS} runs each, page size ${PAGE}; aims: page < 50 ms, search < 200 ms\n`);
console.log('| engine | query | median | p95 |');
console.log('| --- | --- | ---: | ---: |');
for (const r of results) console.log(`| ${r.engine} | ${r.case} | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms |`);
