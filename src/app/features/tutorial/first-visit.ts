/**
 * Which arrivals see the tutorial first (hasSeenTutorial): a visitor entering the app
 * area (the tabs or the demo hub) who has never seen it. Pages reached directly for a purpose
 * (login, a shared video or chart link, the tutorial itself) are left alone.
 */
const APP_AREA = [/^\/app(\/|$)/, /^\/home\/?$/];

export function shouldShowTutorial(pathname: string, hasSeenTutorial: unknown): boolean {
  if (hasSeenTutorial === true || hasSeenTutorial === 'true') return false;
  return APP_AREA.some((pattern) => pattern.test(pathname));
}

const DESTINATION = '/app/tabs/home';

/**
 * Where finishing the tutorial goes: the Demo tab. A first visit through a shared link
 * of the Demo tab (`/app/tabs/home?segment=...&search=...`) keeps the link's view.
 */
export function tutorialDestination(next: string | null | undefined): string {
  return next && next.startsWith(`${DESTINATION}?`) && !next.includes('#') ? next : DESTINATION;
}

/** The `next` the gate hands the tutorial: only a Demo-tab address with a view to restore. */
export function tutorialReturnPath(pathname: string, search: string): string | null {
  return pathname === DESTINATION && search.length > 1 ? `${pathname}${search}` : null;
}

/** How long the app waits for device storage before starting where the visitor arrived. */
export const FIRST_VISIT_CHECK_MS = 1500;

/**
 * Where the app starts for a visitor who has just opened it: `/tutorial` (with the Demo-tab view
 * to come back to) on a first visit of the app area, otherwise null, meaning where they arrived.
 * Storage that fails or does not answer in time counts as "seen": nobody is kept from the page
 * they asked for.
 */
export async function firstVisitStart(
  pathname: string,
  search: string,
  readHasSeenTutorial: () => Promise<unknown>,
  waitMs: number = FIRST_VISIT_CHECK_MS,
): Promise<string | null> {
  if (!shouldShowTutorial(pathname, undefined)) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const seen = await Promise.race([
    readHasSeenTutorial().catch(() => true),
    new Promise<unknown>((resolve) => {
      timer = setTimeout(() => resolve(true), waitMs);
    }),
  ]);
  clearTimeout(timer);
  if (!shouldShowTutorial(pathname, seen)) return null;
  const returnTo = tutorialReturnPath(pathname, search);
  return returnTo ? `/tutorial?next=${encodeURIComponent(returnTo)}` : '/tutorial';
}
