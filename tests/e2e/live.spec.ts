import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, waitForIonicPage } from './support/fixtures';

const LIST = '/app/tabs/home';
const activePage = (page: Page) => page.locator('.ion-page:not(.ion-page-hidden)').last();
const rows = (page: Page) => page.getByTestId('movie-row');
const summary = (page: Page) => page.locator('.movie-list-summary');
const searchInput = (page: Page) => activePage(page).locator('ion-searchbar input');
const offlineNotice = (page: Page) => page.getByRole('status').getByText('Offline', { exact: true });

// Offline requests fail on purpose; the browser logs each one.
test.use({ allowConsoleErrors: [/net::ERR_|Failed to load resource/] });

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(counter += 1)}`;

/** A new browser context that has seen the tutorial and sits on the movie list. */
async function openContext(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page; streamOpen: Promise<unknown> }> {
  const context = await browser.newContext({ baseURL: baseURL! });
  const page = await context.newPage();
  // The live stream's answer arrives with its headers; the stream itself never ends.
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/changes'), { timeout: 30_000 });
  streamOpen.catch(() => undefined);
  await page.goto('/tutorial');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await waitForIonicPage(page);
  await expect(summary(page)).toBeVisible();
  return { context, page, streamOpen };
}

async function signUp(page: Page) {
  await page.goto(`/signup?next=${encodeURIComponent(LIST)}`);
  await waitForIonicPage(page);
  const form = activePage(page);
  await form.getByLabel('Email').fill(`live-${Date.now().toString(36)}-${(counter += 1)}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('a long enough password');
  await form.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await waitForIonicPage(page);
  await expect(summary(page)).toBeVisible();
}

/** Adds a movie through the More popover's form. */
async function addThroughForm(page: Page, title: string) {
  await activePage(page).getByRole('button', { name: 'More' }).click();
  await page.locator('ion-popover').getByText('Add Movie').click();
  const popover = page.locator('ion-popover.add-movie-popover');
  await popover.getByLabel('Movie Title').fill(title);
  await popover.getByLabel('Movie Genres').fill('Drama');
  await popover.getByRole('button', { name: 'Submit' }).click();
  return popover;
}

/** The service worker must control the page before the app can reload offline. */
async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 40_000 });
}

test('a movie added in one browser shows in another within a second, its search text kept', async ({ browser, baseURL }) => {
  // Two browsers and a sign-up: slow on a busy machine; the one-second check is the assertion below.
  test.setTimeout(90_000);
  const writer = await openContext(browser, baseURL);
  const viewer = await openContext(browser, baseURL);
  try {
    await signUp(writer.page);
    const title = unique('Livewire');
    await searchInput(viewer.page).fill('livewire');
    await expect(rows(viewer.page)).toHaveCount(0);
    // The viewer's stream is open (it loads after the first screen).
    await viewer.streamOpen;

    await addThroughForm(writer.page, title);
    await expect(writer.page.locator('ion-toast', { hasText: `Added “${title}”.` })).toBeVisible();
    await expect(rows(viewer.page).filter({ hasText: title })).toBeVisible({ timeout: 1_000 });
    await expect(searchInput(viewer.page)).toHaveValue('livewire');
    await expect(rows(viewer.page)).toHaveCount(1);
  } finally {
    await writer.context.close();
    await viewer.context.close();
  }
});

test('the Demo list loads the list once: the stream resumes from its version instead of a reset', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: baseURL! });
  const page = await context.newPage();
  const listLoads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/movies' && request.method() === 'GET') listLoads.push(request.url());
  });
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/changes'), { timeout: 30_000 });
  await page.goto('/tutorial');
  await page.getByRole('button', { name: 'Skip' }).click();
  await waitForIonicPage(page);
  await expect(rows(page).first()).toBeVisible();
  await streamOpen;
  // Time for the stream's first messages to arrive: a reset for the movies would load the list again.
  await page.waitForTimeout(1_500);
  expect(listLoads).toHaveLength(1);
  await context.close();
});

test('a movie added offline waits on the device, survives a reload and is stored once when back online', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { context, page } = await openContext(browser, baseURL);
  try {
    await signUp(page);
    await waitForController(page);
    await context.setOffline(true);
    await expect(offlineNotice(page)).toBeVisible();
    const title = unique('Offline Film');
    const popover = await addThroughForm(page, title);
    await expect(popover).toBeHidden();
    await expect(page.locator('ion-toast', { hasText: 'will be sent when you are back online' })).toBeVisible();
    const row = rows(page).filter({ hasText: title });
    await expect(row).toContainText('waiting to be sent');

    await page.reload();
    await waitForIonicPage(page);
    // The list is virtualised: search brings the row into view.
    await searchInput(page).fill(title);
    await expect(row).toContainText('waiting to be sent');

    await context.setOffline(false);
    const storedCopies = async () => {
      const listed = await page.request.get('/api/movies');
      const { movies } = (await listed.json()) as { movies: { title: string }[] };
      return movies.filter((movie) => movie.title === title).length;
    };
    // The server has it once (polled: the device sends it when it notices it is back online)...
    await expect.poll(storedCopies, { timeout: 15_000 }).toBe(1);
    // ...the list shows it confirmed, and nothing sent it a second time meanwhile.
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('waiting to be sent', { timeout: 15_000 });
    expect(await storedCopies()).toBe(1);
  } finally {
    await context.close();
  }
});

test('the eleventh write made offline is refused with a clear sentence', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { context, page } = await openContext(browser, baseURL);
  try {
    await signUp(page);
    // The form's code loads on first use: offline, the service worker has it.
    await waitForController(page);
    await context.setOffline(true);
    for (let i = 0; i < 10; i++) {
      const popover = await addThroughForm(page, unique(`Queued ${i}`));
      await expect(popover).toBeHidden();
    }
    const popover = await addThroughForm(page, unique('One too many'));
    await expect(page.locator('ion-toast', { hasText: '10 changes are already waiting to be sent.' })).toBeVisible();
    await expect(popover).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the app opens offline with the list kept on the device', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { context, page } = await openContext(browser, baseURL);
  try {
    const online = (await summary(page).textContent()) ?? '';
    await waitForController(page);
    // Without the service worker's copy of the API answer, only the device cache can fill the list.
    await page.evaluate(() => caches.delete('northwind-api-v1'));
    await context.setOffline(true);
    await page.reload();
    await waitForIonicPage(page);
    await expect(summary(page)).toHaveText(online);
    await expect(rows(page).first()).toBeVisible();
    await expect(offlineNotice(page)).toBeVisible();
  } finally {
    await context.close();
  }
});
