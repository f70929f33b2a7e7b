import type { Page } from '@playwright/test';
import { markTutorialSeen, readDeviceStorage } from './demos-helpers';
import { expect, layoutShiftTotal, recordLayoutShifts, test, waitForIonicPage } from './support/fixtures';
import { visiblePage } from './support/sign-in';

const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

/** The page Ionic is showing now (others stay in the DOM, hidden). */
const menu = (page: Page) => page.locator('ion-menu');

/** Waits until no button on the page is still disabled from sending: the form is usable again. */
async function settled(page: Page) {
  await expect(visiblePage(page).locator('ion-button.button-disabled')).toHaveCount(0);
}

async function fillCredentials(page: Page, email: string, password: string) {
  const form = visiblePage(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
}

async function expectMenuLoggedIn(page: Page, loggedIn: boolean) {
  if (loggedIn) {
    await expect(menu(page).getByText('Logout', { exact: true })).toBeVisible();
    await expect(menu(page).locator('ion-item', { hasText: /^Account$/ })).toBeVisible();
    await expect(menu(page).getByText('Login', { exact: true })).toHaveCount(0);
  } else {
    await expect(menu(page).getByText('Login', { exact: true })).toBeVisible();
    await expect(menu(page).getByText('Signup', { exact: true })).toBeVisible();
    await expect(menu(page).getByText('Logout', { exact: true })).toHaveCount(0);
  }
}

test.beforeEach(async ({ context }) => {
  await markTutorialSeen(context);
});

// The identity protocol answers refusals (wrong password, taken email...) with 400, which the
// browser logs; the tests below expect exactly those.
test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

/** The identity service's answer to a sign-up: what the app keeps as its session. */
interface SessionAnswer {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

/** Creates an account straight through the identity service, as another device would. */
async function createAccount(page: Page, email: string, password: string): Promise<SessionAnswer> {
  const { apiKey } = (await (await page.request.get('/api/config')).json()) as { apiKey: string };
  const response = await page.request.post(`/identity/v1/accounts:signUp?key=${apiKey}`, {
    data: { email, password, returnSecureToken: true },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as SessionAnswer;
}

/** The session as the app keeps it in localStorage (src/app/lib/session/stored-session.ts). */
function storedSession(answer: SessionAnswer) {
  return {
    uid: answer.localId,
    email: answer.email,
    idToken: answer.idToken,
    refreshToken: answer.refreshToken,
    expiresAt: Date.now() + Number(answer.expiresIn) * 1000,
  };
}

/**
 * The sign-up form's checks as a person meets them, from /signup: inline messages while typing,
 * nothing sent while a field is wrong, and an address that is taken, refused in plain words.
 */
async function signUpFormChecks(page: Page) {
  await page.goto('/signup');
  await waitForIonicPage(page);
  const form = visiblePage(page);
  const email = form.getByLabel('Email');
  await email.fill('not-an-email');
  await email.blur();
  await expect(form.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  await email.fill('');
  await email.pressSequentially('fixed@example.com');
  await expect(form.getByText('Enter a valid email address, like name@example.com.')).toBeHidden();

  const password = form.getByLabel('Password', { exact: true });
  await password.fill('short');
  await password.blur();
  await expect(form.getByText('Password should be at least 8 characters.')).toBeVisible();
  await expect(password).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: /show password/i }).click();
  await expect(password).toHaveAttribute('type', 'text');

  // Submitting with problems sends nothing and puts the focus on the first one.
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/identity/v1/accounts:signUp')) requests += 1;
  });
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(password).toBeFocused();
  expect(requests).toBe(0);

  // An address that is taken: the button is disabled while sending (the answer is held until
  // the test has seen that), then the sentence shows and the button is back.
  const taken = uniqueEmail('taken');
  await createAccount(page, taken, 'taken password 1');
  let releaseAnswer!: () => void;
  const answerReleased = new Promise<void>((resolve) => (releaseAnswer = resolve));
  await page.route('**/identity/v1/accounts:signUp*', async (route) => {
    await answerReleased;
    await route.continue();
  });
  await email.fill(taken);
  await password.fill('another password');
  const submit = form.getByRole('button', { name: /Create account|Creating account/ });
  await submit.click();
  await expect(submit).toHaveAttribute('disabled', '');
  releaseAnswer();
  await expect(form.getByRole('alert')).toHaveText(/^That email is already registered/);
  await expect(submit).not.toHaveAttribute('disabled', '');
  await page.unroute('**/identity/v1/accounts:signUp*');
}

/**
 * On the Account page: the same address and a wrong password are refused, then the new address
 * shows on the page and on the device.
 */
async function changeEmail(page: Page, email: string, next: string, password: string) {
  const form = visiblePage(page).getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(email);
  await form.getByLabel('New email').blur();
  await expect(form.getByText('That is already your email address.')).toBeVisible();
  await form.getByLabel('New email').fill(next);
  await form.getByLabel('Current password', { exact: true }).fill('wrong password');
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByRole('alert')).toHaveText(/^Wrong password/);
  await form.getByLabel('Current password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByRole('status')).toHaveText('Your email address has been changed.');
  await expect(visiblePage(page).getByTestId('account-email')).toHaveText(next);
  await expect.poll(() => readDeviceStorage(page, 'email')).toBe(next);
  await settled(page);
}

/**
 * The signed-in session refreshes its token before expiry, on the next start; a refresh token the
 * server no longer accepts (here: the rotated-away one) signs the person out.
 */
async function sessionRefreshesThenEnds(page: Page) {
  type Stored = { idToken: string; refreshToken: string; expiresAt: number };
  const read = () => page.evaluate(() => JSON.parse(localStorage.getItem('northwind.auth.session') ?? 'null') as Stored | null);
  const before = (await read())!;
  // Four minutes left: inside the 5-minute margin, so the session refreshes at once on start.
  await page.evaluate((session) => {
    localStorage.setItem('northwind.auth.session', JSON.stringify({ ...session, expiresAt: Date.now() + 4 * 60_000 }));
  }, before);
  await page.reload();
  await expect.poll(async () => (await read())?.refreshToken).not.toBe(before.refreshToken);
  const after = (await read())!;
  expect(after.idToken).not.toBe(before.idToken);
  expect(after.expiresAt).toBeGreaterThan(Date.now() + 55 * 60_000);
  await expectMenuLoggedIn(page, true);

  await page.evaluate(
    (session) => {
      localStorage.setItem('northwind.auth.session', JSON.stringify({ ...session, expiresAt: Date.now() + 60_000 }));
    },
    { ...after, refreshToken: before.refreshToken },
  );
  await page.reload();
  await expect.poll(read).toBeNull();
  await expectMenuLoggedIn(page, false);
}

test.describe('accounts', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a new member: the sign-up form’s checks, signing up, staying signed in, a new password and address, a second tab following the logout, logging back in, the account deleted', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('journey');
    const next = uniqueEmail('after');
    await signUpFormChecks(page);
    await fillCredentials(page, email, 'first password 1');
    await visiblePage(page).getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/home$/);
    await waitForIonicPage(page);
    await expectMenuLoggedIn(page, true);
    expect(await page.evaluate(() => localStorage.getItem('northwind.auth.session'))).toContain(email);
    await expect.poll(() => readDeviceStorage(page, 'hasLoggedIn')).toBe(true);
    expect(await readDeviceStorage(page, 'email')).toBe(email);

    await page.reload();
    await waitForIonicPage(page);
    await expectMenuLoggedIn(page, true);

    await menu(page)
      .locator('ion-item', { hasText: /^Account$/ })
      .click();
    await expect(page).toHaveURL(/\/account$/);
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByTestId('account-email')).toHaveText(email);
    await expect(visiblePage(page).getByText('Member since')).toBeVisible();

    const passwordForm = visiblePage(page).getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current password', { exact: true }).fill('first password 1');
    await passwordForm.getByLabel('New password', { exact: true }).fill('second password 2');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordForm.getByRole('status')).toHaveText(/Your password has been changed/);

    await changeEmail(page, email, next, 'second password 2');

    // The same person has the app open in a second tab: it follows the logout on its own.
    const second = await context.newPage();
    await second.goto('/app/tabs/home');
    await waitForIonicPage(second);
    await expectMenuLoggedIn(second, true);

    await menu(page).getByText('Logout', { exact: true }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/home$/);
    await waitForIonicPage(page);
    await expectMenuLoggedIn(page, false);
    expect(await page.evaluate(() => localStorage.getItem('northwind.auth.session'))).toBeNull();
    expect(await readDeviceStorage(page, 'hasLoggedIn')).toBeNull();
    expect(await readDeviceStorage(page, 'email')).toBeNull();
    await expectMenuLoggedIn(second, false);
    await expect(second.evaluate(() => localStorage.getItem('northwind.auth.session'))).resolves.toBeNull();
    await second.close();

    // The new address logs in, with the new password only.
    await page.goto('/login?next=/account');
    await waitForIonicPage(page);
    await fillCredentials(page, next, 'first password 1');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(visiblePage(page).getByRole('alert')).toHaveText(/^Wrong password/);
    await settled(page);

    await visiblePage(page).getByLabel('Password', { exact: true }).fill('second password 2');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByTestId('account-email')).toHaveText(next);

    await visiblePage(page).getByRole('button', { name: 'Delete account' }).click();
    const alert = page.locator('ion-alert');
    await expect(alert).toBeVisible();
    await alert.locator('input').fill('second password 2');
    await alert.getByRole('button', { name: 'Delete account' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/home$/);
    await waitForIonicPage(page);
    await expect(page.locator('ion-toast', { hasText: 'Your account has been deleted' })).toBeVisible();
    await expectMenuLoggedIn(page, false);

    await page.goto('/login');
    await waitForIonicPage(page);
    await fillCredentials(page, next, 'second password 2');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(visiblePage(page).getByRole('alert')).toHaveText(/There is no account with that email/);
  });

  test('a phone opening Account cold, signed in: the config is asked for once, as the document arrives, and the sections do not jump as the details arrive', async ({
    page,
    browser,
  }) => {
    const answer = await createAccount(page, uniqueEmail('cold'), 'correct horse battery');
    // A phone's screen and CPU, where the account's details arrive after the page is drawn; no
    // service worker, so every request the page makes is seen here.
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    await markTutorialSeen(context);
    await recordLayoutShifts(context);
    await context.addInitScript((value) => localStorage.setItem('northwind.auth.session', value), JSON.stringify(storedSession(answer)));
    const cold = await context.newPage();
    await (await context.newCDPSession(cold)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The start's code is held back until the config has been asked for, as a phone's network
    // might hold it: only the document's preload can ask for it before the app has run.
    const startCode = /\/assets\/app-start-[\w-]{8}\.js$/;
    let configAsked = 0;
    let startCodeHeld = false;
    let releaseStartCode!: () => void;
    const startCodeReleased = new Promise<void>((resolve) => (releaseStartCode = resolve));
    await cold.route(startCode, async (route) => {
      startCodeHeld = true;
      await startCodeReleased;
      await route.continue();
    });
    cold.on('request', (sent) => {
      if (new URL(sent.url()).pathname !== '/api/config') return;
      configAsked += 1;
      releaseStartCode();
    });
    await cold.goto('/account', { waitUntil: 'commit' });
    await expect.poll(() => configAsked, { message: 'the document asks for the config while the start code is held' }).toBe(1);
    await waitForIonicPage(cold);
    const account = visiblePage(cold);
    // The details have arrived and the sections below them are drawn (the last lazily).
    await expect(account.locator('dl').first()).toContainText('Not yet');
    await expect(account.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await expect(account.getByRole('heading', { name: 'Change password' })).toBeAttached();
    // Layout shifts are reported after the frame that made them: two frames on, all are in.
    await cold.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await layoutShiftTotal(cold)).toBeLessThan(0.1);
    // One request: the app's own ask took the preloaded answer.
    expect(configAsked).toBe(1);
    expect(startCodeHeld, 'the start code was held').toBe(true);
    await context.close();
  });

  test('a returning member: refused on a host the server does not list, then back where they were sent from, never on another site; the session refreshes itself, and ends when the server refuses it', async ({
    page,
  }) => {
    const email = uniqueEmail('next');
    await createAccount(page, email, 'next password 1');
    // The server's list of the hosts sign-in is allowed from, as a server that does not list
    // this one answers it (AUTHORIZED_DOMAINS makes the list: tests/api/startup.test.ts,
    // tests/api/identity.test.ts).
    const hostList = '**/identity/v1/projects*';
    await page.route(hostList, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), authorizedDomains: ['northwind.example'] } });
    });
    await page.goto('/login?next=%2Fcharts-and-graphs');
    await waitForIonicPage(page);
    await fillCredentials(page, email, 'next password 1');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(visiblePage(page).getByRole('alert')).toHaveText('Signing in is not allowed from this web address.');

    // With this host listed, the same form signs in and goes where the person was sent from.
    await page.unroute(hostList);
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/charts-and-graphs$/);
    await waitForIonicPage(page);

    // Another site is never a destination, however the address is dressed up: this one
    // normalises to `//evil.example/...` in the browser (next-path.test.ts has every other way).
    const next = '/%2e//evil.example/a';
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await waitForIonicPage(page);
    await fillCredentials(page, email, 'next password 1');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(page, `next=${next}`).toHaveURL(/^http:\/\/localhost:\d+\/app\/tabs\/home$/);
    await waitForIonicPage(page);

    await sessionRefreshesThenEnds(page);
  });
});
