// Benchmark of the movie list with 10,000 movies: seeds them straight into a temporary SQLite
// database, starts the built server on it and measures in headless Chromium the time to the
// first rendered rows and from a search keystroke to the updated list, plus scrolling.
//   npm run build && npm run bench:movies        (DIST_DIR, BENCH_PORT, BENCH_MOVIES to vary)
/* global document, window, MutationObserver, requestAnimationFrame -- the functions handed to page.evaluate run in the browser */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import Database from 'better-sqlite3';
import { CHROMIUM_ARGS, chromiumPath } from './browser.mjs';
import { startBuiltServer, stopServer } from './built-server.mjs';

const distDir = resolve(process.env.DIST_DIR ?? 'dist');
const port = Number(process.env.BENCH_PORT ?? 3390);
const count = Number(process.env.BENCH_MOVIES ?? 10_000);
const origin = `http://localhost:${port}`;
const serverFile = join(distDir, 'server', 'server.js');
if (!existsSync(serverFile)) {
  console.error(`No built server at ${serverFile}: run "npm run build" first (or set DIST_DIR).`);
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'bench-movies-'));
const databaseFile = join(dir, 'bench.db');

/** Starts the built server on the benchmark database and waits until it answers. */
function startServer() {
  return startBuiltServer({
    serverFile,
    origin,
    timeoutMs: 30_000,
    env: {
      PORT: String(port),
      HOST: 'localhost',
      DIST_DIR: distDir,
      DATABASE_URL: `sqlite:${databaseFile}`,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
    },
  });
}

/** GET with gzip accepted, counting the bytes as they come over the wire (fetch would inflate them). */
function rawGet(url) {
  return new Promise((done, fail) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => done({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
      response.on('error', fail);
    }).on('error', fail);
  });
}

/** A small deterministic generator, so every run seeds the same movies. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const ADJECTIVES =
  `Silent Crimson Midnight Broken Golden Hidden Last Wild Frozen Electric Lost Secret Burning Distant Hollow Iron Velvet Savage Quiet Endless
  Shattered Northern Lonely Bright Dark Forgotten Restless Sacred Wicked Gentle Falling Rising Distorted Paper Glass Neon Atomic Lunar Solar Stolen`.split(
    /\s+/,
  );
const NOUNS =
  `River Empire Garden Station Horizon Kingdom Mirror Harbor Forest Signal Desert Machine Island Canyon Voyage Promise Shadow Circus Orchard Citadel
  Lantern Summit Tide Engine Archive Frontier Meadow Cathedral Labyrinth Comet Ember Prairie Fortress Compass Reef Glacier Thunder Monarch Carnival Requiem
  Paradox Odyssey Sanctuary Tempest Alibi Mosaic Heist Verdict Serenade Outpost`.split(/\s+/);
const SEQUELS = ['', ' II', ' III', ' Returns', ' Forever', ' Reborn'];
const GENRES =
  `Action Adventure Animation Biography Comedy Crime Documentary Drama Family Fantasy History Horror Music Musical Mystery Romance Sci-Fi Sport Thriller War Western`.split(
    /\s+/,
  );

function makeMovies(total) {
  const next = random(2024);
  const movies = [];
  for (const sequel of SEQUELS) {
    for (const adjective of ADJECTIVES) {
      for (const noun of NOUNS) {
        if (movies.length === total) return movies;
        const genres = new Set();
        const wanted = 1 + Math.floor(next() * 3);
        while (genres.size < wanted) genres.add(GENRES[Math.floor(next() * GENRES.length)]);
        movies.push({ title: `The ${adjective} ${noun}${sequel}`, genres: [...genres] });
      }
    }
  }
  return movies;
}

function seed(total) {
  const db = new Database(databaseFile);
  const insert = db.prepare('insert or ignore into movies (id, title, genres, created_at, created_by) values (?, ?, ?, ?, null)');
  const now = new Date().toISOString();
  const movies = makeMovies(total);
  db.transaction(() => {
    for (const movie of movies) insert.run(randomUUID(), movie.title, JSON.stringify(movie.genres), now);
  })();
  const { n } = db.prepare('select count(*) as n from movies').get();
  db.close();
  return n;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (value) => `${value.toFixed(1)} ms`;

/** Runs in the page before the app: notes when the first movie row appears. */
function watchFirstRow() {
  const found = () => document.querySelector('[data-testid="movie-row"]');
  new MutationObserver((_records, observer) => {
    if (!found() || window.__firstRowAt) return;
    window.__firstRowAt = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__firstRowPaintedAt = performance.now();
    });
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Presses one key in the search bar and measures, in the page, from the keydown to the frame
 * after the list changed (the rows or the count above them).
 */
async function timeKeystroke(page, key) {
  const measuring = page.evaluate(
    () =>
      new Promise((done) => {
        const target = document.querySelector('.movie-list-content');
        let start = null;
        document.addEventListener('keydown', (event) => (start = event.timeStamp), { once: true, capture: true });
        const timeout = setTimeout(() => done(null), 3000);
        const observer = new MutationObserver(() => {
          observer.disconnect();
          clearTimeout(timeout);
          requestAnimationFrame(() => setTimeout(() => done(performance.now() - start), 0));
        });
        observer.observe(target, { childList: true, subtree: true, characterData: true });
      }),
  );
  await page.waitForTimeout(20);
  await page.keyboard.press(key);
  return measuring;
}

async function measure(browser, label, cpuSlowdown) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  // Skip the first-visit tutorial once, as a visitor would; the choice stays in this context.
  const setup = await context.newPage();
  await setup.goto(`${origin}/tutorial`);
  await setup.getByRole('button', { name: 'Skip' }).click();
  await setup.waitForSelector('[data-testid="movie-row"]');
  await setup.close();

  const page = await context.newPage();
  await page.addInitScript(watchFirstRow);
  const cdp = await context.newCDPSession(page);
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

  const firstRows = [];
  for (let run = 0; run < 3; run += 1) {
    await page.goto(`${origin}/app/tabs/home`);
    await page.waitForFunction(() => window.__firstRowPaintedAt, undefined, { timeout: 60_000 });
    firstRows.push(await page.evaluate(() => window.__firstRowPaintedAt));
  }
  const summary = await page.locator('.movie-list-summary').textContent();
  const rowsInDom = await page.locator('[data-testid="movie-row"]').count();

  const input = page.locator('ion-searchbar input').first();
  await input.click();
  const keystrokes = [];
  for (const key of ['m', 'i', 'd', 'n']) keystrokes.push(await timeKeystroke(page, key));
  const narrowed = await page.locator('.movie-list-summary').textContent();
  for (let index = 0; index < 4; index += 1) keystrokes.push(await timeKeystroke(page, 'Backspace'));

  // Scrolling: 150 frames of 120 px each through the full list; frame gaps show any jank.
  const scroll = await page.evaluate(async () => {
    const content = document.querySelector('.movie-list-content');
    const scroller = await content.getScrollElement();
    const gaps = [];
    let last = performance.now();
    let maxRows = 0;
    for (let frame = 0; frame < 150; frame += 1) {
      scroller.scrollTop += 120;
      await new Promise((done) => requestAnimationFrame(done));
      const now = performance.now();
      gaps.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, document.querySelectorAll('[data-testid="movie-row"]').length);
    }
    gaps.sort((a, b) => a - b);
    return {
      p50: gaps[Math.floor(gaps.length / 2)],
      p95: gaps[Math.floor(gaps.length * 0.95)],
      long: gaps.filter((gap) => gap > 50).length,
      maxRows,
    };
  });
  await context.close();

  const typed = keystrokes.filter((value) => value !== null);
  return {
    label,
    summary: summary?.trim(),
    narrowed: narrowed?.trim(),
    rowsInDom,
    firstRowMedian: median(firstRows),
    firstRows,
    keystrokeMedian: median(typed),
    keystrokeMax: Math.max(...typed),
    unchanged: keystrokes.length - typed.length,
    scroll,
  };
}

let server;
try {
  console.log(`Seeding ${count.toLocaleString('en')} movies into ${databaseFile} ...`);
  server = await startServer(); // migrates and seeds the demo content
  await stopServer(server);
  const total = seed(count);
  server = await startServer();

  const apiTimes = [];
  let wire = { bytes: 0, encoding: 'identity' };
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    wire = await rawGet(`${origin}/api/movies`);
    apiTimes.push(performance.now() - started);
  }
  const raw = await (await fetch(`${origin}/api/movies`)).arrayBuffer();

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const results = [];
  try {
    results.push(await measure(browser, 'desktop CPU', 1));
    results.push(await measure(browser, 'CPU slowed 4x (mid-range phone)', 4));
  } finally {
    await browser.close();
  }

  console.log(`\nMovies in the database: ${total.toLocaleString('en')}`);
  console.log(
    `GET /api/movies: median ${ms(median(apiTimes))} over 5 calls; ${(raw.byteLength / 1024).toFixed(0)} KiB of JSON, ${(wire.bytes / 1024).toFixed(0)} KiB on the wire (${wire.encoding})`,
  );
  for (const result of results) {
    console.log(`\n${result.label}`);
    console.log(`  list shows "${result.summary}" with ${result.rowsInDom} rows in the DOM (virtualised)`);
    console.log(`  first rows painted after navigation: median ${ms(result.firstRowMedian)} (${result.firstRows.map(ms).join(', ')})`);
    console.log(
      `  search keystroke to updated list: median ${ms(result.keystrokeMedian)}, worst ${ms(result.keystrokeMax)} over 8 keys ("mid" narrowed it to "${result.narrowed}")`,
    );
    if (result.unchanged) console.log(`  (${result.unchanged} keystrokes left the list unchanged and were not timed)`);
    console.log(
      `  scrolling 150 frames: frame gap median ${ms(result.scroll.p50)}, 95th percentile ${ms(result.scroll.p95)}, ${result.scroll.long} frames over 50 ms, at most ${result.scroll.maxRows} rows in the DOM`,
    );
  }
} finally {
  if (server) await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
