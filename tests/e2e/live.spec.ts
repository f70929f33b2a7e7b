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

/**
 * A new browser context that has seen the tutorial and sits on the movie list; `listLoads` are
 * the page's requests for the whole list.
 */
async function openContext(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page; streamOpen: Promise<unknown>; listLoads: string[] }> {
  const context = await browser.newContext({ baseURL: baseURL! });
  const page = await context.newPage();
  const listLoads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/movies' && request.method() === 'GET') listLoads.push(request.url());
  });
  // The live stream's answer arrives with its headers; the stream itself never ends.
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/changes'));
  streamOpen.catch(() => undefined);
  await page.goto('/tutorial');
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await waitForIonicPage(page);
  await expect(summary(page)).toBeVisible();
  return { context, page, streamOpen, listLoads };
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

/**
 * Leaves movies waiting in the device's outbox (the app's IndexedDB database for live data), as
 * adds made offline leave them: the form's own offline add is checked once, and the limit of
 * ten waiting writes is the outbox's unit test (src/app/lib/live/outbox.test.ts).
 */
async function queueOnDevice(page: Page, titles: string[]) {
  await page.evaluate(
    (queued) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('northwind-live', 1);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const transaction = db.transaction('outbox', 'readwrite');
          for (const title of queued) {
            const body = { title, genres: ['Drama'] };
            transaction
              .objectStore('outbox')
              .put({ key: crypto.randomUUID(), kind: 'movie-add', body, createdAt: Date.now(), state: 'waiting' });
          }
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    titles,
  );
}

/** The service worker must control the page before the app can reload offline. */
async function waitForController(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('a movie added in one browser shows in another over the live stream, its search text kept, the list loaded once', async ({
  browser,
  baseURL,
}) => {
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
    await expect(rows(viewer.page).filter({ hasText: title })).toBeVisible();
    await expect(searchInput(viewer.page)).toHaveValue('livewire');
    await expect(rows(viewer.page)).toHaveCount(1);
    // The movie came as a change on the stream, after whatever the stream said first: the stream
    // resumed from the list's version, where a reset (or a poll) would have loaded the list again.
    expect(viewer.listLoads).toHaveLength(1);
  } finally {
    await writer.context.close();
    await viewer.context.close();
  }
});

test('offline: a movie added waits on the device, the app opens with the list kept there, the eleventh write is refused, and back online the movie is stored once', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openContext(browser, baseURL);
  try {
    await signUp(page);
    // The form's code loads on first use: offline, the service worker has it.
    await waitForController(page);

    // Offline, a movie added waits on the device.
    const online = Number((await summary(page).textContent())?.replace(/\D/g, ''));
    await context.setOffline(true);
    await expect(offlineNotice(page)).toBeVisible();
    const title = unique('Offline Film');
    const popover = await addThroughForm(page, title);
    await expect(popover).toBeHidden();
    await expect(page.locator('ion-toast', { hasText: 'will be sent when you are back online' })).toBeVisible();
    const row = rows(page).filter({ hasText: title });
    await expect(row).toContainText('waiting to be sent');

    // The app opens offline with the list kept on the device (without the service worker's copy
    // of the API answer, only the device cache can fill it), the waiting movie in it.
    await page.evaluate(() => caches.delete('northwind-api-v1'));
    await page.reload();
    await waitForIonicPage(page);
    await expect(summary(page)).toHaveText(`${online + 1} movies`);
    await expect(rows(page).first()).toBeVisible();
    await expect(offlineNotice(page)).toBeVisible();
    // The list is virtualised: search brings the row into view.
    await searchInput(page).fill(title);
    await expect(row).toContainText('waiting to be sent');

    // With ten writes waiting, the eleventh is refused with a clear sentence, its form kept.
    await queueOnDevice(
      page,
      Array.from({ length: 9 }, (_, i) => unique(`Queued ${i + 2}`)),
    );
    await addThroughForm(page, unique('One too many'));
    await expect(page.locator('ion-toast', { hasText: '10 changes are already waiting to be sent.' })).toBeVisible();
    await expect(popover).toBeVisible();
    await popover.getByRole('button', { name: 'Cancel' }).click();
    await expect(popover).toBeHidden();

    await context.setOffline(false);
    const storedCopies = async () => {
      const listed = await page.request.get('/api/movies');
      const { movies } = (await listed.json()) as { movies: { title: string }[] };
      return movies.filter((movie) => movie.title === title).length;
    };
    // The server has it once (polled: the device sends it when it notices it is back online)...
    await expect.poll(storedCopies).toBe(1);
    // ...the list shows it confirmed, and nothing sent it a second time meanwhile.
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('waiting to be sent');
    expect(await storedCopies()).toBe(1);
  } finally {
    await context.close();
  }
});
