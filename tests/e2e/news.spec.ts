import sharp from 'sharp';
import { expect, test, waitForIonicPage } from './support/fixtures';
import { signInAsStaff, visiblePage } from './support/sign-in';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const photo = async () => ({
  name: 'workshop.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#2a6df4' } })
    .jpeg()
    .toBuffer(),
});

/** A datetime-local value `minutes` from now, in the browser's time zone (the test runs in one zone). */
function localInput(minutes: number): string {
  const date = new Date(Date.now() + minutes * 60_000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

test.describe('news articles', () => {
  test('a staff member writes an article with a picture and a link, publishes it, and visitors read it without JavaScript', async ({
    page,
    request,
    browser,
  }) => {
    await signInAsStaff(page, request, '/admin/content/news', ['staff'], 'news');
    await visiblePage(page)
      .getByRole('link', { name: 'Add an article' })
      .or(visiblePage(page).getByRole('button', { name: 'Add an article' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/content\/news\/new$/);
    await waitForIonicPage(page);
    const form = visiblePage(page);
    const title = `Saturday repairs ${unique()}`;
    // Each limited field says how much is left under it, as the console's other editors do.
    await expect(form.getByText('150 characters left', { exact: true })).toBeVisible();
    await form.getByLabel('Title').fill(title);
    await expect(form.getByText(`${150 - title.length} characters left`, { exact: true })).toBeVisible();
    await form.getByLabel('Summary').fill('From December we repair laptops on Saturday mornings.');
    await expect(form.getByText('247 characters left', { exact: true })).toBeVisible();

    // The body: text, a link and a picture with its description, all from the keyboard-usable toolbar.
    const body = form.getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.type('Bring your laptop to the workshop. ');
    await form.getByRole('button', { name: 'Link', exact: true }).click();
    await form.getByLabel('Link address').fill('https://example.com/saturdays');
    await form.getByRole('button', { name: 'Apply link' }).click();
    await form.getByRole('button', { name: 'Picture', exact: true }).click();
    await form.getByLabel('Picture file').setInputFiles(await photo());
    await expect(form.getByText('Uploaded. Describe the picture, then insert it.')).toBeVisible();
    await form.getByLabel('Picture description').fill('The workshop bench with three laptops');
    await form.getByRole('button', { name: 'Insert picture' }).click();
    await expect(body.locator('img[alt="The workshop bench with three laptops"]')).toBeVisible();
    await expect(body.getByRole('link', { name: 'https://example.com/saturdays' })).toBeVisible();

    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(form.getByText('Draft saved. Visitors still see the published version.')).toBeVisible();
    // The preview is the real page with the draft in it, beside the form.
    await form.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(
      form.frameLocator('iframe[title="Preview of the draft on the site"]').getByRole('heading', { level: 1, name: title }),
    ).toBeVisible();
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form.getByText(/^Published: the site shows it now at \/news\/saturday-repairs-/)).toBeVisible();
    const slug = /\/news\/([a-z0-9-]+)\.$/.exec((await form.getByText(/^Published:/).textContent()) ?? '')![1]!;

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.goto('/news');
      await plain.getByRole('link', { name: title }).click();
      await expect(plain).toHaveURL(new RegExp(`/news/${slug}$`));
      await expect(plain.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const article = plain.locator('.article__body');
      await expect(article.getByRole('link', { name: 'https://example.com/saturdays' })).toHaveAttribute(
        'href',
        'https://example.com/saturdays',
      );
      await expect(article.getByRole('img', { name: 'The workshop bench with three laptops' })).toBeVisible();
    } finally {
      await noScript.close();
    }

    // A second version, then History: the summary's change word by word; Restore asks first and
    // publishes the first version again, which visitors then read.
    const summary = async () => {
      const answer = await request.get(`/news/${slug}`);
      expect(answer.status()).toBe(200);
      return /<p class="lead">([^<]*)<\/p>/.exec(await answer.text())?.[1];
    };
    await form.getByLabel('Summary').fill('From December we repair laptops and phones on Saturday mornings.');
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(summary).toBe('From December we repair laptops and phones on Saturday mornings.');
    await form.getByRole('button', { name: 'History' }).click();
    const history = form.locator('.publishing-history');
    // The newest revision first: the summary, word by word.
    const newest = history.locator('li').first();
    await expect(newest.locator('dt', { hasText: 'Summary' })).toBeVisible();
    await expect(newest.locator('ins', { hasText: 'phones' })).toBeVisible();
    await expect(newest.locator('dt')).toHaveCount(1);
    await history.getByRole('button', { name: 'Restore' }).last().click();
    const alert = page.locator('ion-alert');
    await expect(alert).toContainText('Restore revision 1?');
    await alert.getByRole('button', { name: 'Restore' }).click();
    await expect(history.getByText(/Revision 1 is published again/)).toBeVisible();
    await expect.poll(summary).toBe('From December we repair laptops on Saturday mornings.');
    await expect(form.getByLabel('Summary')).toHaveValue('From December we repair laptops on Saturday mornings.');

    // Publish later: the schedule control says when, in the staff member's own time, and the
    // site keeps the published version meanwhile. The scheduler publishing it when due has its
    // API tests (news, publishing) and a cluster test: no browser waits for its clock.
    const later = localInput(60);
    await form.getByLabel('Summary').fill('From January we repair laptops on Saturdays and Sundays.');
    await form.getByLabel('Publish at').fill(later);
    await form.getByRole('button', { name: 'Schedule' }).click();
    const when = await page.evaluate((value) => new Date(value).toLocaleString(), later);
    await expect(form.getByText(`Scheduled: it will be published on ${when}.`, { exact: true })).toBeVisible();
    expect(await summary()).toBe('From December we repair laptops on Saturday mornings.');
  });
});
