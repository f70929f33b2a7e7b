import { preloadable } from '../lib/preloadable';

/**
 * Only the schedule's header has the Case Sensitive toggle: its element loads with the schedule
 * page (routes.tsx preloads it), not with every page that has a header (docs/decisions/0500).
 */
export const caseSensitiveToggle = preloadable(() => import('./case-sensitive-toggle').then((module) => module.CaseSensitiveToggle));
