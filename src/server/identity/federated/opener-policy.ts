import { HANDLER_PATH } from './federated-context';

/**
 * Cross-Origin-Opener-Policy for provider sign-in in a popup (decision 0110). With `same-origin`
 * (Helmet's default) the popup loses its opener as soon as it goes to the provider: the app
 * would see it as closed at once and could never hear its answer. So the pages that open it get
 * `same-origin-allow-popups` (still isolated from whoever opened *them*), and the handler page
 * the provider returns to gets `unsafe-none`, which keeps the link through the provider's page.
 * The app shell's routes set it (src/server/platform/plugins/client.ts): a hook on every response would
 * cost each request, JSON included, for a header only these documents need.
 */
export function openerPolicyFor(path: string, contentType: string | undefined): string | undefined {
  if (path === HANDLER_PATH) return 'unsafe-none';
  if (contentType?.startsWith('text/html')) return 'same-origin-allow-popups';
  return undefined;
}
