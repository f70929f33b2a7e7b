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

/**
 * How long the app waits for device storage to answer before starting where the visitor arrived.
 * Only a visit without the flag's localStorage copy waits, which is nearly always a first visit;
 * on a slow phone opening IndexedDB for the first time took over 1.5 s, and first visitors lost
 * the tutorial (decision 0500).
 */
export const FIRST_VISIT_CHECK_MS = 5000;

/** What the start needs to know about the tutorial flag. */
export interface TutorialFlagSource {
  /** The flag's copy kept where it reads at once (this device has seen the tutorial). */
  remembered(): boolean;
  /** Reads the flag from device storage. */
  read(): Promise<unknown>;
}

/** Resolves to `fallback` when `work` fails or has not settled after `ms`. */
export async function within(work: () => Promise<unknown>, ms: number, fallback: unknown): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work().catch(() => fallback),
      new Promise<unknown>((resolve) => {
        timer = setTimeout(() => resolve(fallback), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Where the app starts for a visitor who has just opened it: `/tutorial` (with the Demo-tab view
 * to come back to) on a first visit of the app area, otherwise null, meaning where they arrived.
 * Storage that fails or does not answer in time counts as "seen": nobody is kept from the page
 * they asked for. Device storage's code comes with the start (decision 0500), so no download
 * comes between the start and this answer.
 */
export async function firstVisitStart(
  pathname: string,
  search: string,
  flag: TutorialFlagSource,
  readMs: number = FIRST_VISIT_CHECK_MS,
): Promise<string | null> {
  if (!shouldShowTutorial(pathname, undefined) || flag.remembered()) return null;
  const seen = await within(flag.read, readMs, true);
  if (!shouldShowTutorial(pathname, seen)) return null;
  const returnTo = tutorialReturnPath(pathname, search);
  return returnTo ? `/tutorial?next=${encodeURIComponent(returnTo)}` : '/tutorial';
}
