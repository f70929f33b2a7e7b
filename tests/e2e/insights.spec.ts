import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './support/fixtures';
import { signInAsStaff, visiblePage } from './support/sign-in';

/** Headless Chromium names itself a robot (not counted); the visitor uses an ordinary browser's name. */
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Whether the page has loaded the speed library, from its own resource list: once the service
 * worker controls the page it may answer that request from its cache, which the test's view of
 * the network did not always see.
 */
const speedLibraryLoaded = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('web-vitals')));

test('Insights: a visitor’s pages (one without JavaScript), message and speed reach the console', async ({ page, browser }) => {
  const insightsStreams: string[] = [];
  page.on('request', (sent) => sent.url().includes('/api/changes?topics=insights') && insightsStreams.push(sent.url()));
  const visitor = await browser.newContext({ userAgent: VISITOR_AGENT });
  const reader = await visitor.newPage();
  // The speed library loads when the browser is idle; the page's figures leave when it is hidden.
  await reader.goto('/about');
  await waitForHydration(reader);
  await expect.poll(() => speedLibraryLoaded(reader)).toBe(true);
  await reader.goto('/support');
  await waitForHydration(reader);
  await reader.getByLabel('Name', { exact: true }).fill('Insight Visitor');
  await reader.getByLabel('Email', { exact: true }).fill('insight.visitor@example.com');
  // Sent at machine speed: the suite's server takes forms at once (CONTACT_MIN_FILL_MS=0).
  await reader.getByLabel('Message', { exact: true }).fill('How fast can you fix a laptop?');
  await reader.getByRole('button', { name: 'Send message' }).click();
  await expect(reader.getByRole('heading', { name: 'Thank you, your message has been sent' })).toBeVisible();
  // The page's speed figures leave when it is hidden (as when its tab is left), once the speed
  // library (loaded when the browser is idle) has read them.
  await expect.poll(() => speedLibraryLoaded(reader)).toBe(true);
  await reader.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 2000 })));
  // The only beacon after the view's: the speed figures (a beacon's body is not shown to the test).
  const speedSent = reader.waitForRequest((sent) => sent.url().endsWith('/api/insights/collect'));
  await reader.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  await speedSent;
  await visitor.close();

  const noScript = await browser.newContext({ userAgent: VISITOR_AGENT, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  const counted = plain.waitForResponse((response) => response.url().includes('/api/insights/pixel?p=%2Fteam'));
  await plain.goto('/team');
  expect((await counted).status()).toBe(200);
  await noScript.close();

  await signInAsStaff(page, page.request, '/admin/insights', ['staff'], 'insights');
  const view = visiblePage(page);
  const pages = view
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Page views' }) })
    .first();
  const speed = view.locator('section', { has: page.getByRole('heading', { name: 'Speed per page', exact: true }) });
  // Counts are written every two seconds (INSIGHTS_FLUSH_MS) and the report is read as the page
  // opens: it is opened again until the report drawn holds them.
  await expect(async () => {
    await page.reload();
    await expect(pages).toBeVisible();
    expect(await pages.getByRole('rowheader').allTextContents()).toEqual(expect.arrayContaining(['/about', '/team', '/support']));
    const supportSpeed = (await speed.getByRole('row').allTextContents()).find((row) => row.startsWith('/support'));
    expect(supportSpeed).toMatch(/\d+ ms \((good|needs work)\)/);
  }).toPass();
  await expect(view.getByRole('rowheader', { name: 'Contact Us messages: /support' })).toBeVisible();
  const rightNow = view.getByRole('status').filter({ hasText: /visitors? in the last 5 minutes/ });
  await expect(rightNow).toBeVisible();

  // "Right now" is live: another visitor's view shows without a reload through the insights
  // topic of the live stream, within an expectation's wait: a third of the page's own
  // 30-second read.
  const visitorsNow = async () => Number(/^(\d+) visitors?/.exec((await rightNow.textContent()) ?? '')?.[1] ?? NaN);
  const before = await visitorsNow();
  expect(before).toBeGreaterThan(0);
  await expect.poll(() => insightsStreams.length).toBeGreaterThan(0);
  const another = await browser.newContext({ userAgent: `${VISITOR_AGENT} Edg/131.0.0.0` });
  await (await another.newPage()).goto('/about');
  await expect.poll(visitorsNow).toBe(before + 1);
  await another.close();

  // Signed in as staff, the same browser's views of the site send nothing (with an ordinary
  // browser's name, so only the staff rule could stop them; the visitor above shows they go out).
  const staffSite = await browser.newContext({ userAgent: VISITOR_AGENT, storageState: await page.context().storageState() });
  const staffPage = await staffSite.newPage();
  const beacons: string[] = [];
  staffPage.on('request', (sent) => sent.url().includes('/api/insights/') && beacons.push(sent.url()));
  await staffPage.goto('/about');
  await waitForHydration(staffPage);
  await staffPage.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 2000 })));
  await staffPage.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  expect(await staffPage.evaluate(() => localStorage.getItem('northwind.auth.session') !== null)).toBe(true);
  expect(beacons).toEqual([]);
  await staffSite.close();
});

test('Insights on a phone: every range in sight and its label whole; custom dates checked before they are asked for, and a range with nothing counted says so', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsStaff(page, page.request, '/admin/insights', ['staff'], 'insights-phone');
  const view = visiblePage(page);
  const ranges = view.locator('ion-segment-button');
  await expect(ranges).toHaveCount(5);
  // Scrolled, the last range sat past the edge and "12 months" was cut to "12 MO…".
  const boxes = await ranges.evaluateAll((buttons) =>
    buttons.map((button) => {
      const box = button.getBoundingClientRect();
      const label = button.querySelector('ion-label')!;
      return { text: label.textContent, left: box.left, right: box.right, cut: label.scrollWidth > label.clientWidth + 1 };
    }),
  );
  expect(boxes.map((box) => box.text)).toEqual(['Today', '7 days', '30 days', '12 months', 'Custom']);
  for (const box of boxes) {
    expect(box.left, `${box.text} starts in sight`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${box.text} ends in sight`).toBeLessThanOrEqual(390);
    expect(box.cut, `${box.text} is whole`).toBe(false);
  }

  const refused: string[] = [];
  page.on('response', (answer) => answer.url().includes('/api/admin/insights?') && answer.status() >= 400 && refused.push(answer.url()));
  await view.locator('ion-segment-button', { hasText: 'Custom' }).click();
  await expect(view.getByLabel('From')).toBeVisible();
  // Years before the product existed: nothing can have been counted then. On the way there the
  // range is first too long, which is said, not asked for.
  await view.getByLabel('From').fill('2020-01-01');
  await expect(view.getByRole('alert')).toHaveText('A range can span at most 400 days: choose a later From date or an earlier To date.');
  await view.getByLabel('To').fill('2019-12-01');
  await expect(view.getByRole('alert')).toHaveText('The To date is before the From date: choose one on or after it.');
  await view.getByLabel('To').fill('2020-01-07');
  await expect(view.getByText('2020-01-01 to 2020-01-07 (UTC)')).toBeVisible();
  await expect(view.getByRole('alert')).toHaveCount(0);
  const series = view.locator('section', { has: page.getByRole('heading', { name: 'Page views over time' }) });
  await expect(series.getByText('Nothing counted in this range.')).toBeVisible();
  await expect(series.getByRole('img')).toHaveCount(0);
  await expect(series.getByRole('button', { name: 'Show as table' })).toHaveCount(0);
  expect(refused).toEqual([]);
});
