/**
 * The Insights beacon of both faces (docs/insights.md): a page view per page or app screen and,
 * when the page is hidden, its Core Web Vitals, each as one `navigator.sendBeacon` (or, for a
 * signed-in caller, a keepalive fetch with the ID token, so staff are recognised and not
 * counted). Nothing is stored on the device; nothing waits for the answer. The web-vitals
 * library is loaded when the browser is idle, so it costs the page's start nothing.
 */
import { plausibleVital, type VITAL_MAX } from './insights-vitals';
import { hasStaffClaim, SESSION_KEY } from './token-claims';

const COLLECT = '/api/insights/collect';

/**
 * Whether a staff member is signed in on this browser (the app's stored session carries a staff
 * claim): their views of the site are not counted. Read, never written: the beacon itself keeps
 * nothing on the device. The claim is unchecked here; a forged one only leaves a view uncounted.
 */
export function signedInAsStaff(): boolean {
  try {
    const stored = localStorage.getItem(SESSION_KEY);
    if (!stored || stored.length > 16_384) return false;
    const session = JSON.parse(stored) as { idToken?: unknown };
    return typeof session.idToken === 'string' && hasStaffClaim(session.idToken);
  } catch {
    return false;
  }
}

type Token = () => string | null;

function send(body: Record<string, unknown>, token: Token): void {
  try {
    const text = JSON.stringify(body);
    const bearer = token();
    if (bearer) {
      void fetch(COLLECT, {
        method: 'POST',
        body: text,
        keepalive: true,
        headers: { 'content-type': 'text/plain', authorization: `Bearer ${bearer}` },
      }).catch(() => undefined);
    } else navigator.sendBeacon(COLLECT, text);
  } catch {
    // Counting never breaks a page.
  }
}

/** Counts one view of the current page or screen. `path` is the path and query (utm_* are read from it). */
export function sendPageview(path: string, token: Token = () => null, referrer = ''): void {
  send({ t: 'pageview', p: path, ...(referrer ? { r: referrer } : {}), w: Math.round(screen.width) }, token);
}

const idle = (work: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(work, { timeout: 5000 }) : setTimeout(work, 1000);

/** Once the page has loaded and the browser is idle: the site's pages are drawn by then. */
function afterLoadIdle(start: () => void): void {
  if (document.readyState === 'complete') idle(start);
  else addEventListener('load', () => idle(start), { once: true });
}

/**
 * Watches the page's LCP, INP, CLS and TTFB and sends them once, when the page is first hidden.
 * The measuring code loads when `schedule` says (the figures are buffered by the browser until
 * then): the app's first screen is drawn after `load`, so it passes its own moment.
 */
export function watchVitals(path: () => string, token: Token = () => null, schedule: (start: () => void) => void = afterLoadIdle): void {
  const figures: Record<string, number> = {};
  let sent = false;
  const flush = () => {
    if (sent || Object.keys(figures).length === 0) return;
    sent = true;
    send({ t: 'vitals', p: path(), ...figures }, token);
  };
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  addEventListener('pagehide', flush);
  const start = () => {
    import('web-vitals')
      .then(({ onCLS, onINP, onLCP, onTTFB }) => {
        const keep = (name: keyof typeof VITAL_MAX) => (metric: { value: number }) => {
          const value = Math.round(metric.value * (name === 'cls' ? 1000 : 1)) / (name === 'cls' ? 1000 : 1);
          // The server refuses a beacon with a figure past its bound: leave that one out, send the rest.
          if (plausibleVital(name, value)) figures[name] = value;
          else delete figures[name];
        };
        onLCP(keep('lcp'), { reportAllChanges: true });
        onINP(keep('inp'), { reportAllChanges: true });
        onCLS(keep('cls'), { reportAllChanges: true });
        onTTFB(keep('ttfb'));
      })
      .catch(() => undefined);
  };
  schedule(start);
}
