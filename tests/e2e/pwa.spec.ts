import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForHydration, waitForIonicPage } from './support/fixtures';
import { storedSupportMessages } from './support/database';
import { ServerProcess } from './support/server-process';
import { ownPort } from './support/suite';

/**
 * Installable and offline: the manifest and icons, a service worker that
 * controls the page, the site and the app opening with the server stopped, what is and is not
 * cached, and the update flow across two real builds.
 */

/** Builds of our own live inside the project so the server bundle finds node_modules. */
const BUILDS = process.env.PWA_BUILD_DIR ?? join('test-results', 'pwa-builds');
const API_CACHE = 'northwind-api-v1';

function build(name: string, version: string): string {
  const distDir = join(BUILDS, name);
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
    env: { ...process.env, DIST_DIR: distDir, APP_VERSION: version, CI: '1' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build ${name} failed:\n${result.stderr}`);
  return distDir;
}

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

test.describe('offline', () => {
  // Requests the browser makes while the server is down fail by design.
  // One pattern: Playwright would read a second RegExp as fixture options.
  test.use({ allowConsoleErrors: [/net::ERR_|Failed to load resource/] });

  test('after a first visit the landing page and the app start with the server stopped', async ({ page }) => {
    const server = new ServerProcess(ownPort(15));
    server.reset();
    await server.start();
    let landingHeading = '';
    try {
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      landingHeading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
      expect(landingHeading.length).toBeGreaterThan(0);
      await waitForController(page);
      const registration = await page.evaluate(async () => {
        const found = await navigator.serviceWorker.getRegistration();
        return { scope: found?.scope, script: found?.active?.scriptURL };
      });
      expect(registration).toEqual({ scope: `${server.url}/`, script: `${server.url}/sw.js` });

      // The manifest's start_url, loaded once online.
      await page.goto(`${server.url}/app/tabs/home`);
      await waitForIonicPage(page);
    } finally {
      await server.stop();
    }

    // Server gone: the landing page comes from the last copy, with its content and header.
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(landingHeading);
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

    // A site page never visited has no copy: the worker does not invent one.
    await expect(page.goto(`${server.url}/about`)).rejects.toThrow(/net::ERR_/);
  });

  test('public API answers are kept for offline use; identity, credentialed and health calls never are', async ({ page, context }) => {
    const server = new ServerProcess(ownPort(16));
    server.reset();
    await server.start();
    try {
      await page.goto(`${server.url}/app/tabs/home`);
      await waitForIonicPage(page);
      await waitForController(page);
      const online = await page.evaluate(async () => {
        const config = await (await fetch('/api/config')).json();
        await fetch('/api/health');
        await fetch('/identity/v1/projects?key=dev-api-key-northwind');
        // Same public endpoint, but sent with credentials: its answer belongs to that user.
        await fetch('/api/schedule', { headers: { Authorization: 'Bearer not-a-real-token' } });
        return config;
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

      await server.stop();
      const offline = await page.evaluate(async () => {
        const outcome = async (url: string) => {
          try {
            const response = await fetch(url);
            return response.ok ? await response.json() : `status ${response.status}`;
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
      expect(offline).toEqual({ config: online, health: 'failed', identity: 'failed' });

      // The browser going offline shows the small notice; coming back hides it.
      const notice = page.getByRole('status').getByText('Offline', { exact: true });
      await expect(notice).toHaveCount(0);
      await context.setOffline(true);
      await expect(notice).toBeVisible();
      await context.setOffline(false);
      await expect(notice).toHaveCount(0);
    } finally {
      await server.stop();
    }
  });
});

test.describe('a support message written offline', () => {
  test.use({ allowConsoleErrors: [/net::ERR_|Failed to load resource/] });
  // A server of its own started twice, a service worker installed, and up to 45 s for the
  // outbox to deliver: on a slow CI day both attempts ran out of 90 s just after the message
  // was delivered (the page showed it), so the test has the 'updates' tests' budget.
  test.describe.configure({ timeout: 180_000 });

  test('is written on the cached Contact Us page with the server stopped and delivered when it returns', async ({ page }) => {
    const server = new ServerProcess(ownPort(19));
    server.reset();
    await server.start();
    const message = `Written on a train ${Date.now().toString(36)}`;
    const stored = () => storedSupportMessages(server.databaseUrl, message);
    try {
      await page.goto(`${server.url}/support`);
      await waitForHydration(page);
      await waitForController(page);
      await server.stop();

      // The page itself now comes from the service worker's copy.
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
      await page.getByLabel('Name', { exact: true }).fill('Offline Olivia');
      await page.getByLabel('Email', { exact: true }).fill('olivia@example.com');
      await page.getByLabel('Message', { exact: true }).fill(message);
      await page.getByRole('button', { name: 'Send message' }).click();
      // The site's outbox (src/site/lib/outbox.ts) keeps it on the device.
      await expect(page.getByRole('heading', { name: 'Message saved, it will be sent automatically' })).toBeVisible();

      await server.start();
      await expect(page.getByRole('heading', { name: 'Your queued message has been delivered' })).toBeVisible({ timeout: 45_000 });
      expect(await stored()).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});

test.describe('updates', () => {
  // Two builds of the app and two server starts inside the test: 60 to 100 s in CI, and over
  // 120 s on one slow day beside the other worker.
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(() => {
    rmSync(BUILDS, { recursive: true, force: true });
  });

  test('a new deployment shows "Update available!" and Reload shows the new version, once', async ({ page }) => {
    const versionA = `a-${Date.now()}`;
    const versionB = `b-${Date.now()}`;
    const distA = build('a', versionA);
    const distB = build('b', versionB);
    const appVersion = () => page.locator('html').getAttribute('data-app-version');

    const serverA = new ServerProcess(ownPort(17), { distDir: distA });
    serverA.reset();
    await serverA.start();
    try {
      await page.goto(`${serverA.url}/app/tabs/home`);
      await waitForIonicPage(page);
      expect(await appVersion()).toBe(versionA);
      await waitForController(page);
      // The first install is no update: no toast.
      await expect(page.getByText('Update available!')).toBeHidden();
    } finally {
      await serverA.stop();
    }

    // Deploy B on the same address.
    const serverB = new ServerProcess(ownPort(17), { distDir: distB });
    await serverB.start();
    try {
      await page.reload();
      await waitForIonicPage(page);
      // Still A (from the worker's precache) until the user chooses to update.
      expect(await appVersion()).toBe(versionA);
      const toast = page.locator('ion-toast');
      await expect(toast.getByText('Update available!')).toBeVisible({ timeout: 30_000 });

      let loads = 0;
      page.on('load', () => loads++);
      await toast.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(appVersion, { timeout: 15_000 }).toBe(versionB);
      await waitForIonicPage(page);
      // Exactly one reload, and no toast for the version now running.
      await page.waitForTimeout(1_500);
      expect(loads).toBe(1);
      await expect(page.getByText('Update available!')).toBeHidden();
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    } finally {
      await serverB.stop();
    }
  });
});

test.describe('registration failure', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({
    allowConsoleErrors: [
      /^Service worker registration failed with:|Failed to load resource|bad HTTP response code \(404\) was received when fetching the script/,
    ],
  });

  test('is logged with the catalogue words, and the app still works', async ({ page }) => {
    // The same build, minus its service worker script: registering it fails.
    const source = join(BUILDS, 'a');
    const distDir = join(BUILDS, 'no-worker');
    if (!existsSync(source)) build('a', 'no-worker');
    rmSync(distDir, { recursive: true, force: true });
    cpSync(source, distDir, { recursive: true });
    rmSync(join(distDir, 'client', 'sw.js'));

    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const server = new ServerProcess(ownPort(18), { distDir });
    server.reset();
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
  });
});
