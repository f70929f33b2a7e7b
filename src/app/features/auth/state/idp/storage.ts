import { isFresh } from './rules';

/**
 * What a provider sign-in keeps across page loads. The popup's pending sign-in lives in
 * localStorage (the popup is another window of the same origin); a redirect's pending sign-in
 * and its result live in sessionStorage (this tab only), each for at most 10 minutes:
 * an older entry is dropped unread.
 */

export type IdpPurpose = 'signIn' | 'link';

export interface PendingIdp {
  sessionId: string;
  purpose: IdpPurpose;
  savedAt: number;
  /** Popup: the sign-in the opener waits for. */
  flowId?: string;
  /** Redirect: the page to come back to. */
  returnTo?: string;
}

export interface RedirectResult {
  purpose: IdpPurpose;
  savedAt: number;
  response?: unknown;
  error?: string;
}

const PENDING_KEY = 'northwind.auth.idp.pending';
const RESULT_KEY = 'northwind.auth.idp.result';

type Mode = 'popup' | 'redirect';

function area(mode: Mode): Storage | null {
  try {
    return mode === 'popup' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function take<T extends { savedAt: number }>(store: Storage | null, key: string): T | null {
  if (!store) return null;
  let raw: string | null = null;
  try {
    raw = store.getItem(key);
    store.removeItem(key);
  } catch {
    return null;
  }
  if (!raw || raw.length > 100_000) return null;
  try {
    const value = JSON.parse(raw) as T;
    return isFresh(value.savedAt, Date.now()) ? value : null;
  } catch {
    return null;
  }
}

function put(store: Storage | null, key: string, value: object): void {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, quota): the sign-in then fails with a clear message on return.
  }
}

export const savePending = (mode: Mode, pending: PendingIdp) => put(area(mode), PENDING_KEY, pending);
/** Read once: a second look (a reload of the handler page) finds nothing. */
export const takePending = (mode: Mode) => take<PendingIdp>(area(mode), PENDING_KEY);
export const saveRedirectResult = (result: RedirectResult) => put(area('redirect'), RESULT_KEY, result);
export const takeRedirectResult = () => take<RedirectResult>(area('redirect'), RESULT_KEY);

/** Whether a redirect's result waits here, without reading it: the flow's code loads only then. */
export function redirectResultWaits(): boolean {
  try {
    return area('redirect')?.getItem(RESULT_KEY) != null;
  } catch {
    return false;
  }
}
