/**
 * A first-time visitor arriving in the app area is sent to the tutorial once device storage has
 * answered. Until then the page they arrived at stays hidden, so they never glimpse it before
 * the tutorial replaces it; a returning visitor sees it as soon as storage has answered, which
 * is sooner than its chunks arrive.
 */
const ATTRIBUTE = 'data-tutorial-check';
/** Never hide the app for longer than this, whatever storage does. */
const MAX_HIDDEN_MS = 3000;

let timer: ReturnType<typeof setTimeout> | undefined;

export function hideAppUntilChecked(): void {
  document.documentElement.setAttribute(ATTRIBUTE, 'pending');
  clearTimeout(timer);
  timer = setTimeout(revealApp, MAX_HIDDEN_MS);
}

export function revealApp(): void {
  clearTimeout(timer);
  document.documentElement.removeAttribute(ATTRIBUTE);
}
