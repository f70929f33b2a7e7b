import type { Page, Request } from '@playwright/test';
import { markTutorialSeen, readDeviceStorage } from './demos-helpers';
import { expect, test, waitForIonicPage } from './support/fixtures';

/** A throttled page's first load can take seconds; this bounds a page that never shows (as navigation.spec.ts). */
const SLOW_PAGE = { timeout: 15_000 };

/** The page's CPU four times slower than this machine's, as a mid-range phone's. */
async function slowDown(page: Page) {
  await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The app shows `url` with every page in view fully opaque: none left mid-transition. */
async function expectWholePage(page: Page, url: RegExp) {
  await expect(page).toHaveURL(url, SLOW_PAGE);
  const shown = page.locator('div.ion-page:not(.ion-page-hidden)');
  await expect(shown.first()).toBeVisible(SLOW_PAGE);
  await expect(page.locator('div.ion-page.ion-page-invisible:not(.ion-page-hidden)')).toHaveCount(0, SLOW_PAGE);
  for (const element of await shown.all()) await expect(element).toHaveCSS('opacity', '1');
}

test.describe('tutorial', () => {
  test('a first visit shows it once; Skip, Show Tutorial and Continue set the flags and switch the menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.locator('ion-menu');

    // A page reached directly for a purpose is not interrupted: where the app starts is settled
    // before its first render (main.tsx), so the page once shown stays.
    await page.goto('/charts-and-graphs');
    await waitForIonicPage(page);
    await expect(page).toHaveURL(/\/charts-and-graphs$/);

    // First visit of the app area: the tutorial, with the menu off.
    await page.goto('/app/tabs/minesweeper');
    await expect(page).toHaveURL(/\/tutorial$/);
    await waitForIonicPage(page);
    await expect(page.getByRole('heading', { name: 'Welcome to Northwind' })).toBeVisible();
    await expect(menu).toHaveJSProperty('disabled', true);
    await expect.poll(() => readDeviceStorage(page, 'hasSeenTutorial')).toBe(true);

    // Skip: done, menu back, the demo.
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/home$/);
    await waitForIonicPage(page);
    await expect(menu).toHaveJSProperty('disabled', false);
    expect(await readDeviceStorage(page, 'ion_did_tutorial')).toBe(true);

    // Not shown again.
    await page.goto('/app/tabs/minesweeper');
    await waitForIonicPage(page);
    await expect(page).toHaveURL(/\/app\/tabs\/minesweeper$/);

    // Show Tutorial in the menu: flag cleared, menu off, /tutorial.
    await page.locator('.ion-page:not(.ion-page-hidden) ion-menu-button').first().click();
    await menu.getByText('Show Tutorial', { exact: true }).click();
    await expect(page).toHaveURL(/\/tutorial$/);
    await waitForIonicPage(page);
    await expect.poll(() => readDeviceStorage(page, 'ion_did_tutorial')).toBe(false);
    await expect(menu).toHaveJSProperty('disabled', true);

    // Through the slides: Next by button, then by arrow key, then a dot, then Continue.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('button', { name: /^Slide 2/ })).toHaveAttribute('aria-current', 'step');
    await page.getByRole('region', { name: /Introduction/ }).press('ArrowRight');
    await expect(page.getByRole('button', { name: /^Slide 3/ })).toHaveAttribute('aria-current', 'step');
    await page.getByRole('button', { name: /^Slide 4/ }).click();
    await expect(page.getByRole('heading', { name: 'Take a break' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/home$/);
    await waitForIonicPage(page);
    await expect(menu).toHaveJSProperty('disabled', false);
    expect(await readDeviceStorage(page, 'ion_did_tutorial')).toBe(true);
    expect(await readDeviceStorage(page, 'hasSeenTutorial')).toBe(true);
  });

  test("a first visit through a shared Demo link shows the tutorial when the storage code arrives last, and keeps the link's view", async ({
    page,
  }) => {
    // On a slow phone the download of device storage's code once outlasted the wait for
    // storage's answer, and first visitors lost the tutorial; the code now comes with the app's
    // start (decision 0500), and whichever file holds it may still arrive late: it is held here
    // until every other script the page asked for has arrived.
    const scriptsInFlight = new Set<string>();
    page.on('request', (request) => {
      if (/\/assets\/[^/]+\.js$/.test(request.url())) scriptsInFlight.add(request.url());
    });
    const settled = (request: Request) => scriptsInFlight.delete(request.url());
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    let heldScript: string | undefined;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('_ionickv')) {
        heldScript = route.request().url();
        await released;
      }
      await route.fulfill({ response, body });
    });
    // Not until the load event: that waits for the held script.
    await page.goto('/app/tabs/home?search=star', { waitUntil: 'commit' });
    await expect.poll(() => heldScript !== undefined && [...scriptsInFlight].every((url) => url === heldScript)).toBe(true);
    release();
    await expect(page).toHaveURL(/\/tutorial\?next=/);
    await waitForIonicPage(page);
    await expect(page.getByRole('heading', { name: 'Welcome to Northwind' })).toBeVisible();

    // Seen is also kept where it reads at once: the next visit, before any Skip, starts on the
    // Demo tab at once.
    expect(await page.evaluate(() => localStorage.getItem('northwind.hasSeenTutorial'))).toBe('true');
    const nextVisit = await page.context().newPage();
    await nextVisit.goto('/app/tabs/home');
    await waitForIonicPage(nextVisit);
    await expect(nextVisit).toHaveURL(/\/app\/tabs\/home$/);
    await nextVisit.close();

    // Skip leads to the view the link named.
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/home\?search=star$/);
    await waitForIonicPage(page);
    await expect(page.locator('.ion-page:not(.ion-page-hidden) ion-searchbar input').first()).toHaveValue('star');
    // The service worker registers after the first screen; its file may still be in the route
    // above when the test ends, and Playwright would blame that on the next test.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a first-time visitor never glimpses the page the tutorial replaces, even when storage is slow', async ({ page }) => {
    await page.addInitScript(() => {
      // Device storage answers late: once the Demo list has been rendered (its search bar
      // exists), or after 800 ms, within the app's wait for storage. An app that rendered the
      // arrival page before knowing would have the list on screen while the visitor waits.
      const startedAt = performance.now();
      const whenListRendered = (then: () => void) => {
        const check = () =>
          document.querySelector('ion-searchbar') || performance.now() - startedAt > 800
            ? setTimeout(then, 200)
            : requestAnimationFrame(check);
        check();
      };
      const open = IDBFactory.prototype.open;
      const onsuccess = Object.getOwnPropertyDescriptor(IDBRequest.prototype, 'onsuccess')!;
      IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
        const request = open.apply(this, args);
        Object.defineProperty(request, 'onsuccess', {
          set(handler: (event: Event) => void) {
            onsuccess.set!.call(this, (event: Event) => whenListRendered(() => handler.call(this, event)));
          },
        });
        return request;
      };
      // Every frame: was any search bar (the Demo list's header) visible on screen?
      const seen = { list: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      const frame = () => {
        for (const bar of document.querySelectorAll('ion-searchbar')) {
          const box = bar.getBoundingClientRect();
          if (
            box.height > 0 &&
            box.bottom > 0 &&
            getComputedStyle(bar).visibility === 'visible' &&
            bar.checkVisibility({ opacityProperty: true })
          )
            seen.list = true;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto('/app/tabs/home');
    await expect(page.getByRole('heading', { name: 'Welcome to Northwind' })).toBeVisible();
    await expect(page).toHaveURL(/\/tutorial$/);
    await waitForIonicPage(page);
    expect(await page.evaluate(() => (window as unknown as { __seen: { list: boolean } }).__seen.list)).toBe(false);
  });

  // A redirect while the first page mounts once left a page at opacity 0 (a blank screen) in
  // about half of the loads at a 4x CPU slowdown (docs/decisions/0520); five visits each make a
  // regression show: five fresh devices for a first visit, five returns of one visitor.
  test.describe('on a slow phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    for (let visit = 1; visit <= 5; visit++) {
      test(`a first visit of /app/tabs/home opens the tutorial whole, never a transparent page (device ${visit} of 5)`, async ({
        page,
      }) => {
        await slowDown(page);
        await page.goto('/app/tabs/home');
        await expectWholePage(page, /\/tutorial$/);
      });
    }

    test("a returning visitor's /app opens the Demo tab whole, never a transparent page, five times", async ({ page }) => {
      // Been here before in this tab: through the tutorial to the Demo tab, at full speed.
      await page.goto('/tutorial');
      await page.getByRole('button', { name: 'Skip' }).click();
      await expect(page).toHaveURL(/\/app\/tabs\/home$/);
      await waitForIonicPage(page);
      await slowDown(page);
      for (let visit = 0; visit < 5; visit++) {
        await page.goto('/app');
        await expectWholePage(page, /\/app\/tabs\/home$/);
      }
    });
  });

  test('Skip moves on when device storage never finishes a write', async ({ page }) => {
    // Writes hang once the tutorial is up (a transaction's completion is never announced); reads
    // still answer, so the page behind the tutorial can be drawn.
    await page.addInitScript(() => {
      const hang = { writes: false };
      (window as unknown as { __hang: typeof hang }).__hang = hang;
      const oncomplete = Object.getOwnPropertyDescriptor(IDBTransaction.prototype, 'oncomplete')!;
      Object.defineProperty(IDBTransaction.prototype, 'oncomplete', {
        set(handler: (event: Event) => void) {
          oncomplete.set!.call(this, (event: Event) => {
            if (!hang.writes) handler.call(this, event);
          });
        },
      });
    });
    await page.goto('/tutorial');
    await waitForIonicPage(page);
    await page.evaluate(() => ((window as unknown as { __hang: { writes: boolean } }).__hang.writes = true));
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page).toHaveURL(/\/app\/tabs\/home$/);
    await waitForIonicPage(page);
  });
});

const CARDS = [
  { title: 'Movie List', url: /\/app\/tabs\/home$/ },
  { title: 'Movie Example', url: /\/movie-example$/ },
  { title: 'Daily Activities', url: /\/app\/tabs\/schedule$/ },
  { title: 'Minesweeper', url: /\/app\/tabs\/minesweeper$/ },
  { title: 'Charts and Graphs', url: /\/charts-and-graphs$/ },
  { title: 'Video Example', url: /\/video-example\/\d{4}$/ },
  { title: 'Tutorial', url: /\/tutorial$/ },
];

test.describe('demo hub', () => {
  test('has a card for each demo and each card opens its demo', async ({ page }) => {
    await markTutorialSeen(page);
    // Each card from a fresh load of the hub: Back from a tab of the demo and a card opened at
    // once could leave the hub on screen over the opened demo, which is not what this checks.
    for (const card of CARDS) {
      await page.goto('/home');
      await waitForIonicPage(page);
      await expect(page.locator('.hub-card')).toHaveCount(CARDS.length);
      const item = page.locator('.hub-card').filter({ has: page.getByRole('heading', { name: card.title, exact: true }) });
      await expect(item.locator('p')).not.toBeEmpty();
      await item.getByRole('link', { name: `Open ${card.title}` }).click();
      await expect(page).toHaveURL(card.url);
      await waitForIonicPage(page);
    }
  });
});
