import AxeBuilder from '@axe-core/playwright';
import { test as base, type BrowserContext, type CDPSession, expect, type Locator, type Page } from '@playwright/test';

/**
 * Under `npm run test:cluster` one instance is killed part-way through. A live stream (or any
 * response still being sent) from it ends abruptly; the app reconnects through the other
 * instance without the user noticing, but Chromium logs the cut itself as a console error,
 * which no page script can prevent.
 */
const INSTANCE_KILLED_ERRORS: RegExp[] = process.env.E2E_AN_INSTANCE_IS_KILLED ? [/net::ERR_INCOMPLETE_CHUNKED_ENCODING/] : [];

/** The pages the suite slows down, so checkA11y can lift the slowdown while axe-core works. */
const throttled = new WeakMap<Page, { session: CDPSession; rate: number; untilFirstPage: boolean }>();

/**
 * The end-to-end `test`: every page's console errors and uncaught exceptions fail the test
 * (list expected ones in `allowConsoleErrors`), and `checkA11y` runs axe-core.
 */
export const test = base.extend<{
  allowConsoleErrors: RegExp[];
  consoleErrors: string[];
  cpuThrottling: number;
  cpuThrottlingScope: 'first-page' | 'test';
  throttleCpu: void;
}>({
  allowConsoleErrors: [[], { option: true }],
  /**
   * How many times slower than this machine the page's CPU runs (Chromium only). 1 by default:
   * a slow CPU only where it is the subject, the first-paint and blank-page checks of
   * navigation.spec.ts and the tutorial's first visits (a page left at opacity 0 after a tap,
   * decisions 0520 and 0500), which set `test.use({ cpuThrottling: 4 })`. Every other test runs
   * at full speed and waits on conditions; E2E_CPU_THROTTLING=4 slows a whole run down.
   */
  cpuThrottling: [Number(process.env.E2E_CPU_THROTTLING ?? 1), { option: true }],
  /**
   * How long the slowdown lasts: until the test's first Ionic page is painted ('first-page',
   * the default: the first load, where redirects raced the first transition, decision 0520),
   * or the whole test ('test', navigation.spec.ts).
   */
  cpuThrottlingScope: ['first-page', { option: true }],
  throttleCpu: [
    async ({ page, browserName, cpuThrottling, cpuThrottlingScope }, use) => {
      if (browserName === 'chromium' && cpuThrottling > 1) {
        const session = await page.context().newCDPSession(page);
        await session.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
        throttled.set(page, { session, rate: cpuThrottling, untilFirstPage: cpuThrottlingScope === 'first-page' });
      }
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if ([...allowConsoleErrors, ...INSTANCE_KILLED_ERRORS].some((pattern) => pattern.test(text))) return;
        // "Failed to load resource" names no address: the message's location does.
        const { url } = message.location();
        errors.push(url && !text.includes(url) ? `${text} (${url})` : text);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Impacts that fail a test whatever the rule's tags (best practices included). */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/** Rules of these tags fail a test at any impact. */
const WCAG_TAGS = new Set(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);

/**
 * No accessibility violation that matters on the page as it is now: axe-core runs every rule
 * (WCAG and best practices); a WCAG 2.1 A/AA violation fails at any impact, any other rule's
 * when it is serious or critical. Transitions and animations are switched off first and
 * running ones let finish, so colours are measured as they settle, not mid-fade.
 */
/** The axe-core rules whose outcome a theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export async function checkA11y(page: Page, options: { exclude?: string[]; coloursOnly?: boolean } = {}) {
  // axe-core's every rule over a page is slow work of the test's, not the app's: full speed.
  const slowdown = throttled.get(page);
  await slowdown?.session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await settleForMeasuring(page);
  try {
    // Only the violations come back in full: the passes of every rule over an Ionic page are
    // megabytes of JSON to make, send and parse, for nothing this check reads. One run in the
    // page (legacy mode), which reaches the page's frames, all of its own origin: the default
    // runs each frame apart and finishes in a new blank page, which took half of every check's
    // time (about 2 s of 4 on the movie list).
    let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    // A page seen again in the other theme differs only in its colours: names, roles, structure
    // and focus order are the same DOM, checked in the first theme.
    if (options.coloursOnly) builder = builder.withRules(COLOUR_RULES);
    const results = await builder.analyze();
    const summary = results.violations
      .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? '') || violation.tags.some((tag) => WCAG_TAGS.has(tag)))
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
    expect(summary, 'axe-core violations').toEqual([]);
  } finally {
    await page.evaluate(restoreMotion).catch(() => undefined);
    await slowdown?.session.send('Emulation.setCPUThrottlingRate', { rate: slowdown.rate }).catch(() => undefined);
  }
}

interface NoMotion {
  sheet: CSSStyleSheet;
  roots: ShadowRoot[];
}

/**
 * Turns CSS transitions and animations off, Ionic's own component styles included (the sheet
 * is adopted by the document and every open shadow root), waits for the page's script-driven
 * animations (Ionic page transitions, Web Animations) to end, then for a frame painted without
 * them.
 */
async function settleForMeasuring(page: Page) {
  await page.evaluate(async () => {
    // A constructed sheet, not a <style>: the site's policy (style-src 'self') refuses those.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('*,*::before,*::after{transition:none!important;animation:none!important}');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const roots: ShadowRoot[] = [];
    const collect = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        if (!element.shadowRoot) continue;
        roots.push(element.shadowRoot);
        collect(element.shadowRoot);
      }
    };
    collect(document);
    for (const root of roots) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    (window as unknown as { e2eNoMotion: NoMotion }).e2eNoMotion = { sheet, roots };
    const deadline = performance.now() + 2_000;
    const running = () =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime));
    while (running().length > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Undoes settleForMeasuring: the test goes on with the page's own motion. */
function restoreMotion() {
  const noMotion = (window as unknown as { e2eNoMotion?: NoMotion }).e2eNoMotion;
  if (!noMotion) return;
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== noMotion.sheet);
  for (const root of noMotion.roots) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => sheet !== noMotion.sheet);
  delete (window as unknown as { e2eNoMotion?: NoMotion }).e2eNoMotion;
}

/** Waits until the site's React tree has hydrated. */
export async function waitForHydration(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/**
 * Asserts that a person sees `target`: it is on screen (inside the viewport), neither it nor
 * any ancestor (across shadow roots: slot, parent, host) is transparent (opacity under 0.1) or
 * `display: none`, it is not `visibility: hidden`, and the topmost element at the centre of
 * its visible part is it or inside it (nothing covers it). Polls for up to `timeout` (2 s):
 * a page that is still fading in passes when it is in, a page left at opacity 0 fails.
 * Playwright's toBeVisible counts an element at opacity 0 as visible; this does not.
 */
export async function expectPainted(target: Locator, { timeout = 2_000 }: { timeout?: number } = {}) {
  // A loop of its own rather than toPass: on a busy machine one look can outlast the deadline,
  // and a look that started in time and found the element painted is a pass.
  const deadline = Date.now() + timeout;
  let problem: string;
  for (let pause = 50; ; pause = Math.min(pause * 2, 200)) {
    problem = await target
      .evaluate(paintProblem, undefined, { timeout })
      .catch((error: Error) => `not found (${error.message.split('\n')[0]})`);
    if (!problem) return;
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  // Slow or never? Said in the failure, so a loaded machine is told from a page left blank.
  const started = Date.now();
  const later = await expect
    .poll(() => target.evaluate(paintProblem).catch(() => 'not found'), { timeout: 5_000 })
    .toBe('')
    .then(() => `; it was painted ${Date.now() - started} ms later`)
    .catch(() => '; still not 5 s later');
  throw new Error(`${target} is not painted for a person to see after ${timeout} ms: ${problem}${later}`);
}

/** Runs in the page: '' when `element` is painted where a person can see it, else why not. */
function paintProblem(element: Element): string {
  const name = (node: Element) =>
    `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}>`;
  const parentOf = (node: Node): Node | null => {
    if (node instanceof Element && node.assignedSlot) return node.assignedSlot;
    const parent = node.parentNode;
    return parent instanceof ShadowRoot ? parent.host : parent;
  };
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return `${name(element)} has no size`;
  const left = Math.max(box.left, 0);
  const right = Math.min(box.right, window.innerWidth);
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, window.innerHeight);
  if (right <= left || bottom <= top) return `${name(element)} is outside the viewport`;
  if (getComputedStyle(element).visibility !== 'visible') return `${name(element)} is visibility: hidden`;
  for (let node: Node | null = element; node; node = parentOf(node)) {
    if (!(node instanceof Element)) continue;
    const style = getComputedStyle(node);
    if (style.display === 'none') return `${name(node)} is display: none`;
    if (Number.parseFloat(style.opacity) < 0.1) return `${name(node)} has opacity ${style.opacity}`;
  }
  const x = (left + right) / 2;
  const y = (top + bottom) / 2;
  let hit = document.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  if (!hit) return `nothing is at the centre of ${name(element)}`;
  for (let node: Node | null = hit; node; node = parentOf(node)) if (node === element) return '';
  return `${name(element)} is covered by ${name(hit)} at its centre (${Math.round(x)}, ${Math.round(y)})`;
}

/**
 * How long a test's first Ionic page, loaded at the CPU slowdown, may take to show its header.
 * Not a speed check (bench:web measures the first screen): at a load average of 15 in CI a first
 * visit in iOS mode took over 10 s, both attempts, where it takes 1.6 s on an idle machine and
 * 17 to 22 s here at a 20x slowdown. A page left blank still fails, after 30 s instead of 10.
 */
const FIRST_PAGE_WAIT_MS = 30_000;

/**
 * How long the paint check may take while the page runs at a CPU slowdown: on a slow CI machine
 * the check's own look into the page (one `evaluate`) outlasted 5 s at 4x, and the header was
 * painted 1.6 s later. navigation.spec.ts gives a move 15 s for the same reason.
 */
const THROTTLED_PAINT_WAIT_MS = 15_000;

/**
 * Waits until an Ionic page has rendered its content (lazy chunks loaded) and is painted: the
 * header of the page shown last is on screen, not transparent and not covered (expectPainted).
 * 5 s rather than 2 for the paint: this follows first loads too, and a heavy page (the charts)
 * on a loaded machine at the suite's CPU slowdown can take over 2 s; 15 s while the CPU is
 * slowed down. A page left blank is never painted, so it fails all the same.
 */
export async function waitForIonicPage(page: Page) {
  const slowdown = throttled.get(page);
  const header = page.locator('.ion-page:not(.ion-page-hidden) ion-header').last();
  await expect(header).toBeVisible({ timeout: slowdown?.untilFirstPage ? FIRST_PAGE_WAIT_MS : undefined });
  await expectPainted(header, { timeout: slowdown ? THROTTLED_PAINT_WAIT_MS : 5_000 });
  if (slowdown?.untilFirstPage) {
    throttled.delete(page);
    await slowdown.session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

/**
 * Records the layout shifts a person sees (not those after their own input) on every page of
 * `context` from now on; `layoutShiftTotal` sums them as Core Web Vitals' CLS.
 */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { e2eShifts: number[] }).e2eShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShiftTotal(page: Page): Promise<number> {
  const shifts = await page.evaluate(() => (window as unknown as { e2eShifts: number[] }).e2eShifts);
  return shifts.reduce((sum, value) => sum + value, 0);
}
