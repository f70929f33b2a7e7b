import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { markTutorialSeen, readDeviceStorage } from './demos-helpers';
import { checkA11y, expect, layoutShiftTotal, recordLayoutShifts, test, waitForIonicPage } from './support/fixtures';
import { ServerProcess } from './support/server-process';
import { visiblePage } from './support/sign-in';
import { ownPort } from './support/suite';

const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

/** The page Ionic is showing now (others stay in the DOM, hidden). */
const menu = (page: Page) => page.locator('ion-menu');

/**
 * Waits until no button on the page is still disabled from sending: Ionic restyles a re-enabled
 * button a frame after the answer shows, and axe would measure the faded colours in between.
 */
async function settled(page: Page) {
  await expect(visiblePage(page).locator('ion-button.button-disabled')).toHaveCount(0);
}

async function fillCredentials(page: Page, email: string, password: string) {
  const form = visiblePage(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/signup');
  await waitForIonicPage(page);
  await fillCredentials(page, email, password);
  await visiblePage(page).getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/app\/tabs\/home$/);
  await waitForIonicPage(page);
}

async function expectMenuLoggedIn(page: Page, loggedIn: boolean, timeout?: number) {
  if (loggedIn) {
    await expect(menu(page).getByText('Logout', { exact: true })).toBeVisible({ timeout });
    await expect(menu(page).locator('ion-item', { hasText: /^Account$/ })).toBeVisible({ timeout });
    await expect(menu(page).getByText('Login', { exact: true })).toHaveCount(0);
  } else {
    await expect(menu(page).getByText('Login', { exact: true })).toBeVisible({ timeout });
    await expect(menu(page).getByText('Signup', { exact: true })).toBeVisible({ timeout });
    await expect(menu(page).getByText('Logout', { exact: true })).toHaveCount(0, { timeout });
  }
}

test.beforeEach(async ({ context }) => {
  await markTutorialSeen(context);
});

// The identity protocol answers refusals (wrong password, taken email...) with 400, which the
// browser logs; the tests below expect exactly those.
test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

/** Creates an account straight through the identity service, as another device would. */
async function createAccount(page: Page, email: string, password: string, origin = '') {
  const { apiKey } = (await (await page.request.get(`${origin}/api/config`)).json()) as { apiKey: string };
  const response = await page.request.post(`${origin}/identity/v1/accounts:signUp?key=${apiKey}`, {
    data: { email, password, returnSecureToken: true },
  });
  expect(response.status()).toBe(200);
}

test.describe('accounts', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('sign up, stay logged in, change password, log out, log in again, delete the account', async ({ page }) => {
    const email = uniqueEmail('journey');
    await signUp(page, email, 'first password 1');
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
    await checkA11y(page);

    const passwordForm = visiblePage(page).getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current password', { exact: true }).fill('first password 1');
    await passwordForm.getByLabel('New password', { exact: true }).fill('second password 2');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect(passwordForm.getByRole('status')).toHaveText(/Your password has been changed/);

    await menu(page).getByText('Logout', { exact: true }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/home$/);
    await waitForIonicPage(page);
    await expectMenuLoggedIn(page, false);
    expect(await page.evaluate(() => localStorage.getItem('northwind.auth.session'))).toBeNull();
    expect(await readDeviceStorage(page, 'hasLoggedIn')).toBeNull();
    expect(await readDeviceStorage(page, 'email')).toBeNull();

    await page.goto('/login?next=/account');
    await waitForIonicPage(page);
    await fillCredentials(page, email, 'first password 1');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(visiblePage(page).getByRole('alert')).toHaveText(/^Wrong password/);
    await settled(page);
    await checkA11y(page);

    await visiblePage(page).getByLabel('Password', { exact: true }).fill('second password 2');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByTestId('account-email')).toHaveText(email);

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
    await fillCredentials(page, email, 'second password 2');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(visiblePage(page).getByRole('alert')).toHaveText(/There is no account with that email/);
  });

  test('changing the email shows everywhere and the new address logs in', async ({ page }) => {
    const email = uniqueEmail('before');
    const next = uniqueEmail('after');
    await signUp(page, email, 'email password 1');
    await page.goto('/account');
    await waitForIonicPage(page);
    const form = visiblePage(page).getByRole('form', { name: 'Change email' });
    await form.getByLabel('New email').fill(email);
    await form.getByLabel('New email').blur();
    await expect(form.getByText('That is already your email address.')).toBeVisible();
    await form.getByLabel('New email').fill(next);
    await form.getByLabel('Current password', { exact: true }).fill('wrong password');
    await form.getByRole('button', { name: 'Change email' }).click();
    await expect(form.getByRole('alert')).toHaveText(/^Wrong password/);
    await form.getByLabel('Current password', { exact: true }).fill('email password 1');
    await form.getByRole('button', { name: 'Change email' }).click();
    await expect(form.getByRole('status')).toHaveText('Your email address has been changed.');
    await expect(visiblePage(page).getByTestId('account-email')).toHaveText(next);
    await expect.poll(() => readDeviceStorage(page, 'email')).toBe(next);
    await settled(page);
    await checkA11y(page);
    // The notices and errors keep their contrast in the dark theme too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/ion-palette-dark/);
    await checkA11y(page);

    await menu(page).getByText('Logout', { exact: true }).click();
    await page.goto('/login?next=/account');
    await waitForIonicPage(page);
    await fillCredentials(page, next, 'email password 1');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(visiblePage(page).getByTestId('account-email')).toHaveText(next);
  });

  test('a second tab follows a logout within a second', async ({ context }) => {
    const first = await context.newPage();
    await signUp(first, uniqueEmail('tabs'), 'tabs password 1');
    const second = await context.newPage();
    await second.goto('/app/tabs/home');
    await waitForIonicPage(second);
    await expectMenuLoggedIn(second, true);

    await menu(first).getByText('Logout', { exact: true }).click();
    await expectMenuLoggedIn(second, false, 1000);
    await expect(second.evaluate(() => localStorage.getItem('northwind.auth.session'))).resolves.toBeNull();
  });

  test('the session refreshes its token before expiry and ends when the server refuses it', async ({ page }) => {
    await signUp(page, uniqueEmail('refresh'), 'refresh password 1');
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

    // A refresh token the server no longer accepts (here: the rotated-away one) signs the user out.
    await page.evaluate(
      (session) => {
        localStorage.setItem('northwind.auth.session', JSON.stringify({ ...session, expiresAt: Date.now() + 60_000 }));
      },
      { ...after, refreshToken: before.refreshToken },
    );
    await page.reload();
    await expect.poll(read).toBeNull();
    await expectMenuLoggedIn(page, false);
  });

  test('the Account page opens without its sections jumping as the details arrive', async ({ page, context }) => {
    await signUp(page, uniqueEmail('steady'), 'correct horse battery');
    await recordLayoutShifts(context);
    // A phone's screen and CPU, where the account's details arrive after the page is drawn.
    await page.setViewportSize({ width: 390, height: 844 });
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/account');
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await expect(visiblePage(page).getByRole('heading', { name: 'Change password' })).toBeAttached();
    await page.waitForTimeout(500);
    expect(await layoutShiftTotal(page)).toBeLessThan(0.1);
  });

  test("a cold start at Account asks for the config once, as the document arrives, not after the app's start", async ({
    page,
    browser,
  }) => {
    await signUp(page, uniqueEmail('preload'), 'correct horse battery');
    const session = await page.evaluate(() => localStorage.getItem('northwind.auth.session'));
    expect(session).toBeTruthy();

    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript((value) => localStorage.setItem('northwind.auth.session', value), session!);
    const cold = await context.newPage();
    const configAsked: number[] = [];
    let startCodeIn = Number.POSITIVE_INFINITY;
    // The start's code held back until the config has been asked for (15 s at most), as a phone's
    // network would hold it: without the document's preload the app asks only once it has run.
    let asked!: () => void;
    const askedOnce = new Promise<void>((resolve) => (asked = resolve));
    await cold.route(/\/assets\/app-start-[\w-]{8}\.js$/, async (route) => {
      await Promise.race([askedOnce, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      await route.continue();
    });
    cold.on('request', (sent) => {
      if (new URL(sent.url()).pathname !== '/api/config') return;
      configAsked.push(Date.now());
      asked();
    });
    cold.on('requestfinished', (done) => {
      if (/\/assets\/app-start-[\w-]{8}\.js$/.test(done.url())) startCodeIn = Math.min(startCodeIn, Date.now());
    });
    await cold.goto('/account');
    await waitForIonicPage(cold);
    await expect(visiblePage(cold).getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    // One request: the app's own ask took the preloaded answer.
    expect(configAsked).toHaveLength(1);
    expect(configAsked[0]!).toBeLessThanOrEqual(startCodeIn);
    await context.close();
  });

  test('the forms validate as the user types and say plainly what the server answered', async ({ page }) => {
    await page.goto('/signup');
    await waitForIonicPage(page);
    await checkA11y(page);
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

    // An address that is taken: the button is disabled while sending, then the sentence shows.
    const taken = uniqueEmail('taken');
    await createAccount(page, taken, 'taken password 1');
    await page.route('**/identity/v1/accounts:signUp*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await email.fill(taken);
    await password.fill('another password');
    const submit = form.getByRole('button', { name: /Create account|Creating account/ });
    await submit.click();
    await expect(submit).toHaveAttribute('disabled', '');
    await expect(form.getByRole('alert')).toHaveText(/^That email is already registered/);
    await expect(submit).not.toHaveAttribute('disabled', '');
  });

  test('login returns the user to where they were sent from', async ({ page }) => {
    const email = uniqueEmail('next');
    await createAccount(page, email, 'next password 1');
    await page.goto('/login?next=%2Fcharts-and-graphs');
    await waitForIonicPage(page);
    await checkA11y(page);
    await fillCredentials(page, email, 'next password 1');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/charts-and-graphs$/);
    await waitForIonicPage(page);

    // Another site is never a destination, however the address is dressed up: each of these
    // normalises to `//evil.example/...` in the browser.
    for (const next of [
      '//evil.example/',
      '/.//evil.example/a',
      '/..//evil.example/a',
      '/%2e//evil.example/a',
      '/app/..//evil.example/a',
      '/./\\evil.example/a',
    ]) {
      await page.evaluate(() => localStorage.clear());
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await waitForIonicPage(page);
      await fillCredentials(page, email, 'next password 1');
      await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
      await expect(page, `next=${next}`).toHaveURL(/^http:\/\/localhost:\d+\/app\/tabs\/home$/);
    }
  });

  test('the forgot-password page asks for the address and confirms the mail', async ({ page }) => {
    const email = uniqueEmail('forgot');
    await createAccount(page, email, 'forgot password 1');
    await page.goto('/login');
    await waitForIonicPage(page);
    await visiblePage(page).getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await waitForIonicPage(page);
    await expect(visiblePage(page).locator('ion-title')).toHaveText('Forgot password');
    await visiblePage(page).getByLabel('Email').fill(email);
    await visiblePage(page).getByRole('button', { name: 'Send reset link' }).click();
    await expect(visiblePage(page).getByRole('status')).toHaveText(new RegExp(`We sent a link to ${email.replace(/\./g, '\\.')}`));
    await settled(page);
    await checkA11y(page);

    await page.goto('/forgot-password?mode=resetPassword&oobCode=made-up');
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByRole('alert')).toHaveText(/That link is not valid any more/);
  });
});

test.describe('a server that does not list this host', () => {
  const server = new ServerProcess(ownPort(91), { env: { AUTHORIZED_DOMAINS: 'northwind.example' } });
  test.beforeAll(async () => {
    server.reset();
    await server.start();
  });
  test.afterAll(async () => {
    await server.stop();
    server.reset();
  });

  test('refuses to sign in (unauthorized-domain)', async ({ page }) => {
    await page.goto(`${server.url}/login`);
    await waitForIonicPage(page);
    await fillCredentials(page, uniqueEmail('domain'), 'domain password 1');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(visiblePage(page).getByRole('alert')).toHaveText('Signing in is not allowed from this web address.');
  });
});

test.describe('mailed links: a forgotten password and a confirmed address', () => {
  // A server of our own whose log we read: without SMTP_URL the mail (and its link) goes there.
  const port = ownPort(92);
  const base = `http://localhost:${port}`;
  const databaseFile = join(tmpdir(), `northwind-e2e-auth-mail-${port}.db`);
  let child: ChildProcess | undefined;
  const links: string[] = [];
  const removeDatabase = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${databaseFile}${suffix}`, { force: true });
  };

  test.beforeAll(async () => {
    removeDatabase();
    const distDir = process.env.DIST_DIR ?? 'dist';
    child = spawn(process.execPath, [join(distDir, 'server', 'server.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: 'localhost',
        DIST_DIR: distDir,
        DATABASE_URL: `sqlite:${databaseFile}`,
        LOG_LEVEL: 'info',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const link = (JSON.parse(line) as { mail?: { link?: string } }).mail?.link;
          if (link) links.push(link);
        } catch {
          // not a JSON log line
        }
      }
    });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (
        await fetch(`${base}/api/health`).then(
          (response) => response.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error('the mail server did not start');
  });
  test.afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    removeDatabase();
  });

  test("Account's confirmation mail confirms the address through its link", async ({ page }) => {
    const email = uniqueEmail('confirm');
    await createAccount(page, email, 'confirmed password 1', base);
    await page.goto(`${base}/login?next=${encodeURIComponent('/account')}`);
    await waitForIonicPage(page);
    await fillCredentials(page, email, 'confirmed password 1');
    await visiblePage(page).getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await waitForIonicPage(page);
    const details = visiblePage(page).locator('dl').first();
    await expect(details).toContainText('Not yet');
    await visiblePage(page).getByRole('button', { name: 'Send confirmation mail' }).click();
    await expect(visiblePage(page).getByText(`We sent a confirmation link to ${email}.`)).toBeVisible();
    await expect.poll(() => links.find((link) => link.includes('mode=verifyEmail'))).toBeTruthy();
    const link = new URL(links.find((item) => item.includes('mode=verifyEmail'))!);

    await page.goto(`${base}${link.pathname}${link.search}`);
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByText('Thank you: your email address is confirmed.')).toBeVisible();
    await expect(details).toContainText('Yes');
  });

  test('the link in the mail sets a new password and logs the user in', async ({ page }) => {
    const email = uniqueEmail('reset');
    await page.goto(`${base}/login`);
    await waitForIonicPage(page);
    await createAccount(page, email, 'forgotten password 1', base);
    await visiblePage(page).getByRole('link', { name: 'Forgot password?' }).click();
    await visiblePage(page).getByLabel('Email').fill(email);
    await visiblePage(page).getByRole('button', { name: 'Send reset link' }).click();
    await expect(visiblePage(page).getByRole('status')).toContainText('We sent a link');
    await expect.poll(() => links.find((link) => link.includes('/forgot-password'))).toBeTruthy();
    const link = new URL(links.find((item) => item.includes('/forgot-password'))!);

    await page.goto(`${base}${link.pathname}${link.search}`);
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByText(`Choose a new password for ${email}.`)).toBeVisible();
    await checkA11y(page);
    await visiblePage(page).getByLabel('New password', { exact: true }).fill('remembered password 2');
    await visiblePage(page).getByRole('button', { name: 'Save password and log in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByTestId('account-email')).toHaveText(email);

    // The link works once.
    await page.goto(`${base}${link.pathname}${link.search}`);
    await waitForIonicPage(page);
    await expect(visiblePage(page).getByRole('alert')).toHaveText(/That link is not valid any more/);
  });
});
