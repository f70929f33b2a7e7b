import type { Browser, BrowserContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { startOidcProvider, type TestOidcProvider } from '../support/identity-providers';
import { markTutorialSeen } from './demos-helpers';
import { expect, test, waitForIonicPage } from './support/fixtures';
import { ServerProcess } from './support/server-process';
import { visiblePage } from './support/sign-in';
import { ownPort } from './support/suite';

/**
 * Provider sign-in, two-step sign-in and the mailed links in the browser, against a real OpenID
 * Connect provider (oidc-provider) on loopback and a server of our own configured with it, whose
 * log holds the mail (no SMTP_URL).
 */

const PASSWORD = 'correct horse battery';
const uniqueId = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

let oidc: TestOidcProvider;
// Behind no balancer: the server stops at once, without the 5-s drain (shutdown.test.ts has it).
const server = new ServerProcess(ownPort(1), { env: { SHUTDOWN_DRAIN_MS: '0' } });

/** A provider account (with its own address unless one is given); the provider signs in whoever the test names. */
function providerAccount(label: string, address?: string): { id: string; email: string } {
  const id = uniqueId(label);
  const email = address ?? `${id}@example.com`;
  oidc.addAccount(id, { email, name: label });
  oidc.useAccount(id);
  return { id, email };
}

async function newPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, ...options });
  await markTutorialSeen(context);
  return { context, page: await context.newPage() };
}

async function openLogin(page: Page) {
  await page.goto('/login?next=/account');
  await waitForIonicPage(page);
  await expect(visiblePage(page).getByRole('button', { name: 'Continue with Test ID' })).toBeVisible();
}

/** The sentence under the provider buttons. */
const providerAlert = (page: Page) => visiblePage(page).getByRole('group', { name: 'Sign in with a provider' }).getByRole('alert');

async function expectSignedInAs(page: Page, email: string) {
  await expect(page).toHaveURL(/\/account$/);
  await waitForIonicPage(page);
  await expect(visiblePage(page).getByTestId('account-email')).toHaveText(email);
}

test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 4\d\d/] });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUris: [`${server.url}/auth/handler`], port: ownPort(2) });
  const providers = [
    { providerId: 'oidc.test', displayName: 'Test ID', issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret },
  ];
  server.options.env!.IDENTITY_PROVIDERS = JSON.stringify(providers);
  server.options.env!.SIGN_UP_LIMIT_PER_HOUR = '1000';
  // Without SMTP_URL a mail is written to the log (info): the sign-in link is read there.
  server.options.env!.LOG_LEVEL = 'info';
  server.options.env!.SMTP_URL = '';
  server.reset();
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
  await oidc?.close();
});

/**
 * A popup the person closes before signing in finishes is noticed. The app looks at the popup
 * 2 s after opening it, then less and less often (every 10 s at most): hence 15 s.
 */
async function closedPopupIsNoticed(context: BrowserContext, page: Page) {
  providerAccount('closed');
  // The provider never answers, so the popup stays open until the person closes it.
  await context.route(`${oidc.issuer}/**`, () => undefined);
  const popupOpened = page.waitForEvent('popup');
  await visiblePage(page).getByRole('button', { name: 'Continue with Test ID' }).click();
  const popup = await popupOpened;
  await popup.close();
  await expect(providerAlert(page)).toContainText('The sign-in window was closed before signing in finished.', {
    timeout: 15_000,
  });
  await context.unroute(`${oidc.issuer}/**`);
}

/** In a tab whose popups are blocked, Login says so and signs in in this window instead. */
async function blockedPopupOffersThisWindow(page: Page) {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openLogin(page);
  const account = providerAccount('blocked');
  await visiblePage(page).getByRole('button', { name: 'Continue with Test ID' }).click();
  await expect(providerAlert(page)).toContainText('Your browser blocked the sign-in window');
  await visiblePage(page).getByRole('button', { name: 'Continue in this window instead' }).click();
  await expectSignedInAs(page, account.email);
}

test('Login shows a button per provider; a popup closed by the person is noticed, a 500x600 popup signs in, and a blocked one offers this window instead', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  await openLogin(page);
  await closedPopupIsNoticed(context, page);
  const account = providerAccount('popup');
  const popupOpened = page.waitForEvent('popup');
  await visiblePage(page).getByRole('button', { name: 'Continue with Test ID' }).click();
  const popup = await popupOpened;
  expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
  await popup.waitForEvent('close');
  await expectSignedInAs(page, account.email);
  await expect(visiblePage(page).getByRole('list', { name: 'Linked sign-in methods' })).toContainText('Test ID');

  await context.close();

  // Another browser, which blocks popups (and has no session at the provider).
  const blocking = await newPage(browser);
  await blockedPopupOffersThisWindow(blocking.page);
  await blocking.context.close();
});

test('a phone signs in by redirect, and the result survives the round trip', async ({ browser }) => {
  const { context, page } = await newPage(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme: 'dark',
  });
  await openLogin(page);
  const account = providerAccount('redirect');
  await visiblePage(page).getByRole('button', { name: 'Continue with Test ID' }).click();
  await expectSignedInAs(page, account.email);
  // Read once: nothing is left behind for a later page.
  expect(await page.evaluate(() => sessionStorage.getItem('northwind.auth.idp.result'))).toBeNull();
  await context.close();
});

/** Signs up with a password on our server and opens the Account page. */
async function passwordAccount(page: Page, email: string) {
  const { apiKey } = (await (await page.request.get('/api/config')).json()) as { apiKey: string };
  const response = await page.request.post(`/identity/v1/accounts:signUp?key=${apiKey}`, { data: { email, password: PASSWORD } });
  expect(response.status()).toBe(200);
  await page.goto('/login?next=/account');
  await waitForIonicPage(page);
  await visiblePage(page).getByLabel('Email').fill(email);
  await visiblePage(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
  await expectSignedInAs(page, email);
}

test('the Account page links a provider and offers to unlink only while another way remains; a provider with the account’s email links only after the account is proved', async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  const email = `${uniqueId('linker')}@example.com`;
  await passwordAccount(page, email);
  const methods = visiblePage(page).getByRole('list', { name: 'Linked sign-in methods' });
  await expect(methods).toContainText('Email and password');
  await expect(visiblePage(page).getByRole('button', { name: /^Unlink/ })).toHaveCount(0);
  providerAccount('linked');
  const popupOpened = page.waitForEvent('popup');
  await visiblePage(page).getByRole('button', { name: 'Link Test ID' }).click();
  await (await popupOpened).waitForEvent('close');
  await expect(methods).toContainText('Test ID');
  await expect(visiblePage(page).getByRole('button', { name: 'Unlink Test ID' })).toBeVisible();
  await visiblePage(page).getByRole('button', { name: 'Unlink Test ID' }).click();
  await expect(methods).not.toContainText('Test ID');

  await context.close();

  // On another browser (no session here nor at the provider), the person continues with a
  // provider account of the same address.
  const other = await newPage(browser);
  providerAccount('existing', email);
  await openLogin(other.page);
  const secondPopup = other.page.waitForEvent('popup');
  await visiblePage(other.page).getByRole('button', { name: 'Continue with Test ID' }).click();
  await (await secondPopup).waitForEvent('close');
  await expect(visiblePage(other.page).getByRole('status').filter({ hasText: 'already exists' })).toContainText(email);
  await visiblePage(other.page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visiblePage(other.page).getByRole('button', { name: 'Log in' }).click();
  await expectSignedInAs(other.page, email);
  await expect(visiblePage(other.page).getByRole('list', { name: 'Linked sign-in methods' })).toContainText('Test ID');
  await other.context.close();
});

test('two-step sign-in is turned on, then asked for at the next login', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  const email = `${uniqueId('twostep')}@example.com`;
  await passwordAccount(page, email);
  const section = visiblePage(page).locator('section', { has: page.getByRole('heading', { name: 'Two-step sign-in' }) });
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code for your authenticator app/ })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  // The server takes a code of its own 30-s step or of one step either side, and each step once,
  // later than the last taken (src/server/identity/mfa/totp.ts). The setup takes this step's
  // code; the login below takes the next step's code (or its own step's, once that is later):
  // both hold for at least 30 s after they are made, so no test waits for a step to begin.
  const stepNow = () => Math.floor(Date.now() / 30_000);
  const setupStep = stepNow();
  await section.getByLabel('6-digit code').fill(totp.generate({ timestamp: setupStep * 30_000 }));
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  const recoveryCodes = await section.getByTestId('recovery-codes').locator('li').allTextContents();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('On: signing in asks for a code');

  await page.evaluate(() => localStorage.removeItem('northwind.auth.session'));
  await page.goto('/login?next=/account');
  await waitForIonicPage(page);
  await visiblePage(page).getByLabel('Email').fill(email);
  await visiblePage(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
  const prompt = visiblePage(page).getByRole('form', { name: 'Two-step sign-in' });
  await expect(prompt).toBeVisible();
  await prompt.getByLabel('Code').fill('000000');
  await prompt.getByRole('button', { name: 'Verify' }).click();
  await expect(prompt.getByRole('alert')).toContainText('That code is not right, or it was already used.');
  await prompt.getByLabel('Code').fill(totp.generate({ timestamp: Math.max(setupStep + 1, stepNow()) * 30_000 }));
  await prompt.getByRole('button', { name: 'Verify' }).click();
  await expectSignedInAs(page, email);

  // A sensitive change asks for the second step too: here a recovery code, in a dialog.
  const passwordForm = visiblePage(page).getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await passwordForm.getByLabel('New password', { exact: true }).fill('a new password 2');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Two-step sign-in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Code').fill(recoveryCodes[0]!);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(passwordForm.getByRole('status')).toContainText('Your password has been changed');

  // A sign-in link from the mail stops at the second step too (decision 0113).
  await page.evaluate(() => localStorage.removeItem('northwind.auth.session'));
  const { apiKey } = (await (await page.request.get('/api/config')).json()) as { apiKey: string };
  const sent = await page.request.post(`/identity/v1/accounts:sendOobCode?key=${apiKey}`, {
    data: { requestType: 'EMAIL_SIGNIN', email, continueUrl: `${server.url}/account` },
  });
  expect(sent.status()).toBe(200);
  const [, link] = await server.waitForLog(
    new RegExp(`"link":"([^"]*mode=signIn[^"]*${encodeURIComponent(email).replace(/[.]/g, '\\.')}[^"]*)"`),
  );
  const linkUrl = new URL(link!);
  await page.goto(`${linkUrl.pathname}${linkUrl.search}`);
  await waitForIonicPage(page);
  const linkPrompt = visiblePage(page).getByRole('form', { name: 'Two-step sign-in' });
  await expect(linkPrompt).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('northwind.auth.session'))).toBeNull();
  await linkPrompt.getByLabel('Code').fill(recoveryCodes[1]!);
  await linkPrompt.getByRole('button', { name: 'Verify' }).click();
  await expect(linkPrompt).toBeHidden();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('northwind.auth.session'))).not.toBeNull();
  await page.goto('/account');
  await waitForIonicPage(page);
  await expect(visiblePage(page).getByTestId('account-email')).toHaveText(email);
  await context.close();
});

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The path of the link in the mail to `email` whose link holds `part`, read from the server's log. */
async function mailedLink(email: string, part: string): Promise<string> {
  const [, link] = await server.waitForLog(new RegExp(`"to":"${literally(email)}"[^}]*"link":"([^"]*${literally(part)}[^"]*)"`));
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** Waits until no button on the page is still disabled from sending: the form is usable again. */
async function settled(page: Page) {
  await expect(visiblePage(page).locator('ion-button.button-disabled')).toHaveCount(0);
}

test('mailed links: the address confirmed from the Account page, then a forgotten password set anew, once', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  const email = `${uniqueId('mailed')}@example.com`;
  await passwordAccount(page, email);
  const details = visiblePage(page).locator('dl').first();
  await expect(details).toContainText('Not yet');
  await visiblePage(page).getByRole('button', { name: 'Send confirmation mail' }).click();
  await expect(visiblePage(page).getByText(`We sent a confirmation link to ${email}.`)).toBeVisible();
  await page.goto(await mailedLink(email, 'mode=verifyEmail'));
  await waitForIonicPage(page);
  await expect(visiblePage(page).getByText('Thank you: your email address is confirmed.')).toBeVisible();
  await expect(details).toContainText('Yes');

  // Signed out, the password forgotten: Login leads to the page that mails a link.
  await page.evaluate(() => localStorage.removeItem('northwind.auth.session'));
  await page.goto('/login');
  await waitForIonicPage(page);
  await visiblePage(page).getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await waitForIonicPage(page);
  await expect(visiblePage(page).locator('ion-title')).toHaveText('Forgot password');
  await visiblePage(page).getByLabel('Email').fill(email);
  await visiblePage(page).getByRole('button', { name: 'Send reset link' }).click();
  await expect(visiblePage(page).getByRole('status')).toHaveText(new RegExp(`We sent a link to ${literally(email)}`));
  await settled(page);
  const resetLink = await mailedLink(email, '/forgot-password');

  await page.goto(resetLink);
  await waitForIonicPage(page);
  await expect(visiblePage(page).getByText(`Choose a new password for ${email}.`)).toBeVisible();
  await visiblePage(page).getByLabel('New password', { exact: true }).fill('remembered password 2');
  await visiblePage(page).getByRole('button', { name: 'Save password and log in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await waitForIonicPage(page);
  await expect(visiblePage(page).getByTestId('account-email')).toHaveText(email);

  // The link works once.
  await page.goto(resetLink);
  await waitForIonicPage(page);
  await expect(visiblePage(page).getByRole('alert')).toHaveText(/That link is not valid any more/);
  await context.close();
});
