import type { APIRequestContext, Browser, BrowserContext, BrowserContextOptions, Page, Request } from '@playwright/test';
import { openDatabase } from '../../src/server/platform/db/database';
import { supportMessagesRepository } from '../../src/server/support/repository';
import { markTutorialSeen } from './demos-helpers';
import { expect, expectPainted, layoutShiftTotal, recordLayoutShifts, test, waitForHydration, waitForIonicPage } from './support/fixtures';
import { signInAsStaff, visiblePage } from './support/sign-in';
import { createStaffAccount } from './support/staff';
import { suiteDatabaseUrl } from './support/suite';

/** The page Ionic is showing now (others stay in the DOM, hidden). */
const consoleMenu = (page: Page) => page.locator('ion-menu[menu-id="console-menu"]');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/**
 * Holds the edit page's draft saves, as a slow network would: typed text stays not yet kept,
 * which is when leaving must ask. Without this, the draft kept automatically three seconds
 * after typing stops makes the question unnecessary (nothing would be lost), and a test that
 * takes longer than that on a busy machine would find nothing to ask about.
 */
async function holdDraftSaves(page: Page) {
  await page.route(/\/api\/admin\/.+\/draft$/, (route) => (route.request().method() === 'PUT' ? undefined : route.continue()));
}
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function storeMessage(subject: string) {
  const handle = await openDatabase(suiteDatabaseUrl());
  try {
    await supportMessagesRepository(handle.db).insert(
      { name: 'Frame Tester', email: 'frame@example.com', subject, message: 'Is the console menu there?' },
      null,
    );
  } finally {
    await handle.close();
  }
}

/** The new-message count the console's menu shows beside Inbox. */
async function inboxCount(page: Page): Promise<number> {
  const text = await consoleMenu(page)
    .getByRole('link', { name: /^Inbox/ })
    .locator('.console-menu__badge')
    .innerText();
  return Number(/\d+/.exec(text)?.[0]);
}

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Staff console' });
const menuButton = (page: Page) => visiblePage(page).getByRole('button', { name: 'Open the console menu' });
const leaveAlert = (page: Page) => page.getByRole('alertdialog', { name: 'Leave without saving?' });

/**
 * The browser's own Back button, as a person presses it: the step is asked for and nothing waits
 * for it to happen, since the leave guard may hold it back (page.goBack waits for a navigation,
 * which a held step never makes).
 */
async function pressBrowserBack(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { currentIndex, entries } = await cdp.send('Page.getNavigationHistory');
    await cdp.send('Page.navigateToHistoryEntry', { entryId: entries[currentIndex - 1]!.id });
  } finally {
    await cdp.detach();
  }
}

/** How many of the page's transitions (an Ionic page move, an alert's fade: finite animations) still run. */
const runningTransitions = (page: Page) =>
  page.evaluate(
    () =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime)).length,
  );

/** The session a signed-in page keeps, for a cold start of the console in a browser of its own. */
async function keptSession(page: Page): Promise<string> {
  const session = await page.evaluate(() => localStorage.getItem('northwind.auth.session'));
  expect(session).toBeTruthy();
  return session!;
}

/** A browser of its own signed in with `session`, with an empty cache and no service worker: a cold start. */
async function coldContext(browser: Browser, session: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  await context.addInitScript((value) => localStorage.setItem('northwind.auth.session', value), session);
  return context;
}

/**
 * The app's own login speaks of the demo; the console opened by someone not signed in starts at
 * the staff login instead, without the console's code, and comes back to the page asked for.
 */
async function logInFromAConsoleAddress(page: Page, request: APIRequestContext) {
  await markTutorialSeen(page);
  await page.goto('/login');
  await waitForIonicPage(page);
  await expect(visiblePage(page).getByRole('heading', { level: 1, name: 'Log in', exact: true })).toBeVisible();
  await expect(visiblePage(page).getByText(/add movies to the demo list/)).toBeVisible();

  const consoleCode: string[] = [];
  const onRequest = (sent: Request) => {
    if (/\/assets\/console-[\w-]+\.js$/.test(sent.url())) consoleCode.push(sent.url());
  };
  page.on('request', onRequest);
  await page.goto('/admin/inbox?filter=new');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Finbox%3Ffilter%3Dnew$/);
  await waitForIonicPage(page);
  const form = visiblePage(page);
  await expect(form.getByRole('heading', { level: 1, name: 'Log in to the staff console' })).toBeVisible();
  await expect(form.getByText(/log in with your company account/)).toBeVisible();
  await expect(form.getByText('add movies to the demo list')).toHaveCount(0);
  expect(consoleCode).toEqual([]);
  page.off('request', onRequest);

  const { email, password } = await createStaffAccount(request, ['staff'], 'frame');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/inbox\?filter=new$/);
  await waitForIonicPage(page);
  await expect(visiblePage(page).locator('ion-title').last()).toHaveText('Contact Us inbox');
}

/** The console menu's sections for staff, and those it adds for an administrator. */
const STAFF_SECTIONS = ['Dashboard', 'Services', 'Core values', 'Client reviews', 'Team members', 'Movies', 'Back to the site'];
const ADMIN_SECTIONS = ['Users', 'Audit log', 'Settings'];

/**
 * On a phone the menu button opens the console's menu: its sections, the inbox's count, the page
 * shown marked as current; the demo's side menu is nowhere. A link closes the menu behind it.
 */
async function useThePhoneMenu(page: Page) {
  const nav = consoleNav(page);
  await expect(nav).toBeHidden();
  await menuButton(page).click();
  await expect(nav).toBeVisible();
  for (const name of STAFF_SECTIONS) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  // The administration's pages are an administrator's (the desk's journey).
  for (const name of ADMIN_SECTIONS) await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: /^Inbox \d+ new$/ })).toBeVisible();
  expect(await inboxCount(page)).toBeGreaterThan(0);
  await expect(nav.getByRole('link', { name: /^Inbox/ })).toHaveAttribute('aria-current', 'page');
  // The demo's side menu gives way: none of its entries is anywhere to be found.
  for (const name of ['Landing', 'Minesweeper', 'Schedule', 'Show Tutorial'])
    await expect(page.getByRole('link', { name, exact: true }).or(page.getByRole('button', { name, exact: true }))).toHaveCount(0);

  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(visiblePage(page).getByRole('heading', { level: 1, name: 'What needs attention' })).toBeVisible();
  await expect(nav).toBeHidden();
  await menuButton(page).click();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/services$/);
  await expect(nav).toBeHidden();
  await menuButton(page).click();
  await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  // Escape closes the menu once it is open, which is when it takes the focus.
  await expect.poll(() => nav.evaluate((menu) => menu.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
}

/**
 * A cold start of the home on a phone at 4x CPU: the gate's spinner gives way to the home, the
 * menu registers, the inbox's summary arrives; none of it may push what is already drawn, and
 * the closed menu's links are asked for only once the home is drawn.
 */
async function homeDrawnOnce(browser: Browser, session: string) {
  const context = await coldContext(browser, session, { viewport: PHONE });
  try {
    await recordLayoutShifts(context);
    await context.addInitScript(() => {
      // When the home's count was put in the page: the closed menu's links come after it.
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.console-home__count')) return;
        (window as unknown as { homeAt: number }).homeAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const cold = await context.newPage();
    await (await context.newCDPSession(cold)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The inbox's summary answers after the gate's, as on a busy server: held until the gate's
    // answer is in. The home must then not be drawn with a spinner that the list replaces,
    // pushing the sections under it down.
    const gateAnswered = cold.waitForEvent('requestfinished', (done) => /\/api\/admin\/session$/.test(done.url()));
    await cold.route(/\/api\/admin\/inbox\/summary$/, async (route) => {
      await gateAnswered;
      await route.continue();
    });
    await cold.goto('/admin');
    const title = visiblePage(cold).locator('ion-title');
    await expect(title).toHaveText('Staff console');
    const titleAt = await title.boundingBox();
    await expect(visiblePage(cold).locator('.console-home__count')).toBeVisible();
    // The closed menu's links, drawn after the first screen (out of the accessibility tree while closed).
    await expect(consoleMenu(cold).locator('a.console-menu__link', { hasText: 'Inbox' })).toBeAttached();
    await expect(menuButton(cold)).toBeVisible();
    expect(await title.boundingBox()).toEqual(titleAt);
    expect(await layoutShiftTotal(cold)).toBeLessThan(0.01);
    // The links' file (their icons, the dark-theme switch and the form helpers its toggle shares)
    // is asked for only once the home is drawn: a fifth of what the home loaded before.
    const timing = await cold.waitForFunction(() => {
      const links = performance.getEntriesByType('resource').find((entry) => /\/assets\/console-menu-links-[\w-]{8}\.js$/.test(entry.name));
      const homeAt = (window as unknown as { homeAt?: number }).homeAt;
      return links && homeAt !== undefined ? { linksAskedAt: links.startTime, homeAt } : null;
    });
    const { linksAskedAt, homeAt } = (await timing.jsonValue())!;
    expect(linksAskedAt).toBeGreaterThan(homeAt);
  } finally {
    await context.close();
  }
}

/** From the services list: a new service's icon is chosen by its name, never typed, and the landing page draws it. */
async function addServiceWithAnIcon(page: Page, browser: Browser) {
  const list = visiblePage(page);
  await list
    .getByRole('link', { name: 'Add a service' })
    .or(list.getByRole('button', { name: 'Add a service' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/content\/services\/new$/);
  await waitForIonicPage(page);
  const editor = visiblePage(page);
  const icons = editor.getByRole('group', { name: 'Icon' });
  await expect(icons.getByRole('radio')).toHaveCount(13);
  await expect(editor.getByRole('textbox', { name: 'Icon' })).toHaveCount(0);
  const title = `Wireless Survey ${unique()}`;
  await editor.getByLabel('Title').fill(title);
  // A limited field says how much is left.
  await expect(editor.getByText(`${80 - title.length} characters left`)).toBeVisible();
  await editor.getByLabel('Summary').fill('We map your Wi-Fi.');
  await editor.getByLabel('Description').fill('A walk through the office with a meter, and a map of what we found.');
  await icons.getByRole('radio', { name: 'Wi-Fi' }).check();
  await expect(icons.getByRole('radio', { name: 'Wi-Fi' })).toBeChecked();
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/services\/wireless-survey-[a-z0-9-]+\?published=1$/);
  await expect(visiblePage(page).getByRole('radio', { name: 'Wi-Fi' })).toBeChecked();

  const visitor = await browser.newPage();
  try {
    await visitor.goto('/');
    const card = visitor.locator('#services li, #services article').filter({ hasText: title });
    await expect(card.locator('svg[data-icon="wifi"]')).toHaveCount(1);
  } finally {
    await visitor.close();
  }
}

/** An unsaved edit left by the browser's Back: Leave goes where the person asked, the list is painted, and nothing was saved. */
async function leaveAnUnsavedEdit(page: Page) {
  await menuButton(page).click();
  await consoleNav(page).getByRole('link', { name: 'Core values', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content\/core-values$/);
  await visiblePage(page)
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/content\/core-values\/[^/]+$/);
  const editor = visiblePage(page);
  await expect(editor.getByLabel('Title')).not.toHaveValue('');
  const title = await editor.getByLabel('Title').inputValue();
  await holdDraftSaves(page);
  await editor.getByLabel('Title').fill(`${title} unsaved`);
  await pressBrowserBack(page);
  await leaveAlert(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/core-values$/);
  await expect(visiblePage(page).getByText(`${title} unsaved`)).toHaveCount(0);
  await expect(visiblePage(page).getByText(title, { exact: true })).toBeVisible();
  await expectPainted(visiblePage(page).locator('ion-header'));
}

/** At a desk the console's menu stays beside the pages, with an administrator's sections, and the home shows what needs attention. */
async function readTheDeskHome(page: Page, subject: string) {
  await expect(consoleNav(page)).toBeVisible();
  for (const name of [...STAFF_SECTIONS, ...ADMIN_SECTIONS])
    await expect(consoleNav(page).getByRole('link', { name, exact: true })).toBeVisible();
  await expect(menuButton(page)).toBeHidden();
  const count = await inboxCount(page);
  expect(count).toBeGreaterThan(0);
  const home = visiblePage(page);
  await expect(home.getByRole('heading', { level: 2, name: 'New messages' })).toBeVisible();
  await expect(home.getByText(new RegExp(`^${count} new messages? in the inbox\\.$`))).toBeVisible();
  await expect(home.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
  await expect(home.getByRole('heading', { level: 2, name: 'Recently edited content' })).toBeVisible();
  await expect(home.getByRole('heading', { level: 2, name: 'Recent activity' })).toBeVisible();
  // The sign-in just made is the latest thing that happened.
  await expect(home.getByRole('list', { name: 'Recent activity' })).toContainText('signed in to the console');
  await expect(page.getByRole('link', { name: 'Minesweeper', exact: true })).toHaveCount(0);
}

/**
 * A cold start at the home asks who is signed in and for the inbox once each, beside the
 * console's code rather than after it: that code is held here, as a slow network would hold it,
 * until the test has seen the session asked for, then let through.
 */
async function homeAsksOnceBesideItsCode(browser: Browser, session: string) {
  const context = await coldContext(browser, session);
  try {
    const cold = await context.newPage();
    const asked = { session: 0, inbox: 0 };
    cold.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (path === '/api/admin/session') asked.session += 1;
      if (path === '/api/admin/inbox/summary') asked.inbox += 1;
    });
    let releaseCode!: () => void;
    const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
    await cold.route(/\/assets\/console-[\w-]{8}\.js$/, async (route) => {
      await codeHeld;
      await route.continue();
    });
    const opened = cold.goto('/admin');
    try {
      await expect.poll(() => asked.session, { message: 'the session is asked for while the console code is held' }).toBe(1);
    } finally {
      releaseCode();
      await opened;
    }
    await waitForIonicPage(cold);
    await expect(visiblePage(cold).getByRole('heading', { level: 1, name: 'What needs attention' })).toBeVisible();
    await expect(visiblePage(cold).locator('.console-home__count')).toBeVisible();
    // The menu's count and the home's list share one answer; the gate's too.
    await expect(consoleMenu(cold).getByRole('link', { name: /^Inbox/ })).toBeAttached();
    expect(asked).toEqual({ session: 1, inbox: 1 });
  } finally {
    await context.close();
  }
}

/**
 * An edit page with unsaved changes guards every way out. Unchanged, leaving asks nothing.
 * Edited: a link, the menu and the header's Back ask, and Stay keeps the text; the browser's
 * Back asks, and Stay keeps the form shown, painted and as typed once every transition is over;
 * a second Back asks again; closing the tab gets the browser's own question.
 */
async function guardAnUnsavedEdit(page: Page) {
  await consoleNav(page).getByRole('link', { name: 'Services', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/content\/services$/);
  // A seeded service that no other test changes: the list's first row may be another test's
  // new service, deleted while this one edits it.
  await visiblePage(page).getByRole('link', { name: 'Edit Managed IT Support' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/services\/[^/]+$/);
  const editUrl = page.url();
  await expect(visiblePage(page).getByLabel('Title')).not.toHaveValue('');
  const title = await visiblePage(page).getByLabel('Title').inputValue();

  // Nothing changed: leaving asks nothing.
  await visiblePage(page).getByRole('link', { name: 'Back to the list' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/services$/);
  await page.goBack();
  await expect(page).toHaveURL(editUrl);
  await expect(visiblePage(page).getByLabel('Title')).toHaveValue(title);

  await holdDraftSaves(page);
  const typed = `${title} (draft)`;
  await visiblePage(page).getByLabel('Title').fill(typed);
  const alert = leaveAlert(page);
  /** Stay: the question goes (before the next step, so that step's is not the last one still fading out) and the page stays. */
  const stay = async () => {
    await alert.getByRole('button', { name: 'Stay' }).click();
    await expect(alert).toBeHidden();
    await expect(page).toHaveURL(editUrl);
  };

  // A link on the page.
  await visiblePage(page).getByRole('link', { name: 'Back to the list' }).click();
  await expect(alert).toBeVisible();
  await stay();
  await expect(visiblePage(page).getByLabel('Title')).toHaveValue(typed);
  // The console's menu.
  await consoleNav(page).getByRole('link', { name: 'Movies' }).click();
  await expect(alert).toBeVisible();
  await stay();
  // The header's Back button.
  await visiblePage(page).locator('ion-back-button').click();
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(editUrl);
  await stay();
  await expect(visiblePage(page).getByLabel('Title')).toHaveValue(typed);

  // The browser's Back.
  await pressBrowserBack(page);
  await expect(alert).toBeVisible();
  await stay();
  // The page shown is the form, not the list, and it is on screen (not left at opacity 0).
  const shown = visiblePage(page);
  await expect(shown.getByLabel('Title')).toHaveValue(typed);
  await expect(shown.getByLabel('Title')).toBeVisible();
  await expectPainted(shown.locator('ion-header'));
  await expectPainted(shown.getByLabel('Title'));
  // Settled, not only for a moment: once no transition runs, the list has not slid in.
  await expect.poll(() => runningTransitions(page)).toBe(0);
  await expect(page).toHaveURL(editUrl);
  await expect(visiblePage(page).getByLabel('Title')).toHaveValue(typed);
  await expectPainted(visiblePage(page).getByLabel('Title'));
  // Still guarded: a second Back asks again (Leave after it: the phone's journey).
  await pressBrowserBack(page);
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(editUrl);
  await stay();

  // Closing or reloading the tab: the browser's own question (beforeunload).
  const dialogs: string[] = [];
  page.once('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
}

test.describe('staff console: a frame of its own', () => {
  test('a staff member on a phone: the staff login brings them to the page asked for; the console menu; a home drawn once; a service with its icon; an unsaved edit left', async ({
    page,
    request,
    browser,
  }) => {
    await storeMessage(`Frame phone ${unique()}`);
    await page.setViewportSize(PHONE);
    await logInFromAConsoleAddress(page, request);
    await useThePhoneMenu(page);
    await homeDrawnOnce(browser, await keptSession(page));
    await addServiceWithAnIcon(page, browser);
    await leaveAnUnsavedEdit(page);
    // Back to the site and the demo.
    await menuButton(page).click();
    await consoleNav(page).getByRole('link', { name: 'Back to the site' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an administrator at a desk: the home beside its menu, its answers asked for once each; an unsaved edit guarded every way out', async ({
    page,
    request,
    browser,
  }) => {
    const subject = `Frame desktop ${unique()}`;
    await storeMessage(subject);
    await page.setViewportSize(DESKTOP);
    await signInAsStaff(page, request, '/admin', ['admin'], 'frame');
    await readTheDeskHome(page, subject);
    await homeAsksOnceBesideItsCode(browser, await keptSession(page));
    await guardAnUnsavedEdit(page);
  });

  test('an inbox summary that never comes does not hide the console home', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    // Held, never answered: a hung server. The home is drawn without it after a moment, its
    // inbox section waiting in its place, the rest of the home usable.
    await page.route(/\/api\/admin\/inbox\/summary$/, () => undefined);
    await signInAsStaff(page, request, '/admin');
    const home = visiblePage(page);
    await expect(home.getByRole('heading', { level: 1, name: 'What needs attention' })).toBeVisible();
    await expect(home.getByRole('status').getByLabel('Loading the inbox')).toBeVisible();
    await expect(home.getByRole('link', { name: 'Insights' })).toBeVisible();
  });
});

test.describe('the site: Contact Us', () => {
  test('the Contact Us form says how much is left and says so when a paste was cut', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/support');
    await waitForHydration(page);
    const message = page.getByLabel('Message', { exact: true });
    await expect(page.getByText('5,000 characters left')).toBeVisible();
    await message.fill('Hello there, my printer is on fire.');
    await expect(page.getByText('4,965 characters left')).toBeVisible();
    await expect(message).toHaveAttribute('aria-describedby', /contact-message-hint/);
    await message.fill('');
    await message.focus();
    const long = 'word '.repeat(1040);
    await page.evaluate((text) => {
      const target = document.querySelector('#contact-message')!;
      const data = new DataTransfer();
      data.setData('text/plain', text);
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, long);
    const note = page.getByText(/The text you pasted had 5,200 characters; a message holds 5,000, so only the start of it was kept/);
    await expect(note).toBeVisible();
    await expect(message).toHaveAttribute('aria-describedby', /contact-message-cut/);
  });
});
