// `npm run bench:insights`: what Insights costs. Prints figures; asserts nothing.
//  1. Ingest: the built server (DIST_DIR, default dist: `npm run build` first) on a loopback
//     port and a fresh SQLite file; beacons are sent at a fixed rate for a few seconds and the
//     server process's CPU time is read from /proc: the rate one instance takes at 10% of a core.
//  2. Dashboard: 10 million page views over 30 days written straight into the daily rollups and
//     speed histograms (as the batches would leave them), then the report of those 30 days read
//     RUNS times, on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
//     PostgreSQL server, on PostgreSQL. Aim: under 200 ms.
//   VIEWS=10000000 DAYS=30 PAGES=1000 RATE=400 BENCH_SECONDS=5 RUNS=11 npm run bench:insights
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { importSources } from './lib/import-sources.mjs';

const VIEWS = Number(process.env.VIEWS ?? 10_000_000);
const DAYS = Math.min(400, Number(process.env.DAYS ?? 30));
// The 30 days start mid-month, as a "last 30 days" range does: the report reads two months of speed.
const FIRST_DAY = '2026-01-17';
const PAGES = Math.min(100_000, Number(process.env.PAGES ?? 1000));
const RATE = Math.min(5000, Number(process.env.RATE ?? 400));
const SECONDS = Math.min(60, Number(process.env.BENCH_SECONDS ?? 5));
const RUNS = Math.min(101, Number(process.env.RUNS ?? 11));
const DIST_DIR = resolve(process.env.DIST_DIR ?? 'dist');
const CLOCK_TICKS = 100; // USER_HZ on Linux

const entry = `
export { openDatabase } from './src/server/platform/db/database';
export { migrateToLatest } from './src/server/platform/db/migrate';
export { insightsRepository } from './src/server/insights/repository';
export { buildReport, previousRange, speedPeriods } from './src/server/insights/report';
export { bucketOf } from './src/server/insights/rules';
`;
const lib = await importSources('insights', entry);

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
};

const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function ingest() {
  const dir = mkdtempSync(join(tmpdir(), 'nw-bench-insights-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(DIST_DIR, 'server', 'server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
      DIST_DIR,
      LOG_LEVEL: 'warn',
      LOG_REQUESTS: 'none',
      SEED: 'none',
      INSIGHTS_BEACONS_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      const ready = await fetch(`${base}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((done) => setTimeout(done, 200));
    }
    const send = (n) =>
      fetch(`${base}/api/insights/collect`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': `${AGENT} v${n % 5000}` },
        body: JSON.stringify({ t: 'pageview', p: `/page-${n % 200}?utm_source=bench`, r: 'https://example.org/', w: 390 }),
      }).then((r) => r.status);
    await Promise.all(Array.from({ length: 50 }, (_, n) => send(n))); // warm up
    const idleStart = cpuSeconds(child.pid);
    await new Promise((done) => setTimeout(done, 1000));
    const idle = cpuSeconds(child.pid) - idleStart;
    const start = cpuSeconds(child.pid);
    const started = performance.now();
    let sent = 0;
    let refused = 0;
    const pending = [];
    const total = RATE * SECONDS;
    while (sent < total) {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE);
      for (; sent < Math.min(due, total); sent++) pending.push(send(sent).then((status) => status !== 204 && refused++));
      await new Promise((done) => setTimeout(done, 5));
    }
    await Promise.all(pending);
    const seconds = (performance.now() - started) / 1000;
    // Let the last batch be written: its cost is part of the ingest.
    await new Promise((done) => setTimeout(done, 2500));
    const used = cpuSeconds(child.pid) - start - idle * (seconds + 2.5);
    const perBeacon = used / total;
    console.log(`\nIngest (SQLite, one instance): ${total} beacons at ${RATE}/s over ${seconds.toFixed(1)} s, ${refused} refused`);
    console.log(`  server CPU ${(used * 1000).toFixed(0)} ms in all, ${(perBeacon * 1e6).toFixed(0)} µs per beacon`);
    console.log(`  => about ${Math.floor(0.1 / perBeacon)} beacons per second at 10% of one core`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Daily rollup rows of a generated month: VIEWS spread over DAYS, PAGES pages with a long tail. */
function* generatedRows(firstDay) {
  const perDay = Math.floor(VIEWS / DAYS);
  const weights = Array.from({ length: PAGES }, (_, i) => 1 / (i + 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const split = (count, keys) =>
    keys.map(([key, share]) => ({ key, pageviews: Math.round(count * share), visitors: Math.round(count * share * 0.4) }));
  for (let d = 0; d < DAYS; d++) {
    const period = new Date(Date.parse(firstDay) + d * 86_400_000).toISOString().slice(0, 10);
    const rows = [{ dimension: 'total', key: 'all', pageviews: perDay, visitors: Math.round(perDay * 0.4) }];
    for (const [dimension, keys] of [
      ['page', weights.map((w, i) => [`/page-${i}`, w / weightSum])],
      ['referrer', Array.from({ length: 200 }, (_, i) => [`site-${i}.example`, 0.3 / 200])],
      ['campaign', Array.from({ length: 50 }, (_, i) => [`news / mail / c${i}`, 0.05 / 50])],
      [
        'device',
        [
          ['phone', 0.6],
          ['desktop', 0.35],
          ['tablet', 0.05],
        ],
      ],
      [
        'browser',
        [
          ['Chrome', 0.6],
          ['Safari', 0.25],
          ['Firefox', 0.1],
          ['Edge', 0.05],
        ],
      ],
      [
        'os',
        [
          ['Android', 0.4],
          ['iOS', 0.25],
          ['Windows', 0.2],
          ['macOS', 0.1],
          ['Linux', 0.05],
        ],
      ],
      [
        'screen',
        [
          ['small', 0.6],
          ['medium', 0.1],
          ['large', 0.2],
          ['wide', 0.1],
        ],
      ],
    ])
      for (const row of split(perDay, keys)) rows.push({ dimension, ...row });
    for (const name of ['contact', 'sign-up', 'sign-in', 'movie-added', 'not-found'])
      rows.push(
        { dimension: 'event', key: name, pageviews: 50, visitors: 0 },
        { dimension: 'event-page', key: `${name} /x`, pageviews: 50, visitors: 0 },
      );
    yield rows.map((row) => ({ period, ...row }));
  }
}

function* generatedVitals(firstDay) {
  const paths = Math.min(PAGES, 200);
  for (let d = 0; d < DAYS; d++) {
    const period = new Date(Date.parse(firstDay) + d * 86_400_000).toISOString().slice(0, 10);
    const rows = [];
    for (let p = 0; p < paths; p++)
      for (const device of ['phone', 'desktop', 'tablet'])
        for (const [metric, centre] of [
          ['lcp', 2000],
          ['inp', 150],
          ['cls', 50],
          ['ttfb', 500],
        ])
          for (let step = -4; step <= 4; step++) {
            const bucket = lib.bucketOf(centre) + step;
            rows.push({ period, path: `/page-${p}`, device, metric, bucket, count: 10 - Math.abs(step) });
          }
    yield rows;
  }
}

async function dashboard(label, url) {
  const handle = await lib.openDatabase(url, { poolSize: 4, timeoutMs: 600_000 });
  try {
    await lib.migrateToLatest(handle.db);
    const firstDay = FIRST_DAY;
    const lastDay = new Date(Date.parse(firstDay) + (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const started = performance.now();
    let rollupRows = 0;
    let vitalRows = 0;
    for (const rows of generatedRows(firstDay))
      for (let i = 0; i < rows.length; i += 500) {
        await handle.db
          .insertInto('insights_daily')
          .values(rows.slice(i, i + 500))
          .execute();
        rollupRows += Math.min(500, rows.length - i);
      }
    // The monthly histograms the batches keep beside the daily ones: the days' rows summed per month.
    const monthly = new Map();
    for (const rows of generatedVitals(firstDay)) {
      for (let i = 0; i < rows.length; i += 500) {
        await handle.db
          .insertInto('insights_vitals_daily')
          .values(rows.slice(i, i + 500))
          .execute();
        vitalRows += Math.min(500, rows.length - i);
      }
      for (const row of rows) {
        const period = row.period.slice(0, 7);
        const id = `${period}|${row.path}|${row.device}|${row.metric}|${row.bucket}`;
        const sum = monthly.get(id) ?? { ...row, period, count: 0 };
        sum.count += row.count;
        monthly.set(id, sum);
      }
    }
    const monthlyRows = [...monthly.values()];
    for (let i = 0; i < monthlyRows.length; i += 500)
      await handle.db
        .insertInto('insights_vitals_monthly')
        .values(monthlyRows.slice(i, i + 500))
        .execute();
    const seriesRows = [];
    for (let d = 0; d < DAYS; d++) {
      const period = new Date(Date.parse(firstDay) + d * 86_400_000).toISOString().slice(0, 10);
      seriesRows.push({ period, dimension: 'total', key: 'all', pageviews: Math.floor(VIEWS / DAYS), visitors: 1 });
    }
    if (handle.engine === 'postgres') {
      const { sql } = await import('kysely');
      await sql`analyze`.execute(handle.db);
    }
    console.log(
      `\n${label}: ${rollupRows} daily rollup rows and ${vitalRows} daily and ${monthlyRows.length} monthly speed histogram rows for ${VIEWS} views in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const repository = lib.insightsRepository(handle.db);
    const times = [];
    let report;
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      const previous = lib.previousRange(firstDay, lastDay);
      const speed = lib.speedPeriods(firstDay, lastDay);
      const [rows, series, previousSeries, vitals] = await Promise.all([
        repository.rollups(firstDay, lastDay),
        repository.series(firstDay, lastDay),
        repository.series(previous.from, previous.to),
        repository.vitals(speed.from, speed.to, speed.monthly),
      ]);
      report = lib.buildReport({
        from: firstDay,
        to: lastDay,
        rows,
        series,
        vitals,
        previous: { ...previous, pageviews: previousSeries.length, visitors: 0 },
      });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  report of ${DAYS} days (${report.pageviews} views, ${report.pages.length} top pages, ${report.vitals.length} pages with speed):`,
    );
    console.log(
      `  median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, worst ${times.at(-1).toFixed(0)} ms over ${RUNS} runs (aim: under 200 ms)`,
    );
  } finally {
    await handle.close();
  }
}

await ingest();
const dir = mkdtempSync(join(tmpdir(), 'nw-bench-insights-db-'));
try {
  await dashboard('SQLite', `sqlite:${join(dir, 'dashboard.db')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  const name = `bench_insights_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    await dashboard('PostgreSQL', url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
