/**
 * The Contact Us page with its form and the device's outbox, as one module: the site's script
 * loads it only on /support (the server renders it from here too), so other pages carry none of
 * the form's code. Other pages load `lib/outbox-store.ts` on their own, and only when a message
 * waits on the device (`site-app.tsx`).
 */
export { SupportPage } from './pages/support-page';
export { startOutboxSync } from './lib/outbox-store';
