import { FEDERATED_SIGN_IN } from '../../../../../common/constants';
import { normaliseCode } from '../../../../lib/session/second-step';

/**
 * The rules of provider sign-in in the browser, as pure functions: the popup's window
 * features, the closed-popup polling, how long a redirect's result is kept, which messages are
 * believed, and when a phone goes by redirect instead of a popup.
 */

export interface ScreenBox {
  /** The opener window's position and outer size, in CSS pixels. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A 500x600 popup centred on the opener window (never off its left/top edge). */
export function popupFeatures(box: ScreenBox): string {
  const { popupWidth: width, popupHeight: height } = FEDERATED_SIGN_IN;
  const left = Math.max(0, Math.round(box.left + (box.width - width) / 2));
  const top = Math.max(0, Math.round(box.top + (box.height - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}

/** The next wait between two looks at `popup.closed`: from 2 s, doubling, at most 10 s. */
export function nextPollDelay(previousMs: number | undefined): number {
  const { closedPopupPollStartMs: start, closedPopupPollMaxMs: max } = FEDERATED_SIGN_IN;
  if (previousMs === undefined) return start;
  return Math.min(max, Math.max(start, previousMs * 2));
}

/** Whether something saved at `savedAt` is still usable (kept at most 10 minutes). */
export function isFresh(savedAt: unknown, nowMs: number, ttlMs: number = FEDERATED_SIGN_IN.redirectResultTtlMs): boolean {
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return false;
  const age = nowMs - savedAt;
  // A time in the future means a changed clock or a forged entry: not believed either.
  return age >= 0 && age < ttlMs;
}

export const IDP_MESSAGE_TYPE = 'northwind:idp-result';

export interface IdpMessageData {
  type: typeof IDP_MESSAGE_TYPE;
  flowId: string;
  /** The identity service's answer, or the client code of what went wrong. */
  response?: unknown;
  error?: string;
}

/**
 * Whether a `message` event is the answer of the popup this window opened: from our own
 * origin, from that very window, about the sign-in in progress. Anything else (another site, an
 * older popup, a browser extension) is ignored.
 */
export function isIdpMessage(
  event: { origin: string; source: unknown; data: unknown },
  expected: { origin: string; source: unknown; flowId: string },
): event is { origin: string; source: unknown; data: IdpMessageData } {
  if (event.origin !== expected.origin || event.source !== expected.source || expected.source == null) return false;
  const data = event.data as Partial<IdpMessageData> | null;
  return typeof data === 'object' && data !== null && data.type === IDP_MESSAGE_TYPE && data.flowId === expected.flowId;
}

/** Phones (narrow touch screens) sign in by redirect: a popup there is a full tab, easily lost. */
export function prefersRedirect(screen: { width: number; coarsePointer: boolean }): boolean {
  return screen.coarsePointer && screen.width < 768;
}

/** What is wrong with a typed second-step code, or null when it has a code's form. */
export function codeProblem(raw: string): string | null {
  const code = normaliseCode(raw);
  if (code === '') return 'Enter the 6-digit code from your authenticator app, or a recovery code.';
  if (/^\d{6}$/.test(code) || /^[a-z0-9]{5}-?[a-z0-9]{5}$/.test(code)) return null;
  return 'A code is 6 digits (or a recovery code like abcde-12345).';
}
