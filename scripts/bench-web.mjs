// `npm run bench:web`: the first-load budgets of the site and the app, measured in a real
// browser. Builds (unless BENCH_NO_BUILD=1 with an existing BENCH_DIST_DIR), serves the build on
// a free port, then for the site (`/`, `/about`, `/news`, an article), the app's first screens
// (`/app/tabs/home` and `/login`, first and returning visit, `/signup`, and `/account` signed in)
// and the console (`/admin`: signed in as staff, its home; not signed in, its login, which the app
// opens before any of the console's code):
//   - the gzipped bytes of JavaScript the first screen needed (every script requested before its
//     largest contentful paint), of all JavaScript and CSS the page loads before it is idle, its
//     number of script requests, and every byte on the wire until then, headers included (empty
//     cache, no service worker);
//   - in headless Chromium at 390x844 with Lighthouse's mobile throttling (4x CPU slowdown, and
//     150 ms round trips at 1.6 Mbit/s down unless BENCH_NETWORK=none), the median largest
//     contentful paint, cumulative layout shift and total blocking time over BENCH_RUNS (5) cold
//     loads.
// Prints a table with the load average at the start, writes it into docs/performance.md between
// its bench:web markers (BENCH_NO_DOCS=1 leaves it alone) and exits non-zero when a budget is
// exceeded. Figures, not timed tests. BENCH_PROFILE_DIR=<dir> also writes a CPU profile of each
// timed load there (`<page>-<run>.cpuprofile`, for DevTools or scripts/cpu-profile-top.mjs) and
// prints its long tasks and largest paint on a timeline.
/* global window, indexedDB -- OBSERVE and MARK_TUTORIAL_SEEN run inside the page. */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './browser.mjs';
import { APP_BUDGET, CONSOLE_BUDGET, DEMO_LIST_BUDGET, SITE_BUDGET } from './build/budgets.mjs';
import { importSources } from './lib/import-sources.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ARTICLE_SLUG = 'saturday-repairs';
const CPU_SLOWDOWN = 4;
// Lighthouse's mobile preset ("Slow 4G"): 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
// DevTools applies it to each request, which is stricter than Lighthouse's simulation.
const NETWORK =
  process.env.BENCH_NETWORK === 'none'
    ? null
    : { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const VIEWPORT = { width: 390, height: 844 };
// Inside the project so the built server finds node_modules.
const distDir = process.env.BENCH_DIST_DIR ?? join('test-results', 'bench-web-dist');

// The budgets are shared with `npm run check:budgets`, which counts the same bytes from the
// build's manifest without a browser (scripts/build/budgets.mjs).
const PAGES = [
  { path: '/', label: 'site /', budget: SITE_BUDGET },
  { path: '/about', label: 'site /about', budget: SITE_BUDGET },
  { path: '/news', label: 'site /news', budget: SITE_BUDGET },
  // The article written into the database before the server starts (articleInDatabase).
  { path: `/news/${ARTICLE_SLUG}`, label: 'site, an article', budget: SITE_BUDGET },
  // A first-time visitor of the app area is shown the tutorial first (hasSeenTutorial).
  { path: '/app/tabs/home', label: 'app /app/tabs/home, first visit', budget: APP_BUDGET },
  // Someone who has seen the tutorial lands on the Demo list itself; the browser's cache is
  // disabled, so this is still a cold load of every file.
  { path: '/app/tabs/home', label: 'app /app/tabs/home, returning', returning: true, budget: DEMO_LIST_BUDGET },
  { path: '/login', label: 'app /login, first visit', budget: APP_BUDGET },
  { path: '/login', label: 'app /login, returning', returning: true, budget: APP_BUDGET },
  { path: '/signup', label: 'app /signup', budget: APP_BUDGET },
  // A new account's session for each load (signedIn), as a person who has just signed up sees it.
  { path: '/account', label: 'app /account, signed in', signedIn: true, budget: APP_BUDGET },
  // A new staff account's session for each load: the console's own first screen, its home.
  { path: '/admin', label: 'console /admin, staff', signedIn: 'staff', budget: CONSOLE_BUDGET },
  { path: '/admin', label: 'console /admin, not signed in', budget: APP_BUDGET },
];
const only = process.env.BENCH_PAGES ? new Set(process.env.BENCH_PAGES.split(',')) : null;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kb = (bytes) => bytes / 1024;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function buildOnce() {
  if (process.env.BENCH_NO_BUILD === '1') return;
  console.log(`building into ${distDir} ...`);
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DIST_DIR: distDir, CI: '1' },
  });
  if (result.status !== 0) throw new Error('build failed');
}

/** The demo content and one published article with a few paragraphs, as the server will find them. */
async function articleInDatabase(database) {
  const lib = await importSources(
    'bench-web',
    `
export { openDatabase } from './src/server/platform/db/database';
export { migrateToLatest } from './src/server/platform/db/migrate';
export { seedDemo } from './src/server/platform/db/seed/index';
export { newsRepository } from './src/server/news/repository';
`,
  );
  const handle = await lib.openDatabase(`sqlite:${database}`, { timeoutMs: 30_000 });
  try {
    await lib.migrateToLatest(handle.db);
    await lib.seedDemo(handle.db);
    const authorId = (await handle.db.selectFrom('team_members').select('id').executeTakeFirstOrThrow()).id;
    const paragraph = (text) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
    await lib.newsRepository(handle.db).writePublished(
      'bench-article',
      {
        title: 'We now repair laptops on Saturdays',
        slug: ARTICLE_SLUG,
        summary: 'From December the workshop is open on Saturday mornings for laptop repairs.',
        coverImageId: null,
        coverAlt: '',
        authorId,
        body: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Saturday mornings' }] },
            paragraph('Bring your laptop to the workshop between 9 and 12. Most repairs are done the same day.'),
            paragraph('Screens, keyboards, batteries and data recovery: ask us before you buy a new one.'),
          ],
        },
        publishedAt: '2026-11-20T09:00:00.000Z',
      },
      new Date().toISOString(),
    );
  } finally {
    await handle.close();
  }
}

/** The database of the server being measured (staff sessions are given their role there). */
let serverDatabase = '';

async function startServer(port) {
  const database = join(tmpdir(), `northwind-bench-web-${port}.db`);
  serverDatabase = database;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
  await articleInDatabase(database);
  const child = spawn(process.execPath, [join(distDir, 'server', 'server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: 'localhost',
      DIST_DIR: distDir,
      DATABASE_URL: `sqlite:${database}`,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      // One new account for each load of /account.
      SIGN_UP_LIMIT_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

/** Collects LCP, layout shifts and long tasks from the moment the document starts. */
const OBSERVE = () => {
  const vitals = { lcp: 0, lcpElement: '', cls: 0, longTasks: [], fcp: 0, shifts: [] };
  window.__vitals = vitals;
  const describe = (element) =>
    element
      ? `<${element.localName}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}> "${(element.textContent ?? '').trim().slice(0, 40)}"`
      : '?';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.renderTime || entry.loadTime || entry.startTime;
      vitals.lcpElement = describe(entry.element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      vitals.cls += entry.value;
      // For BENCH_PROFILE_DIR's timeline: what moved, from where to where.
      const rect = (box) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
      const moved = (entry.sources ?? []).map(
        (source) => `${describe(source.node)} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`,
      );
      vitals.shifts.push({ start: entry.startTime, value: entry.value, moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
};

/** Marks the tutorial as seen in the app's device storage (IndexedDB "northwind", store "_ionickv"). */
const MARK_TUTORIAL_SEEN = () =>
  new Promise((resolve) => {
    const open = indexedDB.open('northwind');
    open.onerror = () => resolve(`cannot open: ${open.error}`);
    open.onsuccess = () => {
      try {
        const db = open.result;
        const store = db.objectStoreNames.contains('_ionickv') ? '_ionickv' : db.objectStoreNames[0];
        if (!store) return resolve('no object store yet');
        const put = db.transaction(store, 'readwrite').objectStore(store).put(true, 'hasSeenTutorial');
        put.onsuccess = () => {
          db.close();
          resolve('ok');
        };
        put.onerror = () => resolve(`cannot write: ${put.error}`);
      } catch (error) {
        resolve(`cannot write: ${error}`);
      }
    };
  });

/** A new account's session as the app keeps it in localStorage (src/app/lib/session/stored-session.ts). */
const BENCH_PASSWORD = 'bench-password-1';

async function newSession(origin) {
  const { apiKey } = await (await fetch(`${origin}/api/config`)).json();
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${origin}/identity/v1/accounts:signUp?key=${encodeURIComponent(apiKey)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`sign-up for /account failed: ${response.status} ${await response.text()}`);
  const body = await response.json();
  return {
    uid: body.localId,
    email: body.email,
    idToken: body.idToken,
    refreshToken: body.refreshToken,
    expiresAt: Date.now() + Number(body.expiresIn) * 1000,
  };
}

/** The server's modules a staff session needs, built once per run (not once per load). */
let staffModules;
const staffLib = () =>
  (staffModules ??= importSources(
    'bench-web-staff',
    `
export { openDatabase } from './src/server/platform/db/database';
export { rolesService } from './src/server/admin/roles-service';
`,
  ));

/**
 * A new account with the staff role, signed in again after the role was given (as
 * `npm run admin -- grant` and a login do), so its ID token carries the role's claim.
 */
async function newStaffSession(origin) {
  const account = await newSession(origin);
  const lib = await staffLib();
  const handle = await lib.openDatabase(`sqlite:${serverDatabase}`, { timeoutMs: 30_000 });
  try {
    // Console roles go only to an account that proved its address (as its verification mail would).
    await handle.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', account.uid).execute();
    await lib.rolesService(handle.db, handle.engine).grant(null, { id: account.uid }, 'staff');
  } finally {
    await handle.close();
  }
  const { apiKey } = await (await fetch(`${origin}/api/config`)).json();
  const response = await fetch(`${origin}/identity/v1/accounts:signInWithPassword?key=${encodeURIComponent(apiKey)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: BENCH_PASSWORD, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`sign-in for the console failed: ${response.status} ${await response.text()}`);
  const body = await response.json();
  return { ...account, idToken: body.idToken, refreshToken: body.refreshToken, expiresAt: Date.now() + Number(body.expiresIn) * 1000 };
}

/** Resolves once nothing has been in flight for 500 ms (at most 30 s). */
async function waitForQuiet(inFlight) {
  const deadline = Date.now() + 30_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`still loading after 30 s: ${[...inFlight].map((request) => request.url()).join(', ')}`);
}

/** One cold load: a fresh context (empty cache, no service worker), throttled CPU. */
async function load(browser, url, { measureBytes, returning = false, signedIn = false, profileAs = null }) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    serviceWorkers: 'block',
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  if (signedIn) {
    const origin = new URL(url).origin;
    const session = signedIn === 'staff' ? await newStaffSession(origin) : await newSession(origin);
    await context.addInitScript((value) => localStorage.setItem('northwind.auth.session', value), JSON.stringify(session));
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (returning) {
    await page.goto(url, { waitUntil: 'networkidle' });
    const marked = await page.evaluate(MARK_TUTORIAL_SEEN);
    if (marked !== 'ok') console.warn(`could not mark the tutorial as seen (${marked}): the row shows what loaded instead`);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (NETWORK) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
  }
  await page.addInitScript(OBSERVE);
  if (profileAs) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const assets = [];
  const wire = [];
  if (measureBytes) {
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet')
        assets.push({ type, url: response.url(), body: response.body().catch(() => Buffer.alloc(0)) });
    });
    // Every finished request's bytes on the wire: request and response headers, and the body as
    // sent (compressed where the server compresses).
    page.on('requestfinished', (request) => {
      wire.push(
        request
          .sizes()
          .then((sizes) => {
            const headers = sizes.requestHeadersSize + sizes.responseHeadersSize;
            const total = headers + sizes.requestBodySize + sizes.responseBodySize;
            if (process.env.BENCH_VERBOSE)
              console.log(
                `  wire ${kb(total).toFixed(1)} KB (headers ${kb(headers).toFixed(1)} KB) ${request.method()} ${new URL(request.url()).pathname}`,
              );
            return total;
          })
          .catch(() => 0),
      );
    });
  }
  // The movie list keeps its live change stream open for as long as it is shown, so Playwright's
  // 'networkidle' would never come: wait instead for 500 ms without any other request in flight.
  const inFlight = new Set();
  const isStream = (request) => request.resourceType() === 'eventsource' || request.url().includes('/api/changes');
  page.on('request', (request) => !isStream(request) && inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  await page.goto(url, { waitUntil: 'load' });
  await waitForQuiet(inFlight);
  // Let late work (lazy route chunks, hydration) finish and be observed.
  await page.waitForTimeout(1000);
  const vitals = await page.evaluate(() => {
    const { lcp, lcpElement, cls, longTasks, fcp, shifts } = window.__vitals;
    // Total blocking time: the part of each long task after first contentful paint beyond 50 ms.
    const tbt = longTasks
      .filter((task) => task.start + task.duration > fcp)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    // What the first screen needed: the scripts asked for before its largest paint. A load whose
    // largest paint was not recorded counts every script, rather than none.
    const beforeLcp = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
      .filter((entry) => lcp === 0 || entry.startTime <= lcp)
      .map((entry) => new URL(entry.name).pathname);
    // For BENCH_PROFILE_DIR's timeline: when each request started and ended.
    const requests = performance
      .getEntriesByType('resource')
      .map((entry) => ({ start: entry.startTime, end: entry.responseEnd, name: new URL(entry.name).pathname }));
    return { lcp, lcpElement, cls, tbt, beforeLcp, longTasks, fcp, requests, shifts };
  });
  if (profileAs) await writeProfile(cdp, profileAs, vitals);
  const finalPath = new URL(page.url()).pathname;
  const drawnWith = new Set(vitals.beforeLcp);
  let js = 0;
  let firstJs = 0;
  let css = 0;
  const files = [];
  for (const asset of assets) {
    const gz = gzipSync(await asset.body, { level: 9 }).length;
    const file = new URL(asset.url).pathname;
    const first = asset.type === 'script' && drawnWith.has(file);
    if (asset.type === 'script') js += gz;
    else css += gz;
    if (first) firstJs += gz;
    files.push({ file, type: asset.type, gz, first });
  }
  const wireBytes = (await Promise.all(wire)).reduce((sum, bytes) => sum + bytes, 0);
  await context.close();
  return { ...vitals, js, firstJs, css, wireBytes, files, finalPath };
}

/** BENCH_PROFILE_DIR: the load's CPU profile, and its long tasks beside its largest paint. */
async function writeProfile(cdp, name, vitals) {
  const { profile } = await cdp.send('Profiler.stop');
  const file = join(process.env.BENCH_PROFILE_DIR, `${name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`  profile ${file}`);
  const events = [
    [vitals.fcp, 'first contentful paint'],
    [vitals.lcp, `largest contentful paint ${vitals.lcpElement}`],
    ...vitals.longTasks.map((task) => [task.start, `long task, ${task.duration.toFixed(0)} ms`]),
    ...vitals.requests.map((request) => [request.end, `${request.name} in (asked at ${request.start.toFixed(0)})`]),
    ...vitals.shifts.map((shift) => [shift.start, `layout shift ${shift.value.toFixed(3)}: ${shift.moved.join('; ')}`]),
  ].sort((a, b) => a[0] - b[0]);
  for (const [at, what] of events) console.log(`    ${at.toFixed(0).padStart(6)} ms  ${what}`);
}

/**
 * The build's file layout, from its manifest: the site's files (every one it can load) never
 * import a file of the app's, and the editors the console and the app gain (the rich-text
 * editor, the charts) are only ever loaded on demand, by the pages that use them.
 */
function layoutProblems() {
  const manifest = JSON.parse(readFileSync(join(distDir, 'client', '.vite', 'manifest.json'), 'utf8'));
  const problems = [];
  const reached = new Set();
  const pending = ['src/site/entry-client.tsx'];
  while (pending.length > 0) {
    const key = pending.pop();
    if (reached.has(key) || !manifest[key]) continue;
    reached.add(key);
    pending.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []));
  }
  for (const key of reached) {
    const { file, src } = manifest[key];
    if (src?.startsWith('src/app/') || /\/(app-start|screen-|_northwind-ionic)/.test(`/${file.replace('assets/', '')}`))
      problems.push(`the site can load ${file}, a file of the app's`);
  }
  const editors = ['src/app/features/admin/components/rich-text-editor.tsx', 'src/app/features/charts/pages/charts-page.tsx'];
  for (const editor of editors) {
    const staticImporters = Object.entries(manifest)
      .filter(([, chunk]) => (chunk.imports ?? []).includes(editor))
      .map(([key]) => key);
    const onDemand = Object.entries(manifest)
      .filter(([, chunk]) => (chunk.dynamicImports ?? []).includes(editor))
      .map(([key]) => key);
    if (!manifest[editor]) problems.push(`${editor} is not a file of its own`);
    else if (staticImporters.length > 0) problems.push(`${editor} is imported statically by ${staticImporters.join(', ')}`);
    else console.log(`layout: ${manifest[editor].file} loads on demand only, from ${onDemand.join(', ')}`);
  }
  return problems;
}

const startLoad = loadavg()
  .map((value) => value.toFixed(2))
  .join(', ');
console.log(`bench:web: load average at start ${startLoad}`);
buildOnce();
const failures = layoutProblems();
const port = await freePort();
const server = await startServer(port);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const rows = [];
try {
  for (const target of PAGES.filter((page) => !only || only.has(page.path))) {
    const url = `http://localhost:${port}${target.path}`;
    const options = { returning: target.returning ?? false, signedIn: target.signedIn ?? false };
    await load(browser, url, { ...options, measureBytes: false }); // warm the server, not the browser
    const bytes = await load(browser, url, { ...options, measureBytes: true });
    const runs = [];
    const profileName = (run) =>
      process.env.BENCH_PROFILE_DIR ? `${target.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${run + 1}` : null;
    for (let run = 0; run < RUNS; run++)
      runs.push(await load(browser, url, { ...options, measureBytes: false, profileAs: profileName(run) }));
    if (process.env.BENCH_VERBOSE)
      for (const run of runs) console.log(`  ${target.label} LCP ${run.lcp.toFixed(0)} ms at ${run.lcpElement}`);
    const row = {
      page: target.label,
      shown: bytes.finalPath,
      firstKb: kb(bytes.firstJs),
      jsKb: kb(bytes.js),
      cssKb: kb(bytes.css),
      wireKb: kb(bytes.wireBytes),
      files: bytes.files.length,
      scripts: bytes.files.filter((file) => file.type === 'script').length,
      lcpMs: median(runs.map((run) => run.lcp)),
      cls: median(runs.map((run) => run.cls)),
      tbtMs: median(runs.map((run) => run.tbt)),
    };
    rows.push(row);
    if (process.env.BENCH_VERBOSE)
      for (const file of bytes.files)
        console.log(`  ${target.label} ${file.type}${file.first ? ' (first screen)' : ''} ${(file.gz / 1024).toFixed(1)} KB ${file.file}`);
    const { budget } = target;
    if (budget.jsKb !== undefined && row.jsKb > budget.jsKb)
      failures.push(`${target.label}: ${row.jsKb.toFixed(1)} KB of gzipped JavaScript, budget ${budget.jsKb} KB`);
    if (budget.firstKb !== undefined && row.firstKb > budget.firstKb)
      failures.push(
        `${target.label}: ${row.firstKb.toFixed(1)} KB of gzipped JavaScript before the first screen, budget ${budget.firstKb} KB`,
      );
    if (budget.wireKb !== undefined && row.wireKb > budget.wireKb)
      failures.push(`${target.label}: ${row.wireKb.toFixed(1)} KB on the wire, budget ${budget.wireKb} KB`);
    if (budget.cssKb !== undefined && row.cssKb > budget.cssKb)
      failures.push(`${target.label}: ${row.cssKb.toFixed(1)} KB of gzipped CSS, budget ${budget.cssKb} KB`);
    if (budget.scripts !== undefined && row.scripts > budget.scripts)
      failures.push(`${target.label}: ${row.scripts} script requests, budget ${budget.scripts}`);
    if (row.lcpMs > budget.lcpMs) failures.push(`${target.label}: median LCP ${row.lcpMs.toFixed(0)} ms, budget ${budget.lcpMs} ms`);
    if (row.cls > budget.cls) failures.push(`${target.label}: median CLS ${row.cls.toFixed(3)}, budget ${budget.cls}`);
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

const budgetOf = (label) => PAGES.find((target) => target.label === label).budget;
const tableRows = rows.map((row) => {
  const budget = budgetOf(row.page);
  return [
    row.page,
    row.shown,
    `${row.firstKb.toFixed(1)} KB (${budget.firstKb ?? '-'})`,
    `${row.jsKb.toFixed(1)} KB (${budget.jsKb ?? '-'})`,
    `${row.cssKb.toFixed(1)} KB (${budget.cssKb ?? '-'})`,
    `${row.scripts} (${budget.scripts ?? '-'})`,
    `${row.wireKb.toFixed(1)} KB (${budget.wireKb ?? '-'})`,
    `${row.lcpMs.toFixed(0)} ms (${budget.lcpMs})`,
    `${row.cls.toFixed(3)} (${budget.cls})`,
    `${row.tbtMs.toFixed(0)} ms`,
  ];
});
const header = [
  'page',
  'shown',
  'JS gz, first screen (budget)',
  'JS gz, all (budget)',
  'CSS gz (budget)',
  'scripts (budget)',
  'on the wire (budget)',
  'LCP (budget)',
  'CLS (budget)',
  'TBT',
];
const widths = header.map((title, column) => Math.max(title.length, ...tableRows.map((row) => row[column].length)));
const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
const table = [line(header), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...tableRows.map(line)].join('\n');
const endLoad = loadavg()
  .map((value) => value.toFixed(2))
  .join(', ');
const busiest = Math.max(Number(startLoad.split(', ')[0]), Number(endLoad.split(', ')[0]));
// Byte and request counts do not depend on the load; timings (LCP, TBT) do.
const verdict =
  busiest > cpus().length ? `; the load average was above the number of CPUs (${cpus().length}), so the timings judge nothing` : '';
const throttling = NETWORK
  ? `${CPU_SLOWDOWN}x CPU slowdown, 150 ms round trips at 1.6 Mbit/s`
  : `${CPU_SLOWDOWN}x CPU slowdown, no network throttling`;
const intro = `First load, ${VIEWPORT.width}x${VIEWPORT.height}, ${throttling}, median of ${RUNS} cold loads; load average at start ${startLoad}, at the end ${endLoad}${verdict}`;
console.log(`\n${intro}\n\n${table}`);
if (process.env.BENCH_NO_DOCS !== '1') {
  const file = resolve('docs/performance.md');
  const [open, close] = ['<!-- bench:web results: start -->', '<!-- bench:web results: end -->'];
  const doc = readFileSync(file, 'utf8');
  const from = doc.indexOf(open);
  const to = doc.indexOf(close);
  if (from === -1 || to < from) console.error('(docs/performance.md has no bench:web markers: results not written)');
  else {
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    writeFileSync(file, `${doc.slice(0, from + open.length)}\n\nLast run: ${stamp} UTC. ${intro}.\n\n${table}\n\n${doc.slice(to)}`);
  }
}
if (failures.length) {
  console.error(`\nOver budget:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nAll budgets met.');
