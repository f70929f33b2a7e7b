import type { Page } from '@playwright/test';
import { expect, expectPainted, test, waitForIonicPage } from './support/fixtures';
import { logInTo, signInAsStaff, visiblePage } from './support/sign-in';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Waits until no console button is still disabled from sending: the page is ready for the next step. */
async function settled(page: Page) {
  await expect(visiblePage(page).locator('ion-button.button-disabled')).toHaveCount(0);
}

/** The member's public page as a visitor without JavaScript sees it. */
async function publicBio(page: Page, id: string): Promise<string> {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  try {
    const plain = await context.newPage();
    await plain.goto(`/team/${id}`);
    return await plain.locator('main').innerText();
  } finally {
    await context.close();
  }
}

test.describe('staff console: publishing through drafts', () => {
  test('a draft is previewed, published, seen without JavaScript, its history looked at on a phone and a desktop, light and dark, and an older revision restored', async ({
    page,
    request,
  }) => {
    // A member of this test's own, so no other test sees its changes.
    await signInAsStaff(page, request, '/admin/content/team-members/new', ['staff'], 'publishing');
    await waitForIonicPage(page);
    const form = visiblePage(page);
    const original = 'Keeps the help desk calm.';
    const name = `Robin Vale ${unique()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Role').fill('Help desk lead');
    await form.getByLabel('Bio').fill(original);
    await form.getByLabel('Email').fill('robin@northwind.example');
    await form.getByLabel('Skills').fill('Help desk');
    await form.getByLabel('Joined year').fill('2023');
    // Publish on the new item's page: its first draft, published at once.
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/team-members\/robin-vale-[a-z0-9-]+\?published=1$/);
    await waitForIonicPage(page);
    const id = /team-members\/([^?]+)/.exec(page.url())![1]!;
    const editor = visiblePage(page);
    const bio = editor.getByLabel('Bio');
    await expect(bio).toHaveValue(original);

    // A draft: kept by Save draft, invisible to visitors.
    const drafted = `Maya now leads the Saturday laptop clinic ${unique()}.`;
    await bio.fill(drafted);
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(editor.getByText('Draft saved. Visitors still see the published version until you publish.')).toBeVisible();
    expect(await publicBio(page, id)).not.toContain(drafted);

    // The list (the header's back button) marks the item.
    await editor.locator('ion-back-button').click();
    await expect(page).toHaveURL(/\/admin\/content\/team-members$/);
    const row = visiblePage(page).locator('.content-admin__row', { hasText: name });
    await expect(row).toContainText('Unpublished changes');
    // Only the first item's "up" and the last one's "down" stay disabled.
    await expect(visiblePage(page).locator('ion-button.button-disabled')).toHaveCount(2);

    // The preview beside the form shows the real page with the draft.
    await row.locator('[data-edit]').click();
    await expect(page).toHaveURL(new RegExp(`/admin/content/team-members/${id}$`));
    await waitForIonicPage(page);
    const again = visiblePage(page);
    await expect(again.getByLabel('Bio')).toHaveValue(drafted);
    await again.getByRole('button', { name: 'Preview' }).click();
    const frame = page.frameLocator('iframe[title="Preview of the draft on the site"]');
    await expect(frame.locator('main')).toContainText(drafted);
    await again.getByRole('button', { name: 'Desktop width' }).click();
    await expect(again.locator('.publishing-preview__frame--desktop')).toBeVisible();
    await settled(page);

    // Publish: the site shows it at the next request, with JavaScript off.
    await again.getByRole('button', { name: 'Publish' }).click();
    await expect(again.getByText('Published. The site shows the new version now.')).toBeVisible();
    expect(await publicBio(page, id)).toContain(drafted);

    // History: the change word by word; Restore asks first, then publishes the old text again.
    await again.getByRole('button', { name: 'History' }).click();
    const history = again.locator('.publishing-history');
    await expect(history.locator('ins').first()).toBeVisible();
    await expect(again.getByRole('heading', { name: 'History' })).toBeVisible();
    // The page with its history open, on a phone and a desktop, light and dark: its buttons painted.
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/ion-palette-dark/);
        else await expect(page.locator('html')).not.toHaveClass(/ion-palette-dark/);
        await expectPainted(again.locator('ion-button', { hasText: 'Save draft' }));
        await expectPainted(again.locator('ion-button', { hasText: 'Schedule' }));
        await settled(page);
        const shot = await page.screenshot();
        expect(shot.byteLength).toBeGreaterThan(10_000);
      }
    }
    await history.getByRole('button', { name: 'Restore' }).last().click();
    const alert = page.locator('ion-alert');
    await expect(alert).toContainText('Restore revision');
    await alert.getByRole('button', { name: 'Restore' }).click();
    await expect(history.getByText(/is published again/)).toBeVisible();
    expect(await publicBio(page, id)).toContain(original);
    await settled(page);
  });

  test('an open console (list, edit page, article editor) hears of another person’s draft, publish and discard without a reload', async ({
    page,
    request,
    browser,
  }) => {
    // A value of this test's own on a shared list item, published back at the end as it was.
    const account = await signInAsStaff(page, request, '/admin/content/core-values', ['staff'], 'publishing-live');
    const list = visiblePage(page);
    // A seeded value no other test opens: the list's order may change under it (another test
    // reorders the values), and a row found by its place would then be another item.
    const row = list.locator('.content-admin__row', { hasText: 'Keep learning' });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('Unpublished changes');
    const itemLink = row.locator('[data-edit]');

    // The other person: the same account in a browser of its own.
    const other = await browser.newContext();
    try {
      const theirs = await other.newPage();
      await logInTo(theirs, '/admin/content/core-values', account);
      await visiblePage(theirs).locator('.content-admin__row', { hasText: 'Keep learning' }).locator('[data-edit]').click();
      await waitForIonicPage(theirs);
      const theirForm = visiblePage(theirs);
      const description = theirForm.getByLabel('Description');
      const original = await description.inputValue();
      await description.fill(`${original} ${unique()}`);
      await theirForm.getByRole('button', { name: 'Save draft' }).click();
      await expect(theirForm.getByText(/^Draft saved/)).toBeVisible();

      // The list here marks the item at once; nobody reloaded it.
      await expect(row).toContainText('Unpublished changes');

      // Open here, then published there: this page says so.
      await itemLink.click();
      await waitForIonicPage(page);
      const mine = visiblePage(page);
      await expect(mine.getByLabel('Description')).not.toHaveValue('');
      await theirForm.getByLabel('Description').fill(original);
      await theirForm.getByRole('button', { name: 'Publish' }).click();
      await expect(theirForm.getByText('Published. The site shows the new version now.')).toBeVisible();
      await expect(mine.getByRole('status').filter({ hasText: 'Someone else just published this item.' })).toBeVisible();

      // The article editor too: an article never published (so the site stays as it was), drafted
      // here, then saved and discarded there.
      const title = `Live article ${unique()}`;
      await page.goto('/admin/content/news/new');
      await waitForIonicPage(page);
      const article = visiblePage(page);
      await article.getByLabel('Title').fill(title);
      await article.getByLabel('Summary').fill('Written in two browsers.');
      await article.getByRole('textbox', { name: 'Body' }).click();
      await page.keyboard.type('The first words.');
      await article.getByRole('button', { name: 'Save draft' }).click();
      await expect(article.getByText('Draft saved. Visitors still see the published version.')).toBeVisible();
      await theirs.goto('/admin/content/news');
      await waitForIonicPage(theirs);
      await visiblePage(theirs).getByRole('heading', { name: title }).click();
      await waitForIonicPage(theirs);
      const theirArticle = visiblePage(theirs);
      await expect(theirArticle.getByLabel('Summary')).toHaveValue('Written in two browsers.');
      await theirArticle.getByLabel('Summary').fill('Changed in the other browser.');
      await theirArticle.getByRole('button', { name: 'Save draft' }).click();
      await expect(theirArticle.getByText('Draft saved. Visitors still see the published version.')).toBeVisible();
      await expect(article.getByRole('status').filter({ hasText: 'Someone else just saved a draft of this item.' })).toBeVisible();
      await theirArticle.getByRole('button', { name: 'Discard draft' }).click();
      await expect(theirArticle.getByText('Draft discarded.')).toBeVisible();
      await expect(article.getByRole('status').filter({ hasText: 'Someone else just discarded this item’s draft.' })).toBeVisible();
    } finally {
      await other.close();
    }
  });
});
