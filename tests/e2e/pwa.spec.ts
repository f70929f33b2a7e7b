import { spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test, waitForHydration, waitForIonicPage } from './support/fixtures';
import { storedSupportMessages } from './support/database';
import { ServerProcess } from './support/server-process';
import { ownPort } from './support/suite';

/**
 * Installable and offline: the manifest and icons, a service worker that controls the page, the
 * site and the app opening with the server stopped, what is and is not cached, a message written
 * offline, and the update flow from the suite's build to a new one.
 */

/** Builds of our own live inside the project so the server bundle finds node_modules. */
const BUILDS = process.env.PWA_BUILD_DIR ?? join('test-results', 'pwa-builds');
const API_CACHE = 'northwind-api-v1';
/**
 * The servers these tests stop stand behind no balancer: each stops at once instead of serving
 * on for the 5-s drain a balancer needs (the drain has its API test, shutdown.test.ts).
 */
const OWN_SERVER_ENV = { SHUTDOWN_DRAIN_MS: '0' };

async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** Width and height from a PNG's IHDR chunk: the icon really is the size the manifest says. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function fetchPng(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  return pngSize(await response.body());
}

test.describe('installable', () => {
  test('the manifest has what an install needs, with real icons of the stated sizes', async ({ request }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Northwind Computer Services',
      short_name: 'Northwind',
      start_url: '/app/tabs/home',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) expect(await fetchPng(request, icon.src), icon.src).toBe(icon.sizes);
    expect(await fetchPng(request, '/icons/apple-touch-icon.png')).toBe('180x180');
    expect(await fetchPng(request, '/icons/og-image.png')).toBe('1200x630');

    // Both faces link the manifest, the home-screen icon and a light and a dark theme colour.
    for (const path of ['/', '/app/tabs/home']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
      expect(html, path).toMatch(/<link rel="apple-touch-icon" href="\/icons\/apple-touch-icon\.png"/);
      expect(html, path).toMatch(/name="theme-color" media="\(prefers-color-scheme: light\)"/);
      expect(html, path).toMatch(/name="theme-color" media="\(prefers-color-scheme: dark\)"/);
    }
    // A new service worker must be seen at once after a deploy.
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
  });
});

interface FirstVisit {
  landingHeading: string;
  /** /api/config as the server answered it. */
  config: unknown;
}

/**
 * The first visit, online: the landing page installs the service worker, Contact Us is seen, and
 * the app's start page asks the API; its public answers are kept, never identity, credentialed or
 * health ones.
 */
async function firstVisit(page: Page, server: ServerProcess): Promise<FirstVisit> {
  await page.goto(`${server.url}/`);
  await waitForHydration(page);
  const landingHeading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
  expect(landingHeading.length).toBeGreaterThan(0);
  await waitForController(page);
  const registration = await page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration();
    return { scope: found?.scope, script: found?.active?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${server.url}/`, script: `${server.url}/sw.js` });

  await page.goto(`${server.url}/support`);
  await waitForHydration(page);

  // The manifest's start_url, loaded once online.
  await page.goto(`${server.url}/app/tabs/home`);
  await waitForIonicPage(page);
  const config: unknown = await page.evaluate(async () => {
    const answer: unknown = await (await fetch('/api/config')).json();
    await fetch('/api/health');
    await fetch('/identity/v1/projects?key=dev-api-key-northwind');
    // Same public endpoint, but sent with credentials: its answer belongs to that user.
    await fetch('/api/schedule', { headers: { Authorization: 'Bearer not-a-real-token' } });
    return answer;
  });
  // Stale-while-revalidate stores after answering: wait until the entry is there.
  await expect
    .poll(() => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), API_CACHE))
    .toContain('/api/config');
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(cached).not.toContain('/api/health');
  expect(cached).not.toContain('/api/schedule');
  expect(cached.filter((path) => path.startsWith('/identity'))).toEqual([]);
  return { landingHeading, config };
}

/**
 * With the server stopped: the kept API answer and nothing else; the small notice while the
 * browser is offline; the landing page from its last copy; the app's start page and a route never
 * visited from the precache; and no copy of a site page never visited.
 */
async function offlineUse(page: Page, context: BrowserContext, server: ServerProcess, first: FirstVisit) {
  const offline = await page.evaluate(async () => {
    const outcome = async (url: string) => {
      try {
        const response = await fetch(url);
        return response.ok ? ((await response.json()) as unknown) : `status ${response.status}`;
      } catch {
        return 'failed';
      }
    };
    return {
      config: await outcome('/api/config'),
      health: await outcome('/api/health'),
      identity: await outcome('/identity/v1/projects?key=dev-api-key-northwind'),
    };
  });
  expect(offline).toEqual({ config: first.config, health: 'failed', identity: 'failed' });

  // The browser going offline shows the small notice; coming back hides it.
  const notice = page.getByRole('status').getByText('Offline', { exact: true });
  await expect(notice).toHaveCount(0);
  await context.setOffline(true);
  await expect(notice).toBeVisible();
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);

  // The landing page comes from the last copy, with its content and header.
  await page.goto(`${server.url}/`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(first.landingHeading);
  await expect(page.locator('header.site-header')).toBeVisible();
  await waitForHydration(page);

  // The app's shell and its route chunks are precached: start_url and a route never visited
  // open with their page (a first-time visitor may be shown the tutorial instead: also a chunk).
  for (const path of ['/app/tabs/home', '/charts-and-graphs']) {
    await page.goto(`${server.url}${path}`);
    await waitForIonicPage(page);
    await expect(page.locator('.ion-page:not(.ion-page-hidden) ion-title').last()).not.toBeEmpty();
    await expect(page.locator('ion-menu')).toHaveCount(1);
  }

  // A site page never visited has no copy: the worker does not invent one. (In a tab of its own:
  // the error page it ends on would cut into this page's next visit.)
  const tab = await context.newPage();
  await expect(tab.goto(`${server.url}/about`)).rejects.toThrow(/net::ERR_/);
  await tab.close();
}

const outboxItems = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('nw.supportOutbox') ?? '[]') as Array<{ values: { message: string } }>);

/**
 * Contact Us, from the worker's copy while the server is stopped: the message is kept on the
 * device (the site's outbox, src/site/lib/outbox-store.ts) and delivered once the server is back;
 * a message a closed tab left in the outbox goes on the next page load, and none is sent twice.
 */
async function messageWrittenOffline(page: Page, server: ServerProcess) {
  const message = `Written on a train ${Date.now().toString(36)}`;
  const stored = (text: string) => storedSupportMessages(server.databaseUrl, text);
  await page.goto(`${server.url}/support`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await page.getByLabel('Name', { exact: true }).fill('Offline Olivia');
  await page.getByLabel('Email', { exact: true }).fill('olivia@example.com');
  await page.getByLabel('Message', { exact: true }).fill(message);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Message saved, it will be sent automatically' })).toBeVisible();
  expect((await outboxItems(page)).map((item) => item.values.message)).toEqual([message]);

  await server.start();
  // The outbox tries again on its own, 2 s after a failed try and doubling: the try after the
  // server is back can come as long after it as the server took to start.
  await expect(page.getByRole('heading', { name: 'Your queued message has been delivered' })).toBeVisible({ timeout: 45_000 });
  expect(await stored(message)).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('nw.supportOutbox'))).toBeNull();

  // As if an earlier visit had queued a message and its tab was closed before the network
  // returned: the next page load sends it, and sends nothing else.
  const leftBehind = `Left behind on a train ${Date.now().toString(36)}`;
  await page.goto(`${server.url}/about`);
  await waitForHydration(page);
  await page.evaluate((text) => {
    const item = {
      key: `left-behind-${Math.random().toString(36).slice(2, 10)}`,
      queuedAt: new Date().toISOString(),
      values: { name: 'Commuter', email: 'commuter@example.com', subject: null, message: text },
    };
    localStorage.setItem('nw.supportOutbox', JSON.stringify([item]));
  }, leftBehind);
  await page.goto(`${server.url}/team`);
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('nw.supportOutbox'))).toBeNull();
  expect(await stored(leftBehind)).toHaveLength(1);
  expect(await stored(message)).toHaveLength(1);
}

test.describe('offline', () => {
  // Requests the browser makes while the server is down fail by design.
  // One pattern: Playwright would read a second RegExp as fixture options.
  test.use({ allowConsoleErrors: [/net::ERR_|Failed to load resource/] });
  // The journey starts a server of its own twice (the first start migrates and seeds), and each
  // start alone takes 10 to 20 s of a busy 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test('after a first visit the site and the app open with the server stopped, with the API answers kept for it, and a message written meanwhile is delivered when it returns', async ({
    page,
    context,
  }) => {
    const server = new ServerProcess(ownPort(15), { env: OWN_SERVER_ENV });
    server.reset();
    await server.start();
    try {
      const first = await firstVisit(page, server);
      await server.stop();
      await offlineUse(page, context, server, first);
      await messageWrittenOffline(page, server);
    } finally {
      await server.stop();
    }
  });
});

/** A build of our own of this tree as `version`, made in the background while the test goes on. */
function startBuild(name: string, version: string): { built: Promise<string>; stop: () => void } {
  const distDir = join(BUILDS, name);
  const child = spawn(process.execPath, ['scripts/build.mjs'], {
    env: { ...process.env, DIST_DIR: distDir, APP_VERSION: version, CI: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const built = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => (code === 0 ? resolve(distDir) : reject(new Error(`build ${name} failed:\n${stderr}`))));
  });
  // Awaited later: a failure meanwhile is not an unhandled rejection.
  built.catch(() => undefined);
  return { built, stop: () => child.exitCode === null && child.kill('SIGTERM') };
}

/** The suite's build minus its service worker script, in a folder of its own. */
function buildWithoutWorker(): string {
  const distDir = join(BUILDS, 'no-worker');
  rmSync(distDir, { recursive: true, force: true });
  cpSync(process.env.DIST_DIR ?? 'dist', distDir, { recursive: true });
  rmSync(join(distDir, 'client', 'sw.js'));
  return distDir;
}

const appVersion = (page: Page) => page.locator('html').getAttribute('data-app-version');

/** Registering a missing worker fails, logged with the catalogue's words, and the app still works. */
async function registrationFails(page: Page, server: ServerProcess) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await server.start();
  try {
    await page.goto(`${server.url}/app/tabs/home`);
    await waitForIonicPage(page);
    await expect.poll(() => errors.some((text) => text.startsWith('Service worker registration failed with:'))).toBe(true);
    await expect(page.locator('.ion-page:not(.ion-page-hidden) ion-title').last()).not.toBeEmpty();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  } finally {
    await server.stop();
  }
}

/** The first install of a worker is no update: no toast. Returns the version the page runs. */
async function firstInstall(page: Page, server: ServerProcess): Promise<string> {
  await server.start();
  try {
    await page.goto(`${server.url}/app/tabs/home`);
    await waitForIonicPage(page);
    const version = await appVersion(page);
    expect(version).toBeTruthy();
    await waitForController(page);
    await expect(page.getByText('Update available!')).toBeHidden();
    return version!;
  } finally {
    await server.stop();
  }
}

/** A new deployment on the same address: "Update available!", and Reload shows it, once. */
async function updateOffered(page: Page, server: ServerProcess, current: string, next: string) {
  await server.start();
  try {
    await page.reload();
    await waitForIonicPage(page);
    // Still the current version (from the worker's precache) until the user chooses to update.
    expect(await appVersion(page)).toBe(current);
    const toast = page.locator('ion-toast');
    await expect(toast.getByText('Update available!')).toBeVisible({ timeout: 30_000 });

    let loads = 0;
    page.on('load', () => loads++);
    const reloaded = page.waitForEvent('load');
    await toast.getByRole('button', { name: 'Reload' }).click();
    // The page reloads when the new worker has taken over; its activation (which first refreshes
    // the kept site pages) is the new version's own work, so the test waits for the reload itself.
    await reloaded;
    await expect.poll(() => appVersion(page)).toBe(next);
    await waitForIonicPage(page);
    // The new worker controls the page and none waits or installs: nothing is left that could
    // reload the page again, so it was reloaded exactly once, and no toast offers this version.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            controller: navigator.serviceWorker.controller?.state,
            waiting: Boolean(registration?.waiting),
            installing: Boolean(registration?.installing),
          };
        }),
      )
      .toEqual({ controller: 'activated', waiting: false, installing: false });
    expect(loads).toBe(1);
    await expect(page.getByText('Update available!')).toBeHidden();
  } finally {
    await server.stop();
  }
}

test.describe('deployments', () => {
  test.use({
    allowConsoleErrors: [
      /^Service worker registration failed with:|Failed to load resource|bad HTTP response code \(404\) was received when fetching the script/,
    ],
  });
  // The next version is built inside the test (about a minute on a busy 2-core machine) beside
  // three server starts, the first of which migrates and seeds.
  test.describe.configure({ timeout: 180_000 });

  test('a deployment missing its worker still runs; the next installs its worker, and a newer one shows "Update available!" and Reload shows it, once', async ({
    page,
  }) => {
    rmSync(BUILDS, { recursive: true, force: true });
    const next = `next-${Date.now()}`;
    const build = startBuild('next', next);
    const port = ownPort(17);
    try {
      const noWorker = new ServerProcess(port, { distDir: buildWithoutWorker(), env: OWN_SERVER_ENV });
      noWorker.reset();
      await registrationFails(page, noWorker);
      // The suite's build on the same address and database, then the new one.
      const current = await firstInstall(page, new ServerProcess(port, { env: OWN_SERVER_ENV }));
      await updateOffered(page, new ServerProcess(port, { distDir: await build.built, env: OWN_SERVER_ENV }), current, next);
    } finally {
      build.stop();
    }
  });
});
