import type { Browser, Request } from '@playwright/test';
import { openDatabase } from '../../src/server/platform/db/database';
import { expect, test, waitForHydration, waitForIonicPage } from './support/fixtures';
import { logInTo, visiblePage } from './support/sign-in';
import { createStaffAccount } from './support/staff';
import { suiteDatabaseUrl } from './support/suite';

async function sendContactMessage(browser: Browser, values: { name: string; email: string; subject: string; message: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/support');
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Subject (optional)').fill(values.subject);
  // Sent at machine speed: the suite's server takes forms at once (CONTACT_MIN_FILL_MS=0).
  await page.getByLabel('Message', { exact: true }).fill(values.message);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your message has been sent' })).toBeVisible();
  await context.close();
}

async function outboxRow(recipient: string) {
  const handle = await openDatabase(suiteDatabaseUrl());
  try {
    return await handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', recipient)
      .where('kind', '=', 'inbox_reply')
      .executeTakeFirst();
  } finally {
    await handle.close();
  }
}

test.describe('staff console: Contact Us inbox', () => {
  test('a visitor’s message appears live, staff replies, the reply is mailed and the conversation waits for the customer', async ({
    page,
    browser,
    request,
  }) => {
    // The inbox's live streams open now (a dropped one ends before its replacement starts).
    const openStreams = new Set<Request>();
    page.on('request', (sent) => sent.url().includes('/api/changes?topics=inbox') && openStreams.add(sent));
    const closed = (ended: Request) => openStreams.delete(ended);
    page.on('requestfinished', closed);
    page.on('requestfailed', closed);

    const staff = await createStaffAccount(request, ['staff'], 'inbox');
    await logInTo(page, '/admin/inbox', staff);
    await expect(visiblePage(page).getByRole('heading', { name: 'Contact Us inbox', level: 1 })).toBeVisible();

    const stamp = Date.now().toString(36);
    const visitor = {
      name: `Visitor ${stamp}`,
      email: `visitor.${stamp}@example.com`,
      subject: `Broken backup ${stamp}`,
      message: 'Our nightly backup stopped running on Tuesday.',
    };
    await sendContactMessage(browser, visitor);

    // No reload: the row arrives over the inbox's live topic.
    const row = visiblePage(page).locator('ion-item', { hasText: visitor.subject });
    await expect(row).toBeVisible();
    await expect(row.locator('ion-badge')).toHaveText('New');
    await expect(
      visiblePage(page)
        .getByRole('status')
        .filter({ hasText: /new message arrived/ }),
    ).toBeVisible();

    await row.click();
    await expect(page).toHaveURL(/\/admin\/inbox\/[^/]+$/);
    await waitForIonicPage(page);
    const message = visiblePage(page);
    await expect(message.getByRole('heading', { name: visitor.subject, level: 1 })).toBeVisible();
    await expect(message.getByText(visitor.message)).toBeVisible();

    await message.getByRole('textbox', { name: `Reply to ${visitor.email}` }).fill('We restarted the job; it runs again tonight.');
    await message.getByRole('button', { name: 'Send reply' }).click();
    await expect(message.locator('.inbox-message__head ion-badge')).toHaveText('Waiting for the customer');
    await expect(message.getByText('We restarted the job; it runs again tonight.')).toBeVisible();
    await expect(message.getByText('Mail sent')).toBeVisible();
    // The list (still in the page stack) and the message share one stream.
    expect(openStreams.size).toBe(1);

    const mail = await outboxRow(visitor.email);
    expect(mail?.subject).toMatch(new RegExp(`^Re: ${visitor.subject} \\[#NW-[0-9a-f]{8}\\]$`));
    expect(mail?.body).toMatch(
      /^We restarted the job; it runs again tonight\.\n\nOn .+ wrote:\n> Our nightly backup stopped running on Tuesday\.\n$/,
    );
    expect(mail?.sent_at).toBeTruthy();

    await page.goto('/admin/inbox');
    await waitForIonicPage(page);
    await expect(visiblePage(page).locator('ion-item', { hasText: visitor.subject }).locator('ion-badge')).toHaveText(
      'Waiting for the customer',
    );
  });
});
