import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { InsightsReport } from '../../src/common/insights-schemas';
import { figureTables, seriesTable, toCsv } from '../../src/app/features/admin/state/insights-rules';
import { visitorHash } from '../../src/server/insights/rules';
import { derivedSalt } from '../../src/server/insights/salts';
import { newPerson } from '../support/staff';
import { startRedis } from '../support/throwaway-services';
import { ENGINES, HttpClient, startTestServer, type TestServer } from '../support/test-server';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DAY_MS = 86_400_000;
const METRICS_TOKEN = 'insights-metrics-token-0123456789';
const SECRET = 'insights-test-server-secret-0123456789abcdef';

/** Every text value of every table of a server's database: what a backup of it would hold. */
async function everyStoredText(server: TestServer, engine: string): Promise<Set<string>> {
  const db = server.database.db;
  const tables =
    engine === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`.execute(db)
        ).rows
      : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db)).rows;
  const values = new Set<string>();
  for (const { name } of tables) {
    const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(db)).rows;
    for (const row of rows)
      for (const value of Object.values(row)) if (typeof value === 'string' && value.length <= 4096) values.add(value);
  }
  return values;
}

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * Makes Insights' writes impossible in the server's own database (never a shared one), until the
 * returned function undoes it. PostgreSQL: another connection holds a lock on the raw events table
 * in an open transaction (a write waits for it, as behind a long migration or a stuck vacuum).
 * SQLite: the table is renamed away (a write fails): a lock held in this process would stall
 * the server's connection, which waits in the same thread.
 */
async function blockInsightsWrites(server: TestServer, engine: string): Promise<() => Promise<void>> {
  if (engine === 'postgres') {
    const holder = new pg.Client({ connectionString: server.config.DATABASE_URL });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE insights_events IN ACCESS EXCLUSIVE MODE');
    return async () => {
      await holder.query('ROLLBACK');
      await holder.end();
    };
  }
  await sql`ALTER TABLE insights_events RENAME TO insights_events_away`.execute(server.database.db);
  return async () => void (await sql`ALTER TABLE insights_events_away RENAME TO insights_events`.execute(server.database.db));
}

/**
 * Every cell a spreadsheet may make of a CSV document: read with `,` or `;` as the list separator
 * (a semicolon locale reads a comma file so), honouring quotes or not, and each cell split again
 * on any separator ("text to columns"); each trimmed and without leading quote marks, as a
 * spreadsheet would look at it for a formula.
 */
function spreadsheetCells(csv: string): string[] {
  const cells: string[] = [];
  const split = (text: string) => text.split(/[,;\t\r\n]/).map((part) => part.trim().replace(/^("\s*)+/, ''));
  for (const separator of [',', ';']) {
    cells.push(...csv.split(/\r\n/).flatMap((line) => line.split(separator).flatMap(split)));
    // Quote-honouring: a field is quoted text (doubled quotes unescaped) or what stands between separators.
    const field = new RegExp(`"((?:[^"]|"")*)"|([^${separator}\\r\\n]*)`, 'g');
    for (const line of csv.split(/\r\n/))
      for (const match of line.matchAll(field)) cells.push(...split(match[1] !== undefined ? match[1].replaceAll('""', '"') : match[2]!));
  }
  return cells;
}

describe.each(ENGINES)('Insights (%s)', (engine) => {
  const servers: TestServer[] = [];
  let nowMs = Date.parse('2026-03-10T10:00:00Z');
  const clock = () => nowMs;
  afterEach(async () => {
    while (servers.length) await servers.pop()!.destroy();
    nowMs = Date.parse('2026-03-10T10:00:00Z');
  });

  async function start(env: Record<string, string> = {}) {
    const server = await startTestServer({ engine, clock, env });
    servers.push(server);
    return server;
  }

  function beacon(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
    return new HttpClient(server.url).request('POST', '/api/insights/collect', {
      rawBody: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, ...headers },
      csrf: false,
    });
  }

  async function report(server: TestServer, from: string, to = from): Promise<InsightsReport> {
    await server.app.insights.flush();
    const staff = await newPerson(server, ['staff'], 'insights');
    const response = await staff.call<InsightsReport>('GET', `/api/admin/insights?from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    return response.body;
  }

  it('counts a view once, with its page, referrer site, campaign and device, and refuses what it does not know', async () => {
    const server = await start();
    const sent = await beacon(
      server,
      {
        t: 'pageview',
        p: '/about?utm_source=News&utm_medium=mail&utm_campaign=spring&secret=1',
        r: 'https://www.example.org/some/path?q=x',
        w: 390,
      },
      { 'user-agent': PHONE },
    );
    expect(sent.status).toBe(204);
    expect((await beacon(server, { t: 'click', p: '/about' })).status).toBe(400);
    expect((await beacon(server, { t: 'pageview', p: '/about', extra: 1 })).status).toBe(400);
    expect((await beacon(server, 'not json')).status).toBe(400);
    expect((await beacon(server, { t: 'pageview', p: 'https://evil.example/x' })).status).toBe(400);
    expect((await beacon(server, { t: 'pageview', p: `/${'x'.repeat(5000)}` })).status).toBe(413);

    const figures = await report(server, '2026-03-10');
    expect(figures).toMatchObject({ pageviews: 1, visitors: 1, pages: [{ path: '/about', pageviews: 1, visitors: 1 }] });
    expect(figures.referrers).toEqual([{ source: 'example.org', visitors: 1, pageviews: 1 }]);
    expect(figures.campaigns).toEqual([{ key: 'news / mail / spring', pageviews: 1, visitors: 1 }]);
    expect(figures.devices).toEqual([{ key: 'phone', pageviews: 1, visitors: 1 }]);
    expect(figures.browsers[0]!.key).toBe('Safari');
    expect(figures.os[0]!.key).toBe('iOS');
    expect(figures.screens).toEqual([{ key: 'small', pageviews: 1, visitors: 1 }]);
    // Nothing of the address, the full user agent or the query is stored.
    const rows = await server.database.db.selectFrom('insights_events').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1|iPhone OS|secret|some\/path/);
  });

  it('counts the same visitor once per day, and again the next day, with nothing linking the two days', async () => {
    const server = await start({ KEY_ENCRYPTION_SECRET: SECRET });
    await beacon(server, { t: 'pageview', p: '/' });
    await beacon(server, { t: 'pageview', p: '/about' });
    await server.app.insights.flush();
    const db = server.database.db;
    const firstNonce = await db.selectFrom('insights_day_nonces').selectAll().execute();
    expect(firstNonce).toHaveLength(1);
    const firstHash = (await db.selectFrom('insights_events').select('visitor').executeTakeFirstOrThrow()).visitor;

    nowMs += DAY_MS;
    await beacon(server, { t: 'pageview', p: '/' });
    const figures = await report(server, '2026-03-10', '2026-03-11');
    expect(figures).toMatchObject({ pageviews: 3, visitors: 2 });
    expect(figures.series).toEqual([
      { period: '2026-03-10', pageviews: 2, visitors: 1 },
      { period: '2026-03-11', pageviews: 1, visitors: 1 },
    ]);
    expect((await report(server, '2026-03-11')).previous).toMatchObject({ from: '2026-03-10', pageviews: 2, visitors: 1 });

    // The salt was replaced: the old nonce (its half in the database) and the old day's visitor sets are gone, the hashes differ.
    const nonces = await db.selectFrom('insights_day_nonces').selectAll().execute();
    expect(nonces).toEqual([{ day: '2026-03-11', nonce: expect.any(String) }]);
    expect(nonces[0]!.nonce).not.toBe(firstNonce[0]!.nonce);
    const hashes = await db.selectFrom('insights_events').select(['visitor', 'at']).where('kind', '=', 'pageview').execute();
    const secondHash = hashes.find((row) => row.at.startsWith('2026-03-11'))!.visitor;
    expect(secondHash).not.toBe(firstHash);
    const seen = await db.selectFrom('insights_day_seen').select('day').distinct().execute();
    expect(seen).toEqual([{ day: '2026-03-11' }]);
  });

  it('writes Insights downloads in which no cell is a formula, in comma and semicolon spreadsheets alike', async () => {
    const server = await start();
    const hostile = '/x;=1+1';
    expect(
      (await beacon(server, { t: 'pageview', p: `${hostile}?utm_source=%3D2%2B2&utm_campaign=a%3B%2B3`, r: 'https://a;=4+4.example/' }))
        .status,
    ).toBe(204);
    expect((await beacon(server, { t: 'vitals', p: hostile, lcp: 1200 })).status).toBe(204);
    const figures = await report(server, '2026-03-10');
    expect(figures.pages.map((page) => page.path)).toContain(hostile);
    expect(figures.referrers.map((row) => row.source)).toContain('a;=4+4.example');
    const downloads = [...figureTables(figures), seriesTable(figures)].map((table) => toCsv(table.header, table.rows));
    const all = downloads.join('');
    for (const csv of downloads) for (const cell of spreadsheetCells(csv)) expect(cell, csv).not.toMatch(/^[=+\-@]/);
    // The hostile values are there, each only defused (quoted, an apostrophe before the formula).
    expect(all).toContain(`"/x;'=1+1"`);
    expect(all).toContain(`"a;'=4+4.example"`);
  });

  it("keeps the day's salt out of the database: nothing a same-day backup holds maps a visitor hash back to an address", async () => {
    for (const env of [{}, { KEY_ENCRYPTION_SECRET: SECRET }] as Record<string, string>[]) {
      const server = await start(env);
      await beacon(server, { t: 'pageview', p: '/' });
      await server.app.insights.flush();
      const db = server.database.db;
      const { visitor } = await db.selectFrom('insights_events').select('visitor').where('kind', '=', 'pageview').executeTakeFirstOrThrow();
      expect(visitor).toEqual(expect.any(String));
      // What someone holding the backup would try: every value stored, as the salt of the known address and browser.
      const hashOf = (salt: string) => visitorHash(salt, '127.0.0.1', CHROME, '127.0.0.1');
      for (const value of await everyStoredText(server, engine)) expect(hashOf(value), `a stored value made the hash`).not.toBe(visitor);
      if ('KEY_ENCRYPTION_SECRET' in env) {
        // The nonce is only half: with the server's secret (never in the database) it makes the hash.
        const { nonce } = await db
          .selectFrom('insights_day_nonces')
          .select('nonce')
          .where('day', '=', '2026-03-10')
          .executeTakeFirstOrThrow();
        expect(hashOf(derivedSalt(SECRET, '2026-03-10', nonce))).toBe(visitor);
      } else expect(await db.selectFrom('insights_day_nonces').selectAll().execute()).toEqual([]);
    }
  });

  it('counts a visitor once across the instances of a cluster and their restarts on the same day, the salt from the secret or Redis', async () => {
    // With the server's secret: instances on one database, one restarted, agree on the salt.
    const first = await start({ KEY_ENCRYPTION_SECRET: SECRET });
    const second = await startTestServer({
      engine,
      clock,
      seed: false,
      databaseUrl: first.config.DATABASE_URL,
      env: { KEY_ENCRYPTION_SECRET: SECRET },
    });
    await beacon(first, { t: 'pageview', p: '/' });
    await beacon(second, { t: 'pageview', p: '/about' });
    for (const server of [first, second]) await server.app.insights.flush();
    await second.stop();
    const restarted = await startTestServer({
      engine,
      clock,
      seed: false,
      databaseUrl: first.config.DATABASE_URL,
      env: { KEY_ENCRYPTION_SECRET: SECRET },
    });
    try {
      await beacon(restarted, { t: 'pageview', p: '/team' });
      await restarted.app.insights.flush();
    } finally {
      await restarted.stop();
    }
    expect(await report(first, '2026-03-10')).toMatchObject({ pageviews: 3, visitors: 1 });

    // Without a secret, with Redis (a cluster's): the salt is kept there, for every instance.
    nowMs += DAY_MS;
    const one = await startTestServer({ engine, clock, redis: true });
    servers.push(one);
    await one.app.redis!.del('nw:insights:salt:2026-03-11');
    const other = await startTestServer({ engine, clock, seed: false, redis: true, databaseUrl: one.config.DATABASE_URL });
    try {
      await beacon(one, { t: 'pageview', p: '/' });
      await beacon(other, { t: 'pageview', p: '/about' });
      for (const server of [one, other]) await server.app.insights.flush();
    } finally {
      await other.stop();
    }
    expect(await report(one, '2026-03-11')).toMatchObject({ pageviews: 2, visitors: 1 });
    expect(await one.database.db.selectFrom('insights_day_nonces').selectAll().execute()).toEqual([]);
    await one.app.redis!.del('nw:insights:salt:2026-03-11');
  });

  it('counts a view without a visitor while the Redis that keeps the salt is away', async () => {
    const redis = await startRedis();
    try {
      const server = await startTestServer({ engine, clock, redis: true, redisUrl: redis.url });
      servers.push(server);
      // Away before the day's salt was read (once read, an instance keeps it for the day).
      await redis.stop();
      expect((await beacon(server, { t: 'pageview', p: '/about' })).status).toBe(204);
      await server.app.insights.flush();
      // Read from the database: the report needs a staff sign-in, whose limits need Redis too.
      const views = await server.database.db
        .selectFrom('insights_events')
        .select(['path', 'visitor'])
        .where('kind', '=', 'pageview')
        .execute();
      expect(views).toEqual([{ path: '/about', visitor: null }]);
    } finally {
      await redis.stop();
    }
  });

  it('does not count robots, prefetches or staff, and counts a GPC or DNT visitor as a view only', async () => {
    const server = await start();
    const staff = await newPerson(server, ['staff'], 'staff');
    const customer = await newPerson(server, [], 'customer');
    await beacon(
      server,
      { t: 'pageview', p: '/bot' },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    );
    await beacon(server, { t: 'pageview', p: '/prefetched' }, { 'sec-purpose': 'prefetch' });
    await beacon(server, { t: 'pageview', p: '/prefetched' }, { purpose: 'prefetch' });
    await beacon(server, { t: 'pageview', p: '/staff' }, { authorization: `Bearer ${staff.idToken}` });
    await beacon(server, { t: 'pageview', p: '/customer' }, { authorization: `Bearer ${customer.idToken}` });
    await beacon(server, { t: 'pageview', p: '/private' }, { 'sec-gpc': '1' });
    await beacon(server, { t: 'pageview', p: '/private' }, { dnt: '1', 'user-agent': PHONE });
    const figures = await report(server, '2026-03-10');
    expect(figures.pages.map((page) => page.path).sort()).toEqual(['/customer', '/private']);
    expect(figures.pages.find((page) => page.path === '/private')).toEqual({ path: '/private', pageviews: 2, visitors: 0 });
    expect(figures).toMatchObject({ pageviews: 3, visitors: 1 });
  });

  it('counts pages without JavaScript from their image, and server-side events where they happen', async () => {
    const server = await start();
    const visitor = new HttpClient(server.url);
    const pixel = await visitor.request('GET', '/api/insights/pixel?p=%2Fteam', { headers: { 'user-agent': CHROME } });
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    const sent = await visitor.request('POST', '/api/support-messages', {
      body: { name: 'Ann Visitor', email: 'ann@example.com', subject: 'Hello', message: 'A question about your services.' },
      headers: { 'user-agent': CHROME },
    });
    expect(sent.status).toBe(201);
    await visitor.request('GET', '/no-such-page', { headers: { accept: 'text/html', 'user-agent': CHROME } });
    await newPerson(server, [], 'signup');
    const figures = await report(server, '2026-03-10');
    expect(figures.pages).toEqual([{ path: '/team', pageviews: 1, visitors: 1 }]);
    const events = Object.fromEntries(figures.events.map((event) => [event.name, event.count]));
    expect(events).toMatchObject({ contact: 1, 'not-found': 1 });
    // At least the one above (the timer may already have written the staff member's of report()).
    expect(events['sign-up']).toBeGreaterThanOrEqual(1);
    expect(figures.eventPages).toContainEqual({ name: 'contact', path: '/support', count: 1 });
    expect(figures.eventPages).toContainEqual({ name: 'not-found', path: '/no-such-page', count: 1 });
  });

  it('keeps speed figures as histograms and answers the 75th percentile per page and device', async () => {
    const server = await start();
    for (const lcp of [1000, 1200, 1400, 4000]) await beacon(server, { t: 'vitals', p: '/', lcp, inp: 80, cls: 0.02, ttfb: 300 });
    const figures = await report(server, '2026-03-10');
    const home = figures.vitals.find((row) => row.path === '/')!;
    expect(home.samples).toBe(4);
    // The third of four samples (1400 ms), within the histogram's 10%.
    expect(home.lcpP75).toBeGreaterThanOrEqual(1400);
    expect(home.lcpP75).toBeLessThanOrEqual(1540);
    expect(home.clsP75).toBeCloseTo(0.02, 2);
    expect(figures.vitalsByDevice[0]).toMatchObject({ device: 'desktop', samples: 4 });
    // A month's range reads the monthly histograms: the same figures, over the whole month.
    const month = await report(server, '2026-02-20', '2026-03-19');
    expect(month.speedCovers).toEqual({ from: '2026-02-01', to: '2026-03-31' });
    expect(month.vitals.find((row) => row.path === '/')).toEqual(home);
  });

  it('refuses speed figures no browser measures, so 40 made-up samples cannot move the 75th percentile of a page', async () => {
    const server = await start({ INSIGHTS_BEACONS_PER_MINUTE: '1000' });
    for (let i = 0; i < 30; i++)
      expect((await beacon(server, { t: 'vitals', p: '/', lcp: 1200, inp: 80, cls: 0.02, ttfb: 300 })).status).toBe(204);
    // Before the bounds, each of these was counted (any figure up to 600 s, CLS up to 100).
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await beacon(server, { t: 'vitals', p: '/', lcp: 600_000 - i, inp: 100_000, cls: 50, ttfb: 100_000 })).status);
    const home = (await report(server, '2026-03-10')).vitals.find((row) => row.path === '/')!;
    expect(home.lcpP75).toBeLessThanOrEqual(1320);
    expect(home.inpP75).toBeLessThanOrEqual(88);
    expect(home.clsP75).toBeCloseTo(0.02, 2);
    expect(home.ttfbP75).toBeLessThanOrEqual(330);
    expect(home.samples).toBe(30);
    expect(statuses).toEqual(Array(40).fill(400));
    // Just past each bound, and below zero: refused, the answer naming the figure.
    for (const [field, value] of [
      ['lcp', 60_001],
      ['inp', 60_001],
      ['ttfb', 60_001],
      ['cls', 10.01],
      ['lcp', -1],
      ['cls', -0.5],
    ] as const) {
      const sent = await beacon(server, { t: 'vitals', p: '/', [field]: value });
      expect(sent.status).toBe(400);
      expect(Object.keys((sent.body as { error: { fields: Record<string, string> } }).error.fields)).toEqual([field]);
    }
    // The largest plausible figures still count (a page that slow shows as such).
    expect((await beacon(server, { t: 'vitals', p: '/slow', lcp: 60_000, inp: 60_000, cls: 10, ttfb: 60_000 })).status).toBe(204);
  });

  it('says when counts are dropped because the database does not keep up: a metric, one line when it starts, one with the count when it ends', async () => {
    const lines: LogLine[] = [];
    const server = await startTestServer({
      engine,
      clock,
      env: { METRICS_TOKEN, INSIGHTS_BUFFER_ITEMS: '100', INSIGHTS_BEACONS_PER_MINUTE: '1000', INSIGHTS_FLUSH_MS: '60000' },
      logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
    });
    servers.push(server);
    const droppedMetric = async () => {
      const response = await new HttpClient(server.url).get<string>('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
      expect(response.status).toBe(200);
      const found = [...String(response.body).matchAll(/^insights_dropped_items_total\{kind="(\w+)"\} (\d+)$/gm)];
      return Object.fromEntries(found.map((match) => [match[1]!, Number(match[2])]));
    };
    const release = await blockInsightsWrites(server, engine);
    try {
      for (let i = 0; i < 5; i++) expect((await beacon(server, { t: 'pageview', p: `/page-${i}` })).status).toBe(204);
      // A flush that cannot write: it waits on the lock (PostgreSQL) or fails (SQLite) and keeps its batch.
      const stuck = server.app.insights.flush().catch(() => undefined);
      // 30 speed beacons of 4 samples each: 120 items, more than the 100 the buffer holds.
      for (let i = 0; i < 30; i++)
        expect((await beacon(server, { t: 'vitals', p: '/', lcp: 1000 + i, inp: 50, cls: 0.01, ttfb: 200 })).status).toBe(204);
      const dropped = await droppedMetric();
      expect(dropped.vital).toBeGreaterThanOrEqual(20);
      const started = lines.filter((line) => /dropping/i.test(line.msg));
      expect(started).toHaveLength(1);
      expect(started[0]).toMatchObject({ level: 40, cap: 100 });
      await release();
      await stuck;
    } catch (error) {
      await release();
      throw error;
    }
    await server.app.insights.flush();
    const dropped = await droppedMetric();
    const ended = lines.filter((line) => /dropped/i.test(line.msg) && typeof line.dropped === 'number');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.dropped).toBe(dropped.vital);
    // No line says a dropped batch will be retried.
    for (const line of lines.filter((entry) => /not written/.test(entry.msg)))
      expect(line.msg).not.toMatch(/dropped.*retried|retried.*dropped/);
    // What was kept is counted once the database answers.
    const figures = await report(server, '2026-03-10');
    expect(figures.pageviews).toBe(5);
    expect(figures.vitals.find((row) => row.path === '/')!.samples).toBe(30 - dropped.vital! / 4);
  });

  it('removes raw events after the retention days and keeps the rollups', async () => {
    const server = await start({ INSIGHTS_RAW_DAYS: '30' });
    await beacon(server, { t: 'pageview', p: '/' });
    await server.app.insights.flush();
    nowMs += 31 * DAY_MS;
    await server.app.insights.housekeeping.runIfDue(nowMs);
    expect(await server.database.db.selectFrom('insights_events').selectAll().execute()).toEqual([]);
    expect(await report(server, '2026-03-10')).toMatchObject({ pageviews: 1, visitors: 1 });
  });

  it('caps the distinct pages of a day and counts the rest as "(other)"', async () => {
    const server = await start({ INSIGHTS_PAGES_PER_DAY: '10' });
    for (let i = 0; i < 15; i++) await beacon(server, { t: 'pageview', p: `/made-up-${i}` });
    const figures = await report(server, '2026-03-10');
    expect(figures.pages).toHaveLength(11);
    expect(figures.pages[0]).toEqual({ path: '(other)', pageviews: 5, visitors: 1 });
    const keys = await server.database.db.selectFrom('insights_day_keys').selectAll().where('dimension', '=', 'page').execute();
    expect(keys).toHaveLength(10);
  });

  it('limits beacons per address', async () => {
    const server = await start({ INSIGHTS_BEACONS_PER_MINUTE: '3' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await beacon(server, { t: 'pageview', p: '/' })).status);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
  });

  it('lets two instances count into one database without counting twice', async () => {
    const first = await start({ KEY_ENCRYPTION_SECRET: SECRET });
    const second = await startTestServer({
      engine,
      clock,
      seed: false,
      databaseUrl: first.config.DATABASE_URL,
      env: { KEY_ENCRYPTION_SECRET: SECRET },
    });
    try {
      await Promise.all([beacon(first, { t: 'pageview', p: '/' }), beacon(second, { t: 'pageview', p: '/' })]);
      // Two SQLite connections in one process cannot wait for each other's lock (the wait blocks
      // the thread the other needs), so there they write one after the other.
      if (engine === 'postgres') await Promise.all([first.app.insights.flush(), second.app.insights.flush()]);
      else for (const server of [first, second]) await server.app.insights.flush();
      await beacon(second, { t: 'pageview', p: '/about' });
      await second.app.insights.flush();
      expect(await first.database.db.selectFrom('insights_day_nonces').selectAll().execute()).toHaveLength(1);
      expect(await report(first, '2026-03-10')).toMatchObject({ pageviews: 3, visitors: 1 });
    } finally {
      await second.stop();
    }
  });

  it('lets only staff read the report, checks the range, and stops everything with INSIGHTS=off', async () => {
    const server = await start();
    const anonymous = await new HttpClient(server.url).get('/api/admin/insights?from=2026-03-10&to=2026-03-10');
    expect(anonymous.status).toBe(401);
    const customer = await newPerson(server, [], 'customer');
    expect((await customer.call('GET', '/api/admin/insights?from=2026-03-10&to=2026-03-10')).status).toBe(403);
    const staff = await newPerson(server, ['staff'], 'staff');
    const backwards = await staff.call<{ error: { fields: Record<string, string> } }>(
      'GET',
      '/api/admin/insights?from=2026-03-10&to=2026-03-01',
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toHaveProperty('to');
    expect((await staff.call('GET', '/api/admin/insights?from=2026-02-30&to=2026-03-01')).status).toBe(400);
    // Too long a range says so, not that the dates are wrong (the console showed this sentence).
    const tooLong = await staff.call<{ error: { message: string; fields: Record<string, string> } }>(
      'GET',
      '/api/admin/insights?from=2020-01-01&to=2026-03-01',
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe('A range can span at most 400 days: choose a later From date or an earlier To date.');
    expect(tooLong.body.error.fields).toEqual({ to: 'the range may span at most 400 days' });

    const off = await start({ INSIGHTS: 'off' });
    // Answered (pages loaded before the switch still send) but never counted.
    expect((await beacon(off, { t: 'pageview', p: '/' })).status).toBe(204);
    await off.app.insights.flush();
    expect(await off.database.db.selectFrom('insights_events').selectAll().execute()).toEqual([]);
    expect(await off.database.db.selectFrom('insights_day_nonces').selectAll().execute()).toEqual([]);
    const offStaff = await newPerson(off, ['staff'], 'staff');
    expect((await offStaff.call('GET', '/api/admin/insights?from=2026-03-10&to=2026-03-10')).status).toBe(404);
  });
});
