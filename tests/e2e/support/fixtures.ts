import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Under `npm run test:cluster` one instance is killed part-way through. A live stream (or any
 * response still being sent) from it ends abruptly; the app reconnects through the other
 * instance without the user noticing, but Chromium logs the cut itself as a console error,
 * which no page script can prevent.
 */
const INSTANCE_KILLED_ERRORS: RegExp[] = process.env.E2E_AN_INSTANCE_IS_KILLED ? [/net::ERR_INCOMPLETE_CHUNKED_ENCODING/] : [];

/**
 * The end-to-end `test`: every page's console errors and uncaught exceptions fail the test
 * (list expected ones in `allowConsoleErrors`), and `checkA11y` runs axe-core.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  allowConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (![...allowConsoleErrors, ...INSTANCE_KILLED_ERRORS].some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** No axe-core violations (WCAG 2 A/AA) on the page as it is now. */
export async function checkA11y(page: Page, options: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary, 'axe-core violations').toEqual([]);
}

/** Waits until the site's React tree has hydrated. */
export async function waitForHydration(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** Waits until an Ionic page has rendered its content (lazy chunks loaded, page visible). */
export async function waitForIonicPage(page: Page) {
  await expect(page.locator('.ion-page:not(.ion-page-hidden) ion-header').last()).toBeVisible();
}
