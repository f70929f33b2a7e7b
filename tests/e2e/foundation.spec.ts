import { markTutorialSeen } from './demos-helpers';
import { expect, layoutShiftTotal, recordLayoutShifts, test, waitForHydration, waitForIonicPage } from './support/fixtures';
import { signInAsStaff } from './support/sign-in';

// These tests open app pages on a fresh browser; without this, a first visit of the app area
// shows the tutorial instead (hasSeenTutorial), which demos-tutorial-hub.spec.ts tests.
test.beforeEach(async ({ page }) => {
  await markTutorialSeen(page);
});

const SITE_PAGES = [
  { path: '/', heading: /./ },
  { path: '/landing', heading: /./ },
  { path: '/about', heading: 'About Us' },
  { path: '/team', heading: 'Our Team' },
  { path: '/support', heading: 'Contact Us' },
];

const APP_PAGES = [
  { path: '/app/tabs/home', title: 'Demo' },
  { path: '/app/tabs/schedule', title: 'Daily Activities' },
  { path: '/app/tabs/minesweeper', title: 'Minesweeper' },
  { path: '/account', title: 'Account' },
  { path: '/login', title: 'Login' },
  { path: '/signup', title: 'Signup' },
  { path: '/tutorial', title: /Tutorial|Welcome/ },
  { path: '/home', title: 'Home' },
  { path: '/movie-example', title: /Movie/ },
  { path: '/charts-and-graphs', title: 'Charts and Graphs' },
  { path: '/video-example/2024', title: /Video|2024/ },
];

test.describe('the site face', () => {
  for (const { path, heading } of SITE_PAGES) {
    test(`${path} arrives rendered by the server with the full header and no side menu`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toMatch(/<h1[^>]*>[^<]+/);
      expect(html).toContain('class="site-header"');

      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
      await expect(page.locator('header.site-header')).toBeVisible();
      await expect(page.locator('ion-menu')).toHaveCount(0);
    });
  }

  test('the pages work with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
    await expect(page.getByRole('link', { name: 'Our Team' }).first()).toBeVisible();
    await context.close();
  });

  test('desktop shows the text links; a phone shows the chevron and its app menu popover', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await waitForHydration(page);
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Contact Us', 'About Us', 'Our Team', 'Demo']) await expect(main.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.locator('header.site-header svg').first()).toHaveAttribute('width', '100');

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
});

test.describe('the app face', () => {
  for (const { path, title } of APP_PAGES) {
    test(`${path} renders its page in the app with the side menu and no site header`, async ({ page }) => {
      await page.goto(path);
      await waitForIonicPage(page);
      await expect(page.locator('.ion-page:not(.ion-page-hidden) ion-title').last()).toHaveText(title);
      await expect(page.locator('ion-menu')).toHaveCount(1);
      await expect(page.locator('header.site-header')).toHaveCount(0);
      // React-only props must not leak into the DOM as attributes (src/app/lib/preact-setup.ts).
      await expect(page.locator('[suppresshydrationwarning]')).toHaveCount(0);
    });
  }

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

  test('the menu shows Login and Signup when logged out', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The form fields' file (Login's and Account's `ion-input`) is not the dark-theme switch's to load.
    const formFieldsAsked: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/screen-auth-account-[\w-]{8}\.js$/.test(request.url())) formFieldsAsked.push(request.url());
    });
    await page.goto('/app/tabs/home');
    await waitForIonicPage(page);
    await page.locator('ion-menu-button').first().click();
    const menu = page.locator('ion-menu');
    await expect(menu.getByText('Login', { exact: true })).toBeVisible();
    await expect(menu.getByText('Signup', { exact: true })).toBeVisible();
    await expect(menu.getByText('Logout', { exact: true })).toHaveCount(0);
    for (const item of ['Landing', 'Home', 'Minesweeper', 'Schedule', 'Show Tutorial', 'Dark Theme']) {
      await expect(menu.getByText(item, { exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('switch', { name: 'Dark Theme' })).toBeVisible();
    expect(formFieldsAsked).toEqual([]);
  });

  test('a tap on the menu button before the menu has loaded opens it once it has', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The menu's file is held until the button has been tapped, as on a phone's first second.
    let tapped!: () => void;
    const tap = new Promise<void>((resolve) => (tapped = resolve));
    await page.route(/\/assets\/app-menu-panel-[\w-]{8}\.js$/, async (route) => {
      await tap;
      await route.continue();
    });
    await page.goto('/login');
    await waitForIonicPage(page);
    await expect(page.locator('ion-menu')).toHaveCount(0);
    await page.locator('.ion-page:not(.ion-page-hidden) ion-menu-button').first().click();
    tapped();
    const menu = page.locator('ion-menu');
    await expect(menu.getByText('Signup', { exact: true })).toBeVisible();
    await expect(menu.locator('ion-toggle')).toBeVisible();
  });

  // The menu's element loads after a phone's first screen, and before a wide screen's, where the
  // split pane draws it beside the page (shell/app-menu.tsx).
  for (const { width, height, beside } of [
    { width: 390, height: 844, beside: false },
    { width: 1280, height: 800, beside: true },
  ]) {
    test(`at ${width}px the menu is ${beside ? 'drawn beside the first screen' : 'one tap away'} and nothing on the first screen moves`, async ({
      page,
      context,
    }) => {
      await recordLayoutShifts(context);
      await page.setViewportSize({ width, height });
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto('/login');
      await waitForIonicPage(page);
      const title = page.locator('.ion-page:not(.ion-page-hidden) ion-title').last();
      const drawnAt = await title.boundingBox();
      const menu = page.locator('ion-menu');
      const menuButton = page.locator('.ion-page:not(.ion-page-hidden) ion-menu-button').first();
      if (beside) {
        await expect(menu.getByText('Signup', { exact: true })).toBeVisible();
        await expect(menuButton).toBeHidden();
      } else {
        await expect(menuButton).toBeVisible();
        await menuButton.click();
        await expect(menu.getByText('Signup', { exact: true })).toBeVisible();
        await menu.getByText('Signup', { exact: true }).click();
        await expect(page).toHaveURL(/\/signup$/);
        await page.goBack();
        await expect(page).toHaveURL(/\/login$/);
        await waitForIonicPage(page);
      }
      expect(await title.boundingBox()).toEqual(drawnAt);
      expect(await layoutShiftTotal(page)).toBeLessThan(0.01);
    });
  }

  test('the header search bar says "Search for..." where the search flag is set', async ({ page }) => {
    await page.goto('/app/tabs/home');
    await waitForIonicPage(page);
    await expect(page.locator('ion-searchbar input').first()).toHaveAttribute('placeholder', 'Search for...');
    await page.goto('/home');
    await waitForIonicPage(page);
    await expect(page.locator('.ion-page:not(.ion-page-hidden) ion-searchbar')).toHaveCount(0);
  });

  test('iOS mode works', async ({ page }) => {
    await page.goto('/app/tabs/home?ionic:mode=ios');
    await waitForIonicPage(page);
    await expect(page.locator('html')).toHaveAttribute('mode', 'ios');
  });
});

test.describe('one dark-mode setting', () => {
  test('the site toggle darkens the app too and survives a reload with no flash', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
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
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await waitForHydration(page);
    await expect(page.locator('html')).not.toHaveClass(/ion-palette-dark/);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/ion-palette-dark/);

    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { darkAtFirstPaint: boolean }).darkAtFirstPaint)).toBe(true);

    await page.goto('/app/tabs/home');
    await waitForIonicPage(page);
    expect(await page.evaluate(() => (window as unknown as { darkAtFirstPaint: boolean }).darkAtFirstPaint)).toBe(true);
    await expect(page.locator('html')).toHaveClass(/ion-palette-dark/);
  });

  test('the app toggle lightens the site too', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/tabs/home');
    await waitForIonicPage(page);
    await expect(page.locator('html')).toHaveClass(/ion-palette-dark/);
    await page.locator('ion-menu-button').first().click();
    const toggle = page.locator('ion-menu ion-toggle');
    await expect(toggle).toHaveJSProperty('checked', true);
    await toggle.click();
    await expect(page.locator('html')).not.toHaveClass(/ion-palette-dark/);
    await page.goto('/about');
    await waitForHydration(page);
    await expect(page.locator('html')).not.toHaveClass(/ion-palette-dark/);
    await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
  });

  test('with no choice made, the system preference is followed', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/about');
    await expect(page.locator('html')).toHaveClass(/ion-palette-dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await waitForHydration(page);
    await expect(page.locator('html')).not.toHaveClass(/ion-palette-dark/);
  });
});
