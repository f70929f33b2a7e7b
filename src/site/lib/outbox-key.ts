/**
 * Where the device keeps Contact Us messages not yet delivered: a module of its own, so every
 * site page can look whether one waits without loading the outbox's code (`site-app.tsx`).
 */
export const OUTBOX_STORAGE_KEY = 'nw.supportOutbox';
