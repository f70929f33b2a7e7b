/**
 * Which arrivals see the tutorial first (spec 3: hasSeenTutorial): a visitor entering the app
 * area (the tabs or the demo hub) who has never seen it. Pages reached directly for a purpose
 * (login, a shared video or chart link, the tutorial itself) are left alone.
 */
const APP_AREA = [/^\/app(\/|$)/, /^\/home\/?$/];

export function shouldShowTutorial(pathname: string, hasSeenTutorial: unknown): boolean {
  if (hasSeenTutorial === true || hasSeenTutorial === 'true') return false;
  return APP_AREA.some((pattern) => pattern.test(pathname));
}
