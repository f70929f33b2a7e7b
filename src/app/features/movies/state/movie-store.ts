import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../../common/api-error';
import type { Movie, NewMovie } from '../../../../common/movie-schema';
import { getIdToken } from '../../../lib/session/session-store';
import { haveVersion, onLive, onLiveStatus, liveStatus } from '../../../lib/live/index';
import { postMovie } from '../api/add-movie';
import { EARLY_MOVIE_LIST, type MovieList, requestMovieList } from '../api/list-movies';
import { hasEarly, takeEarly } from '../../../lib/early-answers';
import { applyMovieEvent, isCurrent, withWaiting } from './live-movies';

/**
 * The movie list, once per app: the list page and the movie page (both stay mounted in
 * Ionic's stack) read the same copy, so a movie added on one shows on the other at once. It
 * follows the live stream, opens from the device cache offline, and keeps adds made offline in
 * the device outbox until the server has answered them (docs/live-data.md).
 */
export interface PendingMovie {
  key: string;
  movie: NewMovie;
  state: 'waiting' | 'refused';
  reason?: string;
}

interface Shared {
  /** Adds not yet answered by the server, and adds it refused (shown until dismissed). */
  pending: readonly PendingMovie[];
  /** Titles shown in the list but not yet stored by the server. */
  waiting: ReadonlySet<string>;
}

export type MoviesState = Shared &
  (
    | { status: 'loading'; movies: readonly Movie[] }
    | { status: 'ready'; movies: readonly Movie[] }
    | { status: 'failed'; movies: readonly Movie[]; error: string }
  );

const CACHE_KEY = 'movies';
const OUTBOX_KIND = 'movie-add';

let server: readonly Movie[] = [];
/** The live topic's version `server` is at least as new as; unknown for a copy from the device. */
let serverVersion: number | undefined;
let pending: readonly PendingMovie[] = [];
let state: MoviesState = { status: 'loading', movies: [], pending, waiting: new Set() };
let inFlight: Promise<void> | null = null;
let started = false;
const listeners = new Set<() => void>();

type Status = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: string };

function publish(status: Status = state) {
  const waitingMovies = pending.filter((entry) => entry.state === 'waiting').map((entry) => entry.movie);
  const movies = withWaiting(server, waitingMovies);
  const waiting = new Set(
    waitingMovies.filter((m) => !server.some((s) => s.title.toLowerCase() === m.title.toLowerCase())).map((m) => m.title),
  );
  state =
    status.status === 'failed'
      ? { status: 'failed', error: status.error, movies, pending, waiting }
      : { status: status.status, movies, pending, waiting };
  for (const listener of listeners) listener();
}

function setServer(movies: readonly Movie[], save = true) {
  server = movies;
  if (save) void import('../../../lib/live/device-cache').then((cache) => cache.saveCached(CACHE_KEY, movies));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Once: the device's copies (list and outbox), the live stream, and sending what waits. */
function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  void import('../../../lib/live/device-cache').then(async (cache) => {
    const cached = await cache.readCached<Movie[]>(CACHE_KEY);
    // Only while nothing fresher arrived: the network's answer always wins.
    if (cached && server.length === 0 && state.status !== 'ready') {
      server = cached;
      publish({ status: 'ready' });
    }
  });
  void refreshPending().then(() => flushOutbox());
  onLive('movies', (event) => {
    // A reset to a version the list already has (the stream connected before it heard of the list's).
    if (isCurrent(serverVersion, event)) return;
    if (event.type === 'change') {
      const next = applyMovieEvent(server, event);
      if (next) {
        setServer(next);
        serverVersion = event.version;
        publish();
        return;
      }
    }
    void loadMovies(true, true);
  });
  window.addEventListener('online', () => void flushOutbox());
  onLiveStatus(() => {
    if (liveStatus() === 'online') void flushOutbox();
  });
}

/** Loads the list from the server (again, when `force` is set or the last try failed). */
export function loadMovies(force = false, fresh = false): Promise<void> {
  start();
  if (inFlight) return inFlight;
  if (state.status === 'ready' && !force) return Promise.resolve();
  if (state.status === 'failed') publish({ status: 'loading' });
  // The first load takes the answer the app asked for as it started (shell/tab-pages.ts).
  const early = force ? undefined : takeEarly<MovieList>(EARLY_MOVIE_LIST);
  inFlight = (early ?? requestMovieList(fresh))
    .then(({ movies, version }) => {
      setServer(movies);
      serverVersion = version;
      // The stream's first connection resumes from here: no second load of the list for its reset.
      if (version !== undefined) haveVersion('movies', version);
      publish({ status: 'ready' });
    })
    .catch((error: unknown) => {
      // Offline with a copy on the device: show that copy (the offline notice says how old it may be).
      if (server.length > 0) return publish({ status: 'ready' });
      const message = error instanceof ApiError ? error.message : 'The movie list could not be loaded.';
      publish({ status: 'failed', error: message });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

// The list the app asked for as it started (shell/tab-pages.ts) fills the store as this module
// loads, before the page's first render: the rows are drawn with the page, not frames after it.
if (hasEarly(EARLY_MOVIE_LIST)) void loadMovies();

export function useMovies(): MoviesState {
  return useSyncExternalStore(subscribe, () => state);
}

async function refreshPending(): Promise<void> {
  try {
    const { listOutbox } = await import('../../../lib/live/outbox');
    const entries = await listOutbox<NewMovie>(OUTBOX_KIND);
    pending = entries.map(({ key, body, state: entryState, reason }) => ({
      key,
      movie: body,
      state: entryState,
      ...(reason ? { reason } : {}),
    }));
    publish();
  } catch {
    // No IndexedDB: nothing can have been kept.
  }
}

/** Outcome of an add: stored, kept on the device to send later, or refused with the reason. */
export type AddOutcome = 'added' | 'waiting' | 'failed';

/**
 * The movie service's add: `added` once the server has stored the movie; `waiting`
 * when it could not be reached and the add waits on the device (sent later, once, with its
 * idempotency key); `failed` otherwise, with the reason given to `onFailure`. Never rejects.
 */
export async function addMovie(movie: NewMovie, onFailure: (error: ApiError) => void): Promise<AddOutcome> {
  const key = crypto.randomUUID();
  try {
    const idToken = await getIdToken();
    if (!idToken) throw new ApiError(401, 'unauthenticated', 'You need to log in to add a movie.');
    if (!navigator.onLine) return await keepForLater(movie, key, onFailure);
    const added = await postMovie(movie, idToken, key);
    setServer(applyMovieEvent(server, { kind: 'add', key: added.title, data: added }) ?? server);
    publish();
    return 'added';
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkFailure) return keepForLater(movie, key, onFailure);
    onFailure(error instanceof ApiError ? error : new ApiError(0, 'internal', 'The movie could not be added. Please try again.'));
    return 'failed';
  }
}

async function keepForLater(movie: NewMovie, key: string, onFailure: (error: ApiError) => void): Promise<AddOutcome> {
  try {
    const { enqueue } = await import('../../../lib/live/outbox');
    await enqueue(OUTBOX_KIND, movie, key);
    await refreshPending();
    return 'waiting';
  } catch (error) {
    const message =
      error instanceof Error && error.name === 'OutboxFullError'
        ? error.message
        : 'The movie could not be kept on this device to send later.';
    onFailure(new ApiError(0, 'network', message));
    return 'failed';
  }
}

/** Forgets a refused add once its reason has been read. */
export async function dismissPending(key: string): Promise<void> {
  const { removeFromOutbox } = await import('../../../lib/live/outbox');
  await removeFromOutbox(key);
  await refreshPending();
}

let flushing: Promise<void> | null = null;

/** Sends every waiting add, oldest first, under a lock shared by the tabs; stops at the first network failure. */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    const run = async () => {
      const outbox = await import('../../../lib/live/outbox');
      for (const entry of await outbox.listOutbox<NewMovie>(OUTBOX_KIND)) {
        if (entry.state !== 'waiting') continue;
        try {
          const idToken = await getIdToken();
          if (!idToken) throw new ApiError(401, 'unauthenticated', 'You need to log in to add a movie.');
          const added = await postMovie(entry.body, idToken, entry.key);
          await outbox.removeFromOutbox(entry.key);
          setServer(applyMovieEvent(server, { kind: 'add', key: added.title, data: added }) ?? server);
        } catch (error) {
          if (!(error instanceof ApiError) || error.isNetworkFailure || error.status === 429 || error.status >= 500) break;
          await outbox.markRefused(entry, error.message);
        }
      }
    };
    try {
      if (!navigator.onLine) return;
      if (navigator.locks?.request) await navigator.locks.request('northwind-movie-outbox', run);
      else await run();
    } catch {
      // Storage unavailable: nothing was kept to send.
    } finally {
      await refreshPending();
      flushing = null;
    }
  })();
  return flushing;
}
