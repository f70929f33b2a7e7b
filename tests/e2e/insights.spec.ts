import { checkA11y, expect, test, waitForHydration } from './support/fixtures';
import { signInAsStaff, visiblePage } from './support/sign-in';

/** Headless Chromium names itself a robot (not counted); the visitor uses an ordinary browser's name. */
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** The server takes a form sent sooner than this after it was shown for a robot's (CONTACT_MIN_FILL_MS). */
const HUMAN_FILL_MS = 3200;

test('Insights: a visitor’s pages (one without JavaScript), message and speed reach the console', async ({ page, browser }) => {
  // A human-paced form (3 s) and counts written every 2 s.
  test.setTimeout(90_000);
  const visitor = await browser.newContext({ userAgent: VISITOR_AGENT });
  const reader = await visitor.newPage();
  // The speed library loads when the browser is idle; the page's figures leave when it is hidden.
  const vitalsLoaded = reader.waitForResponse((response) => /web-vitals/.test(response.url()));
  await reader.goto('/about');
  await waitForHydration(reader);
  await vitalsLoaded;
  await reader.goto('/support');
  await waitForHydration(reader);
  await reader.getByLabel('Name', { exact: true }).fill('Insight Visitor');
  await reader.getByLabel('Email', { exact: true }).fill('insight.visitor@example.com');
  await reader.getByLabel('Message', { exact: true }).fill('How fast can you fix a laptop?');
  await reader.waitForTimeout(HUMAN_FILL_MS);
  await reader.getByRole('button', { name: 'Send message' }).click();
  await expect(reader.getByRole('heading', { name: 'Thank you, your message has been sent' })).toBeVisible();
  // The page's speed figures leave when it is hidden (as when its tab is left), once the speed
  // library (loaded when the browser is idle) has read them.
  await expect
    .poll(() => reader.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('web-vitals'))))
    .toBe(true);
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
  // Counts are written every two seconds: reload until they are in.
  await expect(async () => {
    await page.reload();
    const pages = view
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Page views' }) })
      .first();
    await expect(pages.getByRole('rowheader', { name: '/about', exact: true })).toBeVisible({ timeout: 3000 });
    await expect(pages.getByRole('rowheader', { name: '/team', exact: true })).toBeVisible({ timeout: 1000 });
    await expect(pages.getByRole('rowheader', { name: '/support', exact: true })).toBeVisible({ timeout: 1000 });
    const speed = view.locator('section', { has: page.getByRole('heading', { name: 'Speed per page', exact: true }) });
    await expect(speed.getByRole('row', { name: /^\/support / })).toContainText(/\d+ ms \((good|needs work)\)/, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(view.getByRole('rowheader', { name: 'Contact Us messages: /support' })).toBeVisible();
  await expect(view.getByRole('status').filter({ hasText: /visitors? in the last 5 minutes/ })).toBeVisible();
  await checkA11y(page);
});
