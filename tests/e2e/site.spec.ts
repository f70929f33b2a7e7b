import { markTutorialSeen } from './demos-helpers';
import type { APIRequestContext, Page } from '@playwright/test';
import { storedSupportMessages } from './support/database';
import { expect, test, waitForHydration, waitForIonicPage } from './support/fixtures';
import { suiteDatabaseUrl } from './support/suite';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillContactForm(page: Page, values: { name: string; email: string; subject?: string; message: string }) {
  await page.getByLabel('Name', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  if (values.subject !== undefined) await page.getByLabel('Subject (optional)').fill(values.subject);
  await page.getByLabel('Message', { exact: true }).fill(values.message);
}

test.describe('the company site without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('landing, about, team and a member page show their content, and the contact form posts as an ordinary form', async ({ page }) => {
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

    // The contact form posts as an ordinary form, and the message is stored.
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

/** What the content API serves, which reads the database ordered by position. */
async function storedRows<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T[];
}

/** The landing page shows the services, core values and reviews stored in the database, in order. */
async function landingShowsStoredContent(page: Page, request: APIRequestContext) {
  const services = await storedRows<{ title: string }>(request, '/api/services');
  const values = await storedRows<{ title: string }>(request, '/api/core-values');
  const reviews = await storedRows<{ author: string }>(request, '/api/client-reviews');
  expect(services.length).toBeGreaterThan(0);
  await expect(page.locator('#services h3')).toHaveText(services.map((row) => row.title));
  await expect(page.locator('.value-grid h3')).toHaveText(values.map((row) => row.title));
  await expect(page.locator('.review-card figcaption strong')).toHaveText(reviews.map((row) => row.author));
  await expect(page.locator('.review-card .stars').first()).toHaveAttribute('aria-label', /^Rated [1-5] out of 5$/);
}

/** The header's logo fits its 100x50 box, its words included. */
async function logoFitsItsBox(page: Page) {
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
}

/**
 * On Contact Us: the fields are checked inline and nothing is sent until they are right; then the
 * message is sent, and it is in the database. `posts` counts the page's POSTs so far.
 */
async function contactFormChecksThenSends(page: Page, posts: () => number) {
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
  expect(posts()).toBe(0);

  const message = unique('My laptop fan sounds like a jet engine');
  await fillContactForm(page, { name: 'Jet Owner', email: 'jet@example.com', subject: 'Noisy laptop', message });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your message has been sent' })).toBeFocused();
  await expect(page.getByText('jet@example.com')).toBeVisible();
  const rows = await storedSupportMessages(suiteDatabaseUrl(), message);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: 'Jet Owner', email: 'jet@example.com', subject: 'Noisy laptop' });
  expect(Date.now() - Date.parse(rows[0]!.date)).toBeLessThan(60_000);
  expect(await page.evaluate(() => localStorage.getItem('nw.supportOutbox'))).toBeNull();
}

/** A team card opens its member page from anywhere on it; the breadcrumb leads back. */
async function teamCardOpensMember(page: Page) {
  // Here the card's lower left corner, by the skills, not the name.
  const card = page.locator('.member-card', { hasText: 'Aiko Tanaka' });
  const box = (await card.boundingBox())!;
  await card.click({ position: { x: 12, y: box.height - 12 } });
  await expect(page).toHaveURL(/\/team\/aiko-tanaka$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aiko Tanaka');
  await expect(page.getByRole('link', { name: 'Email Aiko' })).toHaveAttribute('href', 'mailto:aiko@northwind.example');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Our Team' }).click();
  await expect(page).toHaveURL(/\/team$/);
}

test.describe('a visitor on a desktop', () => {
  // An unknown member's page answers 404, which the browser logs.
  test.use({ viewport: { width: 1280, height: 800 }, allowConsoleErrors: [/status of 404/] });

  test('reads the landing page as stored, follows its call to action to Contact Us and sends a message, then the header’s links, the team, a member, an unknown member and the demo', async ({
    page,
    request,
  }) => {
    // The Demo link must land on the demo itself, not on the first-visit tutorial (which a fast
    // enough first screen reaches before the URL is checked).
    await markTutorialSeen(page);
    let posts = 0;
    page.on('request', (sent) => {
      // The page's Insights beacon is no message.
      if (sent.method() === 'POST' && !sent.url().includes('/api/insights/')) posts += 1;
    });
    const main = page.getByRole('navigation', { name: 'Main' });
    /** Follows a header link to its page, which the header then marks as the current one. */
    const viaHeader = async (name: string, path: string, heading: string) => {
      await main.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(main.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
      await waitForHydration(page);
    };

    await page.goto('/');
    await waitForHydration(page);
    await landingShowsStoredContent(page, request);
    await logoFitsItsBox(page);
    await page.getByRole('link', { name: 'Get a free consultation' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('aria-current', 'page');
    await waitForHydration(page);
    await contactFormChecksThenSends(page, () => posts);

    await viaHeader('About Us', '/about', 'About Us');
    await page.getByRole('link', { name: 'Northwind Computer Services, home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await waitForHydration(page);
    await viaHeader('Our Team', '/team', 'Our Team');
    await teamCardOpensMember(page);

    const response = await page.goto('/team/nobody-by-that-name');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team member not found');
    await page.getByRole('link', { name: 'Back to Our Team' }).click();
    await expect(page).toHaveURL(/\/team$/);
    await waitForHydration(page);
    await viaHeader('Contact Us', '/support', 'Contact Us');

    // Arriving from the movie area, Contact Us has the subject filled in.
    await page.goto('/support?subject=Movie%20edit%20suggestion%3A%20Alien');
    await waitForHydration(page);
    await expect(page.getByLabel('Subject (optional)')).toHaveValue('Movie edit suggestion: Alien');

    await main.getByRole('link', { name: 'Demo' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/home$/);
    await waitForIonicPage(page);
  });
});

test.describe('the header', () => {
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
