import type { APIRequestContext, Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import type { Role } from '../../src/common/roles';
import { openDatabase } from '../../src/server/platform/db/database';
import { startMailCapture } from '../support/mail-capture';
import { grantAsOperator } from '../support/operator-roles';
import { freePort } from '../support/throwaway-services';
import { markTutorialSeen } from './demos-helpers';
import { expect, test, waitForHydration, waitForIonicPage } from './support/fixtures';
import { ServerProcess } from './support/server-process';
import { logInTo, visiblePage } from './support/sign-in';
import { E2E_SERVER_LIMITS, ownPort } from './support/suite';

/**
 * The help desk end to end on a server of its own: it needs an SMTP receiver (on a free port)
 * and an outgoing mail server (a capture on another), which the suite's shared server has not.
 */
const PORT = ownPort(60);
const DOMAIN = 'reply.e2e.test';
const PASSWORD = 'correct horse 1';
test.use({ baseURL: `http://localhost:${PORT}` });

let server: ServerProcess;
let capture: Awaited<ReturnType<typeof startMailCapture>>;
let receiverPort = 0;

test.beforeAll(async () => {
  capture = await startMailCapture();
  receiverPort = await freePort();
  server = new ServerProcess(PORT, {
    env: {
      ...E2E_SERVER_LIMITS,
      SMTP_URL: `smtp://127.0.0.1:${capture.port}`,
      INBOUND_SMTP_PORT: String(receiverPort),
      INBOUND_SMTP_HOST: '127.0.0.1',
      INBOUND_MAIL_DOMAIN: DOMAIN,
      CONTACT_MIN_FILL_MS: '0',
      MAIL_OUTBOX_POLL_MS: '100',
    },
  });
  server.reset();
  await server.start();
});
test.afterAll(async () => {
  await server?.stop();
  server?.reset();
  await capture?.close();
});

/** An account on our server, with roles (as `npm run admin -- grant` gives them) or a verified email. */
async function account(request: APIRequestContext, email: string, options: { roles?: Role[]; verified?: boolean } = {}) {
  const config = (await (await request.get('/api/config')).json()) as { apiKey: string };
  const response = await request.post(`/identity/v1/accounts:signUp?key=${config.apiKey}`, {
    data: { email, password: PASSWORD, returnSecureToken: true },
  });
  expect(response.ok()).toBe(true);
  const { localId } = (await response.json()) as { localId: string };
  const handle = await openDatabase(server.databaseUrl);
  try {
    await grantAsOperator(handle.db, handle.engine, localId, options.roles ?? []);
    if (options.verified) await handle.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', localId).execute();
  } finally {
    await handle.close();
  }
  return { email, password: PASSWORD, uid: localId };
}

/** Chooses an option of an Ionic select (a popover of radios). */
async function choose(page: Page, label: string, option: string) {
  await visiblePage(page).locator('ion-select', { hasText: label }).click();
  await page.locator('ion-popover').getByRole('radio', { name: option }).click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
}

test('a visitor writes in, staff reply, the mailed answer arrives live and the customer answers from Account', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const visitor = { name: `Casey ${stamp}`, email: `casey.${stamp}@example.com`, subject: `Laptop will not boot ${stamp}` };

  // A visitor writes in through Contact Us.
  const visitorContext = await browser.newContext();
  const form = await visitorContext.newPage();
  await form.goto(`http://localhost:${PORT}/support`);
  await waitForHydration(form);
  await form.getByLabel('Name', { exact: true }).fill(visitor.name);
  await form.getByLabel('Email', { exact: true }).fill(visitor.email);
  await form.getByLabel('Subject (optional)').fill(visitor.subject);
  await form.getByLabel('Message', { exact: true }).fill('My laptop shows a black screen.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('heading', { name: 'Thank you, your message has been sent' })).toBeVisible();
  await visitorContext.close();

  // Staff open the conversation, assign it to a colleague and reply with a ready-made reply.
  const colleague = await account(request, `colleague.${stamp}@example.com`, { roles: ['staff'] });
  const staff = await account(request, `staff.${stamp}@example.com`, { roles: ['staff'] });
  await markTutorialSeen(page);
  await logInTo(page, '/admin/inbox', staff);
  await visiblePage(page).locator('ion-item', { hasText: visitor.subject }).click();
  await expect(page).toHaveURL(/\/admin\/inbox\/[^/]+$/);
  await waitForIonicPage(page);
  const conversation = visiblePage(page);
  await expect(conversation.getByRole('heading', { name: visitor.subject, level: 1 })).toBeVisible();

  await choose(page, 'Assignee', colleague.email);
  await expect(conversation.getByRole('status').filter({ hasText: `Assigned to ${colleague.email}.` })).toBeVisible();
  await expect.poll(() => capture.mails.some((mail) => mail.to.includes(colleague.email))).toBe(true);

  const replyBox = conversation.getByRole('textbox', { name: `Reply to ${visitor.email}` });
  // The reply box says how much is left, as every limited field of the console does.
  await expect(conversation.getByText('10,000 characters left', { exact: true })).toBeVisible();
  await replyBox.fill('Please hold the power button for ten seconds, then start it again.');
  await expect(conversation.getByText('9,934 characters left', { exact: true })).toBeVisible();
  await conversation.getByLabel('Title for a new ready-made reply').fill(`Power reset ${stamp}`);
  await conversation.getByRole('button', { name: 'Save as ready-made reply' }).click();
  await expect(conversation.getByRole('status').filter({ hasText: 'as a ready-made reply' })).toBeVisible();
  await replyBox.fill('');
  await choose(page, 'Ready-made reply', `Power reset ${stamp}`);
  await conversation.getByRole('button', { name: 'Insert' }).click();
  await expect(replyBox).toHaveValue('Please hold the power button for ten seconds, then start it again.');
  await conversation.getByRole('button', { name: 'Send reply' }).click();
  await expect(conversation.locator('.inbox-message__head ion-badge')).toHaveText('Waiting for the customer');
  // The server's outbox is read every 100 ms here (MAIL_OUTBOX_POLL_MS): the page's next look finds it sent.
  await expect(conversation.getByText('Mail sent')).toBeVisible();

  // The customer's mail program answers the reply; it shows in the open conversation without a reload.
  const reply = capture.mails.find((mail) => mail.to.includes(visitor.email))!;
  const replyTo = reply.parsed.replyTo!.value[0]!.address!;
  expect(replyTo).toMatch(new RegExp(`^support\\+[a-f0-9]{32}@${DOMAIN.replace(/\./g, '\\.')}$`));
  await nodemailer.createTransport({ host: '127.0.0.1', port: receiverPort, secure: false, ignoreTLS: true }).sendMail({
    from: `${visitor.name} <${visitor.email}>`,
    to: replyTo,
    subject: `Re: ${reply.parsed.subject}`,
    inReplyTo: reply.parsed.messageId,
    text: `It still shows a black screen.\n\nOn ${reply.parsed.date?.toUTCString()}, Northwind wrote:\n> Please hold the power button`,
  });
  await expect(conversation.getByText('It still shows a black screen.')).toBeVisible();
  await expect(conversation.locator('.inbox-message__head ion-badge')).toHaveText('Open');

  // The customer signs in: both sides of the conversation on the Account page, and an answer from there.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const customer = await account(customerContext.request, visitor.email, { verified: true });
  await markTutorialSeen(customerPage);
  await customerPage.goto(`http://localhost:${PORT}/login?next=${encodeURIComponent('/account')}`);
  await waitForIonicPage(customerPage);
  await visiblePage(customerPage).getByLabel('Email').fill(customer.email);
  await visiblePage(customerPage).getByLabel('Password', { exact: true }).fill(customer.password);
  await visiblePage(customerPage).getByRole('button', { name: 'Log in' }).click();
  await expect(customerPage).toHaveURL(/\/account$/);
  await waitForIonicPage(customerPage);
  const mine = visiblePage(customerPage).locator('section', {
    has: customerPage.getByRole('heading', { name: 'Your messages to support' }),
  });
  await expect(mine.getByText('Please hold the power button for ten seconds, then start it again.')).toBeVisible();
  await expect(mine.getByText('It still shows a black screen.')).toBeVisible();
  await mine.getByRole('textbox', { name: 'Your answer' }).fill('Now it beeps three times.');
  await mine.getByRole('button', { name: 'Send answer' }).click();
  await expect(mine.getByText('Your answer has been sent to our support team.')).toBeVisible();
  await expect(mine.getByText('Now it beeps three times.')).toBeVisible();
  await customerContext.close();

  // The same conversation, live, for staff.
  await expect(conversation.getByText('Now it beeps three times.')).toBeVisible();
});
