import type { Browser, BrowserContext, Page } from '@playwright/test';
import { authErrorSentence } from '../../src/common/auth-errors';
import { markTutorialSeen } from './demos-helpers';
import { expect, test, waitForIonicPage } from './support/fixtures';
import { ServerProcess } from './support/server-process';
import { logInTo, visiblePage } from './support/sign-in';
import { createStaffAccount, STAFF_PASSWORD } from './support/staff';
import { ownPort } from './support/suite';
import { openDatabase } from '../../src/server/platform/db/database';
import { settingsRepository, type SettingKey } from '../../src/server/platform/settings/repository';

/** Changes a setting in a server's database, as an administrator's saved change would. */
async function setSetting(databaseUrl: string, key: SettingKey, value: boolean) {
  const handle = await openDatabase(databaseUrl);
  try {
    await settingsRepository(handle.db).set(key, value, null, new Date().toISOString());
  } finally {
    await handle.close();
  }
}

const LIST = '/app/tabs/home';
const rows = (page: Page) => page.getByTestId('movie-row');

// Ending a session on purpose makes the browser log the refused refresh and API calls; the last
// administrator's refusal is a 409, a used setup link a 410, the console without two-step sign-in a 403.
test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (400|401|403|409|410)/] });

// Each test makes its own accounts and movies: they run side by side on the suite's two workers.
test.describe.configure({ mode: 'parallel' });

let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(counter += 1)}`;

/** A browser context of its own on a device that has seen the tutorial. */
async function newContext(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL! });
  await markTutorialSeen(context);
  return { context, page: await context.newPage() };
}

/** Adds a movie through the API as `email` (any signed-in user may add). */
async function addMovie(page: Page, email: string, title: string) {
  const config = (await (await page.request.get('/api/config')).json()) as { apiKey: string };
  const signIn = await page.request.post(`/identity/v1/accounts:signInWithPassword?key=${config.apiKey}`, {
    data: { email, password: STAFF_PASSWORD, returnSecureToken: true },
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const added = await page.request.post('/api/movies', {
    data: { title, genres: ['Drama'] },
    headers: { authorization: `Bearer ${idToken}`, 'x-xsrf-token': xsrf },
  });
  expect(added.status()).toBe(201);
}

test.describe('a server of its own, on an empty database', () => {
  // Every migration and the demo seed, and no administrator yet: started before the test, as the
  // suite's own server is.
  const server = new ServerProcess(ownPort(3), { env: { LOG_LEVEL: 'warn' } });
  test.beforeAll(async () => {
    server.reset();
    await server.start();
  });
  test.afterAll(async () => {
    await server.stop();
    server.reset();
  });

  test('the first administrator is made through the setup link from the log, then signs in to the console', async ({ page }) => {
    const [, link] = await server.waitForLog(/create one within the hour at (\S+)/);
    const setup = new URL(link!);
    await page.goto(`${server.url}${setup.pathname}${setup.search}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const email = `first-admin-${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long admin password');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await expect(page.getByRole('status')).toContainText('is ready');
    await page.getByRole('link', { name: 'Log in to the console' }).click();
    await waitForIonicPage(page);
    await visiblePage(page).getByLabel('Email').fill(email);
    await visiblePage(page).getByLabel('Password', { exact: true }).fill('a long admin password');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByText(`Signed in as ${email}.`)).toBeVisible();
    // The console's own menu offers the administration pages to an administrator.
    const consoleNav = page.getByRole('navigation', { name: 'Staff console' });
    await expect(consoleNav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
    // The only administrator cannot lock the installation out: the refusal is said as a sentence.
    await consoleNav.getByRole('link', { name: 'Users', exact: true }).click();
    await visiblePage(page)
      .getByRole('link', { name: new RegExp(email.replace(/[.]/g, '\\.')) })
      .click();
    await visiblePage(page).getByRole('button', { name: 'Disable account' }).click();
    await expect(visiblePage(page).getByRole('alert')).toHaveText(/This is the last administrator/);
    await expect(visiblePage(page).getByText('Active', { exact: true })).toBeVisible();
    // Requiring two-step sign-in of staff is refused while this administrator has none.
    await consoleNav.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await waitForIonicPage(page);
    const twoStep = visiblePage(page).getByRole('switch', { name: /Two-step sign-in for staff/ });
    await twoStep.click();
    await expect(visiblePage(page).getByRole('alert')).toHaveText(/Turn on two-step sign-in for your own account/);
    await expect(visiblePage(page).getByRole('switch', { name: /Two-step sign-in for staff/ })).not.toBeChecked();
    // Once it is required (set here in the database), the console sends staff without it to their account.
    await setSetting(server.databaseUrl, 'staffTwoStepRequired', true);
    await page.goto(`${server.url}/admin`);
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByRole('alert')).toContainText('Staff accounts must use two-step sign-in');
    await expect(visiblePage(page).getByText('Open my account')).toBeVisible();
    // The link was single use.
    await page.goto(`${server.url}${setup.pathname}${setup.search}`);
    await expect(page.getByText('This setup link cannot be used')).toBeVisible();
  });
});

/**
 * On a phone the console's movie list stacks each row's buttons under its title; a movie found by
 * its title is edited there, an empty title refused in words, and saved.
 */
async function editAMovieOnAPhone(page: Page, marker: string) {
  await expect(visiblePage(page).getByRole('heading', { level: 1, name: 'Movie list' })).toBeVisible();
  await expect(visiblePage(page).locator('ion-spinner')).toHaveCount(0);
  // Side by side, a row's Edit and Delete took half a phone's row, and the title and its
  // genres wrapped a word to a line beside them (38% of the row): stacked, they leave it 59%.
  const row = visiblePage(page).locator('.manage-list ion-item').first();
  const rowBox = (await row.boundingBox())!;
  const textBox = (await row.locator('ion-label').boundingBox())!;
  expect(textBox.width / rowBox.width).toBeGreaterThan(0.5);

  await visiblePage(page).getByLabel('Search movies by title').locator('input').fill(marker);
  await visiblePage(page)
    .getByRole('button', { name: `Edit ${marker} original` })
    .click();
  const form = visiblePage(page).getByRole('form', { name: `Edit ${marker} original` });
  await form.getByLabel('Title').fill('');
  await expect(form.getByText('Enter the movie title.')).toBeVisible();
  await form.getByLabel('Title').fill(`${marker} edited`);
  await form.getByLabel('Genres (separated by commas)').fill('Comedy, Drama');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    visiblePage(page)
      .getByRole('status')
      .filter({ hasText: `Saved “${marker} edited”.` }),
  ).toBeVisible();
}

test('an administrator on a phone edits a movie that a user’s open list and movie page show at once, then disables that user, whose browser signs out and says why', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const admin = await createStaffAccount(request, ['admin'], 'admin');
  const user = await createStaffAccount(request, [], 'user');
  const marker = unique('Moderate');
  await addMovie(page, user.email, `${marker} original`);
  const other = await newContext(browser, baseURL);
  try {
    // The user, signed in elsewhere: the movie list searched, and in a second tab the movie's
    // page (the tabs share one stream).
    const streamOpen = other.page.waitForResponse((response) => response.url().includes('/api/changes'));
    await logInTo(other.page, LIST, { email: user.email, password: STAFF_PASSWORD });
    await streamOpen;
    await visiblePage(other.page).locator('ion-searchbar input').fill(marker.toLowerCase());
    await expect(rows(other.page)).toHaveCount(1);
    const moviePage = await other.context.newPage();
    await moviePage.goto(`/movie-example?title=${encodeURIComponent(`${marker} original`)}`);
    await expect(visiblePage(moviePage).getByRole('heading', { level: 1, name: `${marker} original` })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await logInTo(page, '/admin/movies', { email: admin.email, password: STAFF_PASSWORD });
    await editAMovieOnAPhone(page, marker);
    // Nobody reloaded the user's pages: the list keeps its search and shows the edit, and so does the movie's page.
    await expect(rows(other.page).filter({ hasText: `${marker} edited` })).toBeVisible();
    await expect(rows(other.page)).toHaveCount(1);
    await expect(visiblePage(other.page).locator('ion-searchbar input')).toHaveValue(marker.toLowerCase());
    await expect(visiblePage(moviePage).getByRole('heading', { level: 1, name: `${marker} edited` })).toBeVisible();
    await expect(visiblePage(moviePage).getByRole('list', { name: 'Genres' })).toHaveText(/Comedy\s*Drama/);

    await page.goto(`/admin/users/${user.uid}`);
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByRole('heading', { name: user.email })).toBeVisible();
    await visiblePage(page).getByRole('button', { name: 'Disable account' }).click();
    await expect(visiblePage(page).getByRole('status').filter({ hasText: 'disabled and signed out' })).toBeVisible();
    await expect(visiblePage(page).getByText('Disabled', { exact: true })).toBeVisible();
    // The other browser did nothing: it is told by the live stream, asks the server, and signs out.
    await expect(other.page.locator('ion-toast', { hasText: authErrorSentence('user-disabled') })).toBeVisible();
    expect(await other.page.evaluate(() => localStorage.getItem('northwind.auth.session'))).toBeNull();
  } finally {
    await other.context.close();
  }
});
