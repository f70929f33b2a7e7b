import { markTutorialSeen } from './demos-helpers';
import type { Page } from '@playwright/test';
import { storedSupportMessages } from './support/database';
import { checkA11y, expect, test, waitForHydration, waitForIonicPage } from './support/fixtures';
import { ServerProcess } from './support/server-process';
import { ownPort, suiteDatabaseUrl } from './support/suite';

const OWN_PORT = Number(process.env.E2E_SITE_OWN_PORT ?? ownPort(20));

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillContactForm(page: Page, values: { name: string; email: string; subject?: string; message: string }) {
  await page.getByLabel('Name', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  if (values.subject !== undefined) await page.getByLabel('Subject (optional)').fill(values.subject);
  await page.getByLabel('Message', { exact: true }).fill(values.message);
}

test.describe('the company site without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('landing, about, team and a member page show their content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('IT support that just works');
    await expect(page.getByRole('heading', { name: 'Managed IT Support' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plain speaking' })).toBeVisible();
    await expect(page.getByText('Dr. Priya Raman')).toBeVisible();

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
    await expect(page.getByRole('heading', { name: 'From a garage help desk to your IT department' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Security first' })).toBeVisible();

    await page.goto('/team');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Team');
    await expect(page.getByRole('link', { name: 'Grace Adeyemi' })).toBeVisible();
    await page.getByRole('link', { name: 'Grace Adeyemi' }).click();
    await expect(page).toHaveURL(/\/team\/grace-adeyemi$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grace Adeyemi');
    await expect(page.getByText('Grace runs our security practice')).toBeVisible();
  });

  test('the contact form posts as an ordinary form and the message is stored', async ({ page }) => {
    const message = unique('Sent without JavaScript');
    await page.goto('/support');
    await fillContactForm(page, { name: 'No Script', email: 'noscript@example.com', message });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/support\?sent=1$/);
    await expect(page.getByRole('heading', { name: 'Thank you, your message has been sent' })).toBeVisible();
    const rows = await storedSupportMessages(suiteDatabaseUrl(), message);
    expect(rows.map((row) => row.name)).toEqual(['No Script']);
  });
});

test.describe('the landing page', () => {
  test('shows the services, core values and reviews stored in the database, in order', async ({ page, request }) => {
    await page.goto('/');
    await waitForHydration(page);
    // What the content API serves, which reads the database ordered by position.
    const read = async <T>(path: string) => {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      return (await response.json()) as T[];
    };
    const services = await read<{ title: string }>('/api/services');
    const values = await read<{ title: string }>('/api/core-values');
    const reviews = await read<{ author: string }>('/api/client-reviews');
    expect(services.length).toBeGreaterThan(0);
    await expect(page.locator('#services h3')).toHaveText(services.map((row) => row.title));
    await expect(page.locator('.value-grid h3')).toHaveText(values.map((row) => row.title));
    await expect(page.locator('.review-card figcaption strong')).toHaveText(reviews.map((row) => row.author));
    await expect(page.locator('.review-card .stars').first()).toHaveAttribute('aria-label', /^Rated [1-5] out of 5$/);
  });

  test('its call to action leads to Contact Us', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get a free consultation' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  });
});

test.describe('the header', () => {
  test('on a desktop the text links reach their pages', async ({ page }) => {
    // The Demo link must land on the demo itself, not on the first-visit tutorial (which a fast
    // enough first screen reaches before the URL is checked).
    await markTutorialSeen(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path, heading] of [
      ['Contact Us', '/support', 'Contact Us'],
      ['About Us', '/about', 'About Us'],
      ['Our Team', '/team', 'Our Team'],
    ] as const) {
      await page.goto('/');
      await main.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(main.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    }
    await main.getByRole('link', { name: 'Demo' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/home$/);
    await waitForIonicPage(page);
    await page.goto('/about');
    await page.getByRole('link', { name: 'Northwind Computer Services, home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the logo fits its 100x50 box', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const overflow = await page.locator('.site-header__logo svg').evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')].map((text) => {
        const bounds = text.getBoundingClientRect();
        return { text: text.textContent, right: bounds.right - box.right, bottom: bounds.bottom - box.bottom };
      });
    });
    expect(await page.locator('.site-header__logo svg').boundingBox()).toMatchObject({ width: 100, height: 50 });
    for (const item of overflow) {
      expect(item.right, `${item.text} inside the logo`).toBeLessThanOrEqual(0);
      expect(item.bottom).toBeLessThanOrEqual(0);
    }
  });

  test('on a phone the chevron opens the app menu, whose items navigate and whose toggle switches the theme', async ({ page }) => {
    // The Demo link must land on the demo itself, not on the first-visit tutorial.
    await markTutorialSeen(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await waitForHydration(page);
    const chevron = page.getByRole('button', { name: 'Open menu' });
    const popover = page.getByRole('navigation', { name: 'App menu' });

    await chevron.click();
    await expect(page.locator('header.site-header')).toHaveAttribute('data-expanded', 'true');
    await popover.getByRole('link', { name: 'Our Team' }).click();
    await expect(page).toHaveURL(/\/team$/);
    await waitForHydration(page);
    await expect(page.locator('header.site-header')).toHaveAttribute('data-expanded', 'false');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await popover.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await waitForHydration(page);

    await expect(page.locator('html')).not.toHaveClass(/ion-palette-dark/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await popover.getByRole('button', { name: 'Dark Mode' }).click();
    await expect(page.locator('html')).toHaveClass(/ion-palette-dark/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await popover.getByRole('button', { name: 'Light Mode' }).click();
    await expect(page.locator('html')).not.toHaveClass(/ion-palette-dark/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await popover.getByRole('link', { name: 'Demo' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/home$/);
    await waitForIonicPage(page);
  });
});

test.describe('the team', () => {
  test('a team card opens its member page', async ({ page }) => {
    await page.goto('/team');
    await waitForHydration(page);
    // Anywhere on the card, not only the name: here the lower left corner, by the skills.
    const card = page.locator('.member-card', { hasText: 'Aiko Tanaka' });
    const box = (await card.boundingBox())!;
    await card.click({ position: { x: 12, y: box.height - 12 } });
    await expect(page).toHaveURL(/\/team\/aiko-tanaka$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aiko Tanaka');
    await expect(page.getByRole('link', { name: 'Email Aiko' })).toHaveAttribute('href', 'mailto:aiko@northwind.example');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Our Team' }).click();
    await expect(page).toHaveURL(/\/team$/);
  });

  test.describe('an unknown member', () => {
    test.use({ allowConsoleErrors: [/status of 404/] });

    test('says not found and links back to the team', async ({ page }) => {
      const response = await page.goto('/team/nobody-by-that-name');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team member not found');
      await page.getByRole('link', { name: 'Back to Our Team' }).click();
      await expect(page).toHaveURL(/\/team$/);
    });
  });
});

test.describe('Contact Us', () => {
  test('sends a message that is then in the database', async ({ page }) => {
    const message = unique('My laptop fan sounds like a jet engine');
    await page.goto('/support');
    await waitForHydration(page);
    await fillContactForm(page, { name: 'Jet Owner', email: 'jet@example.com', subject: 'Noisy laptop', message });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, your message has been sent' })).toBeFocused();
    await expect(page.getByText('jet@example.com')).toBeVisible();
    const rows = await storedSupportMessages(suiteDatabaseUrl(), message);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Jet Owner', email: 'jet@example.com', subject: 'Noisy laptop' });
    expect(Date.now() - Date.parse(rows[0]!.date)).toBeLessThan(60_000);
    expect(await page.evaluate(() => localStorage.getItem('nw.supportOutbox'))).toBeNull();
  });

  test('checks the fields inline and sends nothing until they are right', async ({ page }) => {
    let posts = 0;
    page.on('request', (request) => {
      // The page's Insights beacon is no message.
      if (request.method() === 'POST' && !request.url().includes('/api/insights/')) posts += 1;
    });
    await page.goto('/support');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(page.getByText('Please enter a message.')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Email', { exact: true }).blur();
    await expect(page.getByText('Please enter a valid email address, like name@example.com.')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('fixed@example.com');
    await expect(page.getByText('Please enter a valid email address, like name@example.com.')).toBeHidden();
    expect(posts).toBe(0);
    await checkA11y(page);
  });

  test('arrives with the subject filled in from the movie area', async ({ page }) => {
    await page.goto('/support?subject=Movie%20edit%20suggestion%3A%20Alien');
    await waitForHydration(page);
    await expect(page.getByLabel('Subject (optional)')).toHaveValue('Movie edit suggestion: Alien');
  });
});

test.describe('Contact Us with the server down', () => {
  // The browser reports each refused connection while the server is stopped.
  test.use({ allowConsoleErrors: [/ERR_CONNECTION_REFUSED|Failed to load resource/] });
  test.setTimeout(90_000);

  const server = new ServerProcess(OWN_PORT);
  test.beforeAll(async () => {
    server.reset();
    await server.start();
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('queues the message on the device and delivers it once when the server is back', async ({ page }) => {
    const message = unique('Queued while you were away');
    const stored = () => storedSupportMessages(server.databaseUrl, message);

    await page.goto(`${server.url}/support`);
    await waitForHydration(page);
    await fillContactForm(page, { name: 'Patient Person', email: 'patient@example.com', message });
    await server.stop();

    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { name: 'Message saved, it will be sent automatically' })).toBeVisible();
    const queued = await page.evaluate(
      () => JSON.parse(localStorage.getItem('nw.supportOutbox') ?? '[]') as Array<{ values: { message: string } }>,
    );
    expect(queued.map((item) => item.values.message)).toEqual([message]);

    await server.start();
    await expect(page.getByRole('heading', { name: 'Your queued message has been delivered' })).toBeVisible({ timeout: 45_000 });
    expect(await stored()).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('nw.supportOutbox'))).toBeNull();

    // Later visits have nothing left to send: the message stays stored exactly once.
    await page.goto(`${server.url}/about`);
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(await stored()).toHaveLength(1);
  });

  test('sends a message left in the outbox on the next page load', async ({ page }) => {
    const message = unique('Left behind on a train');
    await page.goto(`${server.url}/about`);
    await waitForHydration(page);
    // As if an earlier visit had queued it and the tab was closed before the network returned.
    await page.evaluate((text) => {
      const item = {
        key: `left-behind-${Math.random().toString(36).slice(2, 10)}`,
        queuedAt: new Date().toISOString(),
        values: { name: 'Commuter', email: 'commuter@example.com', subject: null, message: text },
      };
      localStorage.setItem('nw.supportOutbox', JSON.stringify([item]));
    }, message);
    await page.goto(`${server.url}/team`);
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('nw.supportOutbox'))).toBeNull();
    expect(await storedSupportMessages(server.databaseUrl, message)).toHaveLength(1);
  });
});

test.describe('accessibility', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const path of ['/', '/about', '/team', '/team/maya-chen', '/support']) {
      test(`${path} has no axe-core violations (${scheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(scheme === 'light' ? { width: 1280, height: 800 } : { width: 390, height: 844 });
        await page.goto(path);
        await waitForHydration(page);
        await checkA11y(page);
      });
    }
  }
});
