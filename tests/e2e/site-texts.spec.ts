import type { Page } from '@playwright/test';
import { openDatabase } from '../../src/server/platform/db/database';
import { grantAsOperator } from '../support/operator-roles';
import { markTutorialSeen } from './demos-helpers';
import { expect, test, waitForIonicPage } from './support/fixtures';
import { ServerProcess } from './support/server-process';
import { logInTo, visiblePage } from './support/sign-in';
import { STAFF_PASSWORD, uniqueStaffEmail } from './support/staff';
import { ownPort } from './support/suite';

// A server of its own: publishing site texts changes every page, and other tests read the landing page.
const server = new ServerProcess(ownPort(70), { env: { LOG_LEVEL: 'warn' } });

test.beforeAll(async () => {
  server.reset();
  await server.start();
});
test.afterAll(async () => server.stop());

async function createStaff(): Promise<{ email: string; password: string }> {
  const email = uniqueStaffEmail('site-texts');
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { apiKey: string };
  const response = await fetch(`${server.url}/identity/v1/accounts:signUp?key=${config.apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STAFF_PASSWORD, returnSecureToken: true }),
  });
  const { localId } = (await response.json()) as { localId: string };
  const handle = await openDatabase(server.databaseUrl);
  try {
    await grantAsOperator(handle.db, handle.engine, localId, ['staff']);
  } finally {
    await handle.close();
  }
  return { email, password: STAFF_PASSWORD };
}

/** The landing page's headline as a visitor without JavaScript sees it. */
async function publicHeadline(page: Page): Promise<string> {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  try {
    const plain = await context.newPage();
    await plain.goto(`${server.url}/`);
    return await plain.getByRole('heading', { level: 1 }).innerText();
  } finally {
    await context.close();
  }
}

test('site texts: a headline drafted, previewed, published and seen without JavaScript', async ({ browser }) => {
  const account = await createStaff();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await markTutorialSeen(page);
  await logInTo(page, '/admin/content/site-texts', account);
  await waitForIonicPage(page);
  const editor = visiblePage(page);
  const headline = editor.getByLabel('Headline');
  await expect(headline).toHaveValue('IT support that just works');

  const drafted = `Computers fixed before lunch ${Date.now().toString(36)}`;
  await headline.fill(drafted);
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.getByText('Draft saved. Visitors still see the published texts until you publish.')).toBeVisible();
  expect(await publicHeadline(page)).toBe('IT support that just works');

  await editor.getByRole('button', { name: 'Preview' }).click();
  const frame = page.frameLocator('iframe[title="Preview of the draft on the site"]');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(drafted);

  await expect(editor.locator('ion-button.button-disabled')).toHaveCount(0);

  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(editor.getByText('Published. The site shows the new texts now.')).toBeVisible();
  expect(await publicHeadline(page)).toBe(drafted);
  await context.close();
});
