import type { Page, Request } from '@playwright/test';
import { markTutorialSeen } from './demos-helpers';
import { expect, layoutShiftTotal, recordLayoutShifts, test, waitForHydration, waitForIonicPage } from './support/fixtures';
import { signInAsStaff } from './support/sign-in';

// These tests open app pages on a fresh browser; without this, a first visit of the app area
// shows the tutorial instead (hasSeenTutorial), which demos-tutorial-hub.spec.ts tests.
test.beforeEach(async ({ page }) => {
  await markTutorialSeen(page);
});

// About Us last: the header's journey goes on from there.
const SITE_PAGES = [
  { path: '/', heading: /./ },
  { path: '/landing', heading: /./ },
  { path: '/team', heading: 'Our Team' },
  { path: '/support', heading: 'Contact Us' },
  { path: '/about', heading: 'About Us' },
];

/** An app page loaded directly; `searchBar`: its header's search bar's placeholder, null where it has none. */
interface AppPage {
  path: string;
  title: string | RegExp;
  searchBar?: string | null;
}

const DEMO_PAGES: AppPage[] = [
  { path: '/app/tabs/home', title: 'Demo', searchBar: 'Search for...' },
  { path: '/app/tabs/schedule', title: 'Daily Activities' },
  { path: '/app/tabs/minesweeper', title: 'Minesweeper' },
  { path: '/tutorial', title: /Tutorial|Welcome/ },
  { path: '/home', title: 'Home', searchBar: null },
];

const ACCOUNT_AND_SHARED_PAGES: AppPage[] = [
  { path: '/account', title: 'Account' },
  { path: '/login', title: 'Login' },
  { path: '/signup', title: 'Signup' },
  { path: '/movie-example', title: /Movie/ },
  { path: '/charts-and-graphs', title: 'Charts and Graphs' },
  { path: '/video-example/2024', title: /Video|2024/ },
];

/** Each page, loaded directly, renders in the app: its title, the side menu, no site header. */
async function expectAppFace(page: Page, pages: AppPage[]) {
  for (const { path, title, searchBar } of pages) {
    await page.goto(path);
    await waitForIonicPage(page);
    const shown = page.locator('.ion-page:not(.ion-page-hidden)').last();
    await expect(shown.locator('ion-title')).toHaveText(title);
    await expect(page.locator('ion-menu')).toHaveCount(1);
    await expect(page.locator('header.site-header')).toHaveCount(0);
    // React-only props must not leak into the DOM as attributes (src/app/lib/preact-setup.ts).
    await expect(page.locator('[suppresshydrationwarning]')).toHaveCount(0);
    // The header's search bar says "Search for..." where the page sets the search flag.
    if (searchBar) await expect(shown.locator('ion-searchbar input')).toHaveAttribute('placeholder', searchBar);
    if (searchBar === null) await expect(shown.locator('ion-searchbar')).toHaveCount(0);
  }
}

/** The file of the menu's element (shell/app-menu-panel.tsx). */
const MENU_FILE = /\/assets\/app-menu-panel-[\w-]{8}\.js$/;

/** Holds the menu's file until the test calls `release`; `asked` tells whether the page asked for it. */
async function holdMenuFile(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(MENU_FILE, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

test.describe('the site face', () => {
  // That each page arrives rendered by the server (its heading, the full header) is an API test
  // (tests/api/content.test.ts); here the browser shows it, hydrated, as the site and not the app.
  test('each page shows its heading under the full header, no side menu; the header has text links on a desktop and the chevron on a phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const { path, heading } of SITE_PAGES) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
      await expect(page.locator('header.site-header')).toBeVisible();
      await expect(page.locator('ion-menu')).toHaveCount(0);
    }

    // On About Us, a desktop's header: the text links, no chevron, the logo at its width.
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Contact Us', 'About Us', 'Our Team', 'Demo']) await expect(main.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.locator('header.site-header svg').first()).toHaveAttribute('width', '100');

    // A phone's header: the chevron opens the app menu popover; Escape closes it.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(main).toBeHidden();
    const chevron = page.getByRole('button', { name: 'Open menu' });
    await chevron.click();
    await expect(chevron).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('header.site-header')).toHaveAttribute('data-expanded', 'true');
    const popover = page.getByRole('navigation', { name: 'App menu' });
    for (const name of ['Contact Us', 'About Us', 'Our Team', 'Demo']) await expect(popover.getByRole('link', { name })).toBeVisible();
    await expect(popover.getByRole('button', { name: /Dark Mode|Light Mode/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chevron).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('header.site-header')).toHaveAttribute('data-expanded', 'false');
  });

  test('the pages work with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
    await expect(page.getByRole('link', { name: 'Our Team' }).first()).toBeVisible();
    await context.close();
  });
});

test.describe('the app face', () => {
  test('the demo tabs, the tutorial and the hub render in the app with the side menu and no site header, the search bar where set; iOS mode too', async ({
    page,
  }) => {
    await expectAppFace(page, DEMO_PAGES);
    await page.goto('/app/tabs/home?ionic:mode=ios');
    await waitForIonicPage(page);
    await expect(page.locator('html')).toHaveAttribute('mode', 'ios');
  });

  test('the account pages and the demos reached by a link render in the app with the side menu and no site header', async ({ page }) => {
    await expectAppFace(page, ACCOUNT_AND_SHARED_PAGES);
  });

  test('unknown paths land on /', async ({ page }) => {
    await page.goto('/nowhere');
    await expect(page).toHaveURL(/\/$/);
    await waitForHydration(page);
    await page.goto('/app/tabs/home');
    await waitForIonicPage(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/app/not-a-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    // Under the tabs too (a mistyped or old link), not an empty page above the tab bar; typed in,
    // and followed inside the app.
    for (const path of ['/app/tabs/nowhere', '/app/tabs/home/movie/1']) {
      await page.goto(path);
      await expect(page).toHaveURL(/localhost:\d+\/$/);
      await waitForHydration(page);
    }
    await page.goto('/app/tabs/schedule');
    await waitForIonicPage(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/app/tabs/not-a-tab');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('an unknown console address lands on /, and the other console addresses stay', async ({ page, request }) => {
    await signInAsStaff(page, request, '/admin');
    await page.goto('/admin/nowhere');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await waitForHydration(page);
    // The console's other addresses, and leaving it for the demo, are not taken for unknown ones.
    await page.goto('/admin/inbox');
    await waitForIonicPage(page);
    await expect(page.locator('.ion-page:not(.ion-page-hidden) h1').last()).toHaveText('Contact Us inbox');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/app/tabs/home');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.locator('.ion-page:not(.ion-page-hidden) ion-title').last()).toHaveText('Demo');
    await expect(page).toHaveURL(/\/app\/tabs\/home$/);
  });

  // The menu's element loads after a phone's first screen, and before a wide screen's, where the
  // split pane draws it beside the page (shell/app-menu.tsx). Its file is held here, so it comes
  // late for certain, where a slowed-down CPU made it late only at times.
  test('on a phone the menu is one tap away, opens for a tap before it has loaded, moves nothing, and offers Login and Signup', async ({
    page,
    context,
  }) => {
    await recordLayoutShifts(context);
    await page.setViewportSize({ width: 390, height: 844 });
    const menuFile = await holdMenuFile(page);
    await page.goto('/login');
    await waitForIonicPage(page);
    const title = page.locator('.ion-page:not(.ion-page-hidden) ion-title').last();
    const drawnAt = await title.boundingBox();
    const menu = page.locator('ion-menu');
    await expect(menu).toHaveCount(0);
    // A tap before the menu's file has come, as in a phone's first second: it opens once it has.
    const menuButton = page.locator('.ion-page:not(.ion-page-hidden) ion-menu-button').first();
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    menuFile.release();
    await expect(menu.getByText('Signup', { exact: true })).toBeVisible();
    await expect(menu.locator('ion-toggle')).toBeVisible();
    await menu.getByText('Signup', { exact: true }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await waitForIonicPage(page);
    expect(await title.boundingBox()).toEqual(drawnAt);
    expect(await layoutShiftTotal(page)).toBeLessThan(0.01);

    // Logged out, on a page without form fields: Login and Signup, no Logout. (That the menu
    // loads no form fields with its dark-theme switch is the budget check's: NOT_WITH.)
    await page.goto('/app/tabs/home');
    await waitForIonicPage(page);
    await page.locator('ion-menu-button').first().click();
    await expect(menu.getByText('Login', { exact: true })).toBeVisible();
    await expect(menu.getByText('Signup', { exact: true })).toBeVisible();
    await expect(menu.getByText('Logout', { exact: true })).toHaveCount(0);
    for (const item of ['Landing', 'Home', 'Minesweeper', 'Schedule', 'Show Tutorial', 'Dark Theme']) {
      await expect(menu.getByText(item, { exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('switch', { name: 'Dark Theme' })).toBeVisible();
  });

  test('on a wide screen the first screen waits for the menu, drawn beside it, and nothing on it moves', async ({ page, context }) => {
    await recordLayoutShifts(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    const scriptsInFlight = new Set<string>();
    page.on('request', (request) => {
      if (/\/assets\/[^/]+\.js$/.test(request.url())) scriptsInFlight.add(request.url());
    });
    const settled = (request: Request) => scriptsInFlight.delete(request.url());
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    const menuFile = await holdMenuFile(page);
    await page.goto('/login', { waitUntil: 'commit' });
    // Every other script has come and two frames have been drawn: a page that did not wait for
    // the menu would be on screen by now.
    await expect.poll(() => menuFile.asked() && [...scriptsInFlight].every((url) => MENU_FILE.test(url))).toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(page.locator('ion-header')).toHaveCount(0);
    menuFile.release();
    await waitForIonicPage(page);
    const title = page.locator('.ion-page:not(.ion-page-hidden) ion-title').last();
    const drawnAt = await title.boundingBox();
    await expect(page.locator('ion-menu').getByText('Signup', { exact: true })).toBeVisible();
    await expect(page.locator('.ion-page:not(.ion-page-hidden) ion-menu-button').first()).toBeHidden();
    expect(await title.boundingBox()).toEqual(drawnAt);
    expect(await layoutShiftTotal(page)).toBeLessThan(0.01);
  });
});

test.describe('one dark-mode setting', () => {
  test("the system preference is followed until a choice is made; either face's toggle switches both, and a reload shows no flash", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      // Record the theme at the moment <body> appears, before anything could paint.
      new MutationObserver((_, observer) => {
        if (document.body) {
          (window as unknown as { darkAtFirstPaint: boolean }).darkAtFirstPaint =
            document.documentElement.classList.contains('ion-palette-dark');
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const darkAtFirstPaint = () => page.evaluate(() => (window as unknown as { darkAtFirstPaint: boolean }).darkAtFirstPaint);
    const html = page.locator('html');

    // With no choice made, the system preference is followed, as it changes.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/about');
    await expect(html).toHaveClass(/ion-palette-dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await waitForHydration(page);
    await expect(html).not.toHaveClass(/ion-palette-dark/);

    // The app's toggle, on a phone, shows the system's dark and lightens the site too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/tabs/home');
    await waitForIonicPage(page);
    await expect(html).toHaveClass(/ion-palette-dark/);
    await page.locator('ion-menu-button').first().click();
    const toggle = page.locator('ion-menu ion-toggle');
    await expect(toggle).toHaveJSProperty('checked', true);
    await toggle.click();
    await expect(html).not.toHaveClass(/ion-palette-dark/);
    await page.goto('/about');
    await waitForHydration(page);
    await expect(html).not.toHaveClass(/ion-palette-dark/);
    await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();

    // The site's toggle, on a desktop, darkens the app too, and a reload is dark from its first paint.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html).toHaveClass(/ion-palette-dark/);
    await page.reload();
    expect(await darkAtFirstPaint()).toBe(true);
    await page.goto('/app/tabs/home');
    await waitForIonicPage(page);
    expect(await darkAtFirstPaint()).toBe(true);
    await expect(html).toHaveClass(/ion-palette-dark/);
  });
});
