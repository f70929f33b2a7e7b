// No import here: the beacon reads this and stays a few hundred bytes (no zod on the site's pages).

/**
 * The largest speed figure a browser can plausibly measure (web-vitals' definitions); anything
 * larger, or below zero, is refused, so made-up samples cannot drag a page's 75th percentile to
 * an absurd value. Each bound is far past the metric's "poor" threshold, so a truly slow page
 * still shows as poor:
 * - LCP, TTFB (ms): 60 s. TTFB runs from the navigation to the first byte of our answer, and the
 *   balancer gives up on an answer after 60 s (`timeout server 60s`, deploy/haproxy); LCP is
 *   observed only until the visitor's first input or until the page is hidden, so a minute
 *   means a visitor watching an unfinished page for a minute without touching it ("poor": 4 s,
 *   1.8 s for TTFB).
 * - INP (ms): 60 s. One interaction's input-to-paint time; a main thread blocked for a minute is
 *   a hung page the browser offers to close ("poor": 500 ms).
 * - CLS (unitless): 10. The layout-shift score of the worst session window (shifts less than
 *   1 s apart, the window at most 5 s long); one frame's shift scores at most 1 (the share of the
 *   viewport moved × the distance moved as a share of it), so 10 is ten full-viewport jumps
 *   within five seconds ("poor": 0.25).
 */
export const VITAL_MAX = { lcp: 60_000, inp: 60_000, cls: 10, ttfb: 60_000 } as const;

/** Pure: whether a browser's speed figure is within VITAL_MAX (the beacon leaves out one that is not). */
export const plausibleVital = (metric: keyof typeof VITAL_MAX, value: number): boolean =>
  Number.isFinite(value) && value >= 0 && value <= VITAL_MAX[metric];
