/**
 * Business constants of the specification (section 9 and section 4), in one place so
 * the client, the server and the tests agree on them.
 */
export const MENU_LOGIN_STATUS_DELAY_MS = 300;

/** The service worker registers once the app is stable, or after this long at the latest. */
export const SERVICE_WORKER_REGISTER_TIMEOUT_MS = 30_000;

export const AUTH = {
  /** Network calls of the auth session give up after this long. */
  networkTimeoutMs: 30_000,
  /** ID tokens are refreshed this long before they expire. */
  refreshMarginMs: 5 * 60_000,
  /** A token counts as expired this long before its expiration time. */
  expiryToleranceMs: 30_000,
  /** After a failed refresh the retry waits this long first, doubling each time... */
  retryBackoffStartMs: 30_000,
  /** ...up to this cap. */
  retryBackoffMaxMs: 16 * 60_000,
  /** Lifetime of an ID token issued by our identity service. */
  idTokenLifetimeSeconds: 3600,
  /** Sensitive changes (email, password, delete) need a sign-in younger than this. */
  recentLoginMs: 5 * 60_000,
} as const;

/** Provider sign-in in a popup or by redirect. */
export const FEDERATED_SIGN_IN = {
  /** The popup window's default size. */
  popupWidth: 500,
  popupHeight: 600,
  /** Waiting for the popup or its frame to answer: short on desktop, long on mobile. */
  popupTimeoutShortMs: 5_000,
  popupTimeoutLongMs: 15_000,
  /** A closed popup is noticed by polling, from every 2 s backing off to every 10 s. */
  closedPopupPollStartMs: 2_000,
  closedPopupPollMaxMs: 10_000,
  /** The result of a redirect sign-in is kept this long for the page the user returns to. */
  redirectResultTtlMs: 10 * 60_000,
} as const;

/** Header logo size. */
export const LOGO = { width: 100, height: 50 } as const;

/** Widths below which the site header shows the chevron instead of text links (tablet/phone). */
export const HEADER_COLLAPSE_MAX_WIDTH_PX = 820;

/** Keys the app keeps in device storage. */
export const STORAGE_KEYS = {
  hasLoggedIn: 'hasLoggedIn',
  hasSeenTutorial: 'hasSeenTutorial',
  email: 'email',
  didTutorial: 'ion_did_tutorial',
} as const;

/** The default new movie. */
export const DEFAULT_MOVIE = { title: 'NewMovie', genres: ['New', 'Genre'] } as const;

export const COMPANY = {
  name: 'Northwind Computer Services',
  shortName: 'Northwind',
} as const;

/** Live data: the change stream, the device cache and writes waiting to be sent. */
export const LIVE = {
  /** Without an answer for this long, the app counts itself offline. */
  onlineTimeoutMs: 10_000,
  /** A stream silent for this long is dead; the server sends a keep-alive well within it. */
  streamIdleMs: 60_000,
  /** Reconnects wait 1 s, then 1.5 times longer each time, at most 60 s. */
  reconnectStartMs: 1_000,
  reconnectFactor: 1.5,
  reconnectMaxMs: 60_000,
  /** Writes made offline that may wait to be sent; one more is refused. */
  maxPendingWrites: 10,
  /** The device cache of lists, in bytes: 40 MB unless configured, never under 1 MB. */
  deviceCacheBytes: 40 * 1024 * 1024,
  deviceCacheMinBytes: 1024 * 1024,
} as const;

/** The live stream's staff topic of drafts and publishing: open consoles follow what they show. */
export const PUBLISHING_TOPIC = 'publishing';
