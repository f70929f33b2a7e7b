import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, waitForIonicPage } from './support/fixtures';
import { signInAsStaff, visiblePage } from './support/sign-in';

/** Waits until no console button is still disabled from sending: the page is ready for the next step. */
async function settled(page: Page) {
  await expect(visiblePage(page).locator('ion-button.button-disabled')).toHaveCount(0);
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('staff console: content', () => {
  // Refusals the tests provoke (a disguised file: 415; a stale save: 409) are logged by the browser.
  test.use({ allowConsoleErrors: [/status of (409|415)/] });

  test('a staff member adds a service as a draft, publishes it, and edits it; the landing page shows it only once published, also without JavaScript', async ({
    page,
    request,
    browser,
  }) => {
    await signInAsStaff(page, request, '/admin/content/services', ['staff'], 'content');
    const form = visiblePage(page);
    await form
      .getByRole('link', { name: 'Add a service' })
      .or(form.getByRole('button', { name: 'Add a service' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/content\/services\/new$/);
    await waitForIonicPage(page);

    // The shared rules: the message shows next to its field, and nothing is sent.
    const editor = visiblePage(page);
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(editor.getByText('Title is required.')).toBeVisible();
    const first = `Backup Drills ${unique()}`;
    await editor.getByLabel('Title').fill(first);
    await editor.getByLabel('Summary').fill('We restore your backups every month.');
    await editor.getByLabel('Description').fill('A monthly drill: we restore a real backup and time it.');
    // The icon is chosen from the drawings the site has, never typed.
    await editor.getByRole('radio', { name: 'Shield with check mark' }).check();
    // Save draft keeps a new item as a first draft alone: the server picks its address.
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/services\/backup-drills-[a-z0-9-]+\?created=1$/);
    await waitForIonicPage(page);
    const id = /services\/([^?]+)/.exec(page.url())![1]!;
    await expect(visiblePage(page).getByText('Draft saved.', { exact: true })).toBeVisible();
    await expect(visiblePage(page).getByText('Not published yet: visitors do not see this service until you publish it.')).toBeVisible();

    const page2 = visiblePage(page);
    // Not on the site, with JavaScript off either, until it is published.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    try {
      await plain.goto('/');
      await expect(plain.locator('main')).toBeVisible();
      await expect(plain.locator('body')).not.toContainText(first);

      // The list shows it apart, as an unpublished draft.
      await page.goto('/admin/content/services');
      await waitForIonicPage(page);
      const drafts = visiblePage(page).locator('.content-admin__new-drafts');
      await expect(drafts.locator('.content-admin__row', { hasText: first })).toContainText('Unpublished draft, not on the site');
      // Only the first item's "up" and the last one's "down" stay disabled.
      await expect(visiblePage(page).locator('ion-button.button-disabled')).toHaveCount(2);
      await drafts.getByRole('link', { name: `Edit ${first}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/content/services/${id}$`));
      await waitForIonicPage(page);

      // Its editor opens on the draft; Publish (with an edit) puts it on the site at the next request.
      const edited = `Restore Drills ${unique()}`;
      await expect(page2.getByLabel('Title')).toHaveValue(first);
      await expect(page2.getByText('Not published yet: visitors do not see this service until you publish it.')).toBeVisible();
      await page2.getByLabel('Title').fill(edited);
      await page2.getByRole('button', { name: 'Publish' }).click();
      await expect(page2.getByText('Published. The site shows the new version now.')).toBeVisible();
      await plain.goto('/');
      await expect(plain.locator('#services')).toContainText(edited);
      await expect(plain.locator('#services')).not.toContainText(first);

      // Back in the list (the header's back button), the published title is among the items and
      // no longer a draft: the list, kept open behind the editor, reads them again as it returns.
      await page2.locator('ion-back-button').click();
      await expect(page).toHaveURL(/\/admin\/content\/services$/);
      const list = visiblePage(page);
      await expect(list.locator('.content-admin__row', { hasText: edited })).toBeVisible();
      await expect(list.locator('.content-admin__new-drafts .content-admin__row', { hasText: edited })).toHaveCount(0);
      await list.getByRole('link', { name: `Edit ${edited}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/content/services/${id}$`));
      await waitForIonicPage(page);
      await expect(page2.getByLabel('Title')).toHaveValue(edited);
    } finally {
      await noScript.close();
    }

    // Someone else saves the same item in another tab: this save is refused, nothing is overwritten.
    const other = await page.context().newPage();
    await other.goto(`/admin/content/services/${id}`);
    await waitForIonicPage(other);
    const theirs = `Their Drills ${unique()}`;
    await visiblePage(other).getByLabel('Title').fill(theirs);
    await visiblePage(other).getByRole('button', { name: 'Publish' }).click();
    await expect(visiblePage(other).getByText('Published. The site shows the new version now.')).toBeVisible();

    await page2.getByLabel('Summary').fill('My summary, made from the old version.');
    await page2.getByRole('button', { name: 'Publish' }).click();
    const conflict = page2.locator('.content-admin__conflict');
    await expect(conflict).toContainText('This item was changed by someone else since you opened it');
    await expect(conflict).toContainText(theirs);
    await settled(page);
    await conflict.getByRole('button', { name: 'Load their version' }).click();
    await expect(page2.getByLabel('Title')).toHaveValue(theirs);
    // The site, in that other tab, shows their version.
    await other.goto('/');
    await expect(other.locator('#services')).toContainText(theirs);

    // Back in the list, deleted with a confirmation; the site no longer shows it.
    await page2.locator('ion-back-button').click();
    await expect(page).toHaveURL(/\/admin\/content\/services$/);
    await visiblePage(page)
      .getByRole('button', { name: `Delete ${theirs}` })
      .click();
    const alert = page.locator('ion-alert');
    await expect(alert).toContainText('Delete this service?');
    await alert.getByRole('button', { name: 'Delete' }).click();
    await expect(
      visiblePage(page)
        .getByRole('status')
        .filter({ hasText: `${theirs} was deleted.` }),
    ).toBeAttached();
    await other.goto('/');
    await expect(other.locator('#services')).not.toContainText(theirs);
    await other.close();
  });

  test('a staff member on a phone: a team photo, the values put in order by keyboard, and a new service discarded', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsStaff(page, request, '/admin/content/team-members', ['staff'], 'content');
    await giveATeamPhoto(page);
    await reorderByKeyboard(page);
    await menuTo(page, 'Services', /\/admin\/content\/services$/);
    await discardANewService(page);
  });
});

/** Opens the console's menu (a phone's, behind its button) and follows one of its links. */
async function menuTo(page: Page, name: string, url: RegExp) {
  await visiblePage(page).getByRole('button', { name: 'Open the console menu' }).click();
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(url);
  await waitForIonicPage(page);
}

/**
 * From the team list (only the first item's "up" and the last one's "down" disabled), a member's
 * edit page is shown, not left transparent by the outlet; a disguised file is refused, a photo
 * is taken and the member's page shows it with srcset, and it is removed again.
 */
async function giveATeamPhoto(page: Page) {
  await expect(visiblePage(page).locator('.content-admin__row').first()).toBeVisible();
  await expect(visiblePage(page).locator('ion-button.button-disabled')).toHaveCount(2);
  await visiblePage(page).locator('[data-edit]').first().click();
  await expect(page).toHaveURL(/\/admin\/content\/team-members\/[a-z0-9-]+$/);
  await expect(visiblePage(page).getByLabel('Name')).toBeVisible();
  await expect(page.locator('div.ion-page.ion-page-invisible:not(.ion-page-hidden)')).toHaveCount(0);
  await settled(page);
  const id = /team-members\/([a-z0-9-]+)$/.exec(page.url())![1]!;
  const editor = visiblePage(page);
  const picker = editor.getByLabel(/Upload a picture|Replace the picture/);

  await picker.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('This is text, not a picture.\n') });
  await expect(editor.getByRole('alert').filter({ hasText: 'This file is not a JPEG, PNG or WebP image' })).toBeVisible();

  const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#1f5eff' } })
    .jpeg()
    .toBuffer();
  await picker.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(editor.getByText('The picture was uploaded; the site shows it now.')).toBeVisible();
  await expect(editor.locator('.content-admin__image img')).toBeVisible();

  const site = await page.context().newPage();
  await site.goto(`/team/${id}`);
  const img = site.locator('img.avatar--photo');
  await expect(img).toHaveAttribute('srcset', /\/images\/[0-9a-f]{64}\.webp 160w/);
  await expect(img).toHaveAttribute('width', '112');
  await expect(img).toHaveAttribute('height', '112');
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  await site.close();

  // Removed again: the member shows initials, as before.
  await editor.getByRole('button', { name: 'Remove the picture' }).click();
  await expect(editor.getByText('The picture was removed.')).toBeVisible();
}

/**
 * The values list, opened from the menu, moves an item down and back up from the keyboard, the focus staying with
 * it, and asked the server for the list once: a second load would have followed the first at
 * once, before the two moves' answers that come after its live stream opened.
 */
async function reorderByKeyboard(page: Page) {
  let listLoads = 0;
  const onRequest = (sent: Request) => {
    if (sent.method() === 'GET' && new URL(sent.url()).pathname === '/api/admin/core-values') listLoads++;
  };
  // Counted from the menu's link on: the list asks for its items as it opens, and its live
  // stream's first message (a reset, everything to read again) must not make it ask again.
  page.on('request', onRequest);
  const streamOpen = page.waitForResponse((answer) => answer.url().includes('/api/changes?topics=publishing'));
  await menuTo(page, 'Core values', /\/admin\/content\/core-values$/);
  await streamOpen;
  const list = visiblePage(page);
  const names = async () => list.locator('.content-admin__row h2').allTextContents();
  await expect(list.locator('.content-admin__row').nth(1)).toBeVisible();
  const before = await names();
  expect(before.length).toBeGreaterThan(1);
  await list.getByRole('button', { name: `Move ${before[0]} down` }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(names).toEqual([before[1], before[0], ...before.slice(2)]);
  await expect(list.getByRole('status').filter({ hasText: `${before[0]} moved to position 2` })).toBeAttached();
  // Focus stays with the moved item, so the next press moves it again, here back up.
  await list.getByRole('button', { name: `Move ${before[0]} up` }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(names).toEqual(before);
  await expect(list.getByRole('status').filter({ hasText: `${before[0]} moved to position 1` })).toBeAttached();
  page.off('request', onRequest);
  expect(listLoads).toBe(1);
}

/**
 * A new service kept as a draft and never published is discarded after a question, asked again
 * when Discard draft is pressed while the first question is still closing; the list's drafts,
 * read after the discard, no longer hold it.
 */
async function discardANewService(page: Page) {
  const services = visiblePage(page);
  await services
    .getByRole('link', { name: 'Add a service' })
    .or(services.getByRole('button', { name: 'Add a service' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/content\/services\/new$/);
  await waitForIonicPage(page);
  const form = visiblePage(page);
  const dropped = `Dropped Idea ${unique()}`;
  await form.getByLabel('Title').fill(dropped);
  await form.getByLabel('Summary').fill('Never to be published.');
  await form.getByLabel('Description').fill('A draft discarded before anyone sees it.');
  await form.getByRole('radio', { name: 'Shield with check mark' }).check();
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/services\/dropped-idea-[a-z0-9-]+\?created=1$/);
  await waitForIonicPage(page);
  const id = /services\/([^?]+)/.exec(page.url())![1]!;
  const editor = visiblePage(page);
  // A draft alone has no published revisions to list.
  await expect(editor.getByRole('button', { name: 'History' })).toHaveCount(0);
  await editor.getByRole('button', { name: 'Discard draft' }).click();
  const first = page.locator('ion-alert');
  await expect(first).toContainText('Discard this new service?');
  const firstId = (await first.getAttribute('id'))!;
  // Cancel, and at once Discard draft again, while the first alert is still closing (a quick
  // second press, or any press on a slow phone): a new alert asks again. Ionic's own hook
  // dropped a request made before the last alert had finished closing.
  await page.evaluate(() => {
    const named = (selector: string, text: string) =>
      [...document.querySelectorAll<HTMLElement>(selector)].find((element) => element.textContent?.trim() === text)!;
    named('ion-alert button', 'Cancel').click();
    named('.ion-page:not(.ion-page-hidden) ion-button', 'Discard draft').click();
  });
  await expect(editor.getByLabel('Title')).toHaveValue(dropped);
  const ask = page.locator(`ion-alert:not([id="${firstId}"])`);
  await expect(ask).toContainText('Discard this new service?');
  // The list's drafts, as read after the discard.
  const markers = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/services/drafts');
  await ask.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content\/services$/);
  await waitForIonicPage(page);
  const list = visiblePage(page);
  await expect(list.locator('.content-admin__row').first()).toBeVisible();
  const { items } = (await (await markers).json()) as { items: { itemId: string }[] };
  expect(items.map((item) => item.itemId)).not.toContain(id);
  await expect(list.getByText(dropped)).toHaveCount(0);
}
