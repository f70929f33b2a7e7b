import { IonButton, IonContent, IonPage, IonSpinner, useIonActionSheet, useIonPopover, useIonRouter, useIonToast } from '@ionic/react';
import { lazy, type MouseEvent, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ApiError } from '../../../../common/api-error';
import { DEFAULT_MOVIE } from '../../../../common/constants';
import { collectGenres, formatGenres } from '../../../../common/genres';
import { DEFAULT_VIEW, filterMovies, genreKey, indexMovies, type MovieView } from '../../../../common/movie-filter';
import type { MovieFormValues, NewMovie } from '../../../../common/movie-schema';
import {
  decodeMovieView,
  encodeMovieView,
  MOVIE_LIST_PATH,
  moviePageUrl,
  movieViewLink,
  suggestEditUrl,
} from '../../../../common/movie-view';
import { useAuth } from '../../../lib/auth-session';
import { preloadable } from '../../../lib/preloadable';
import { AppHeader } from '../../../shell/app-header';
import { MovieList } from '../components/movie-list';
import type { MovieOption } from '../components/movie-options-popover';
import { shareLink } from '../components/share-link';
import { GUEST, useFavorites } from '../state/favorites-store';
import { addMovie, dismissPending, loadMovies, useMovies } from '../state/movie-store';
import '../movies.css';

// The genre filter and the Add Movie form load when first opened, not with the list
// (docs/decisions/0510): the modal, checkboxes, inputs and the movie schema's rules.
const loadGenreFilter = () => import('../components/genre-filter-modal');
const GenreFilterModal = lazy(() => loadGenreFilter().then((module) => ({ default: module.GenreFilterModal })));
// The More popover's items load when More is first pressed; the popover is presented once they
// are there, so it opens at its full size.
const movieOptions = preloadable(() => import('../components/movie-options-popover').then((module) => module.MovieOptionsPopover));
const loadAddMovie = () => import('../components/add-movie-popover');
const AddMoviePopover = lazy(() => loadAddMovie().then((module) => ({ default: module.AddMoviePopover })));

/** The Demo tab (/app/tabs/home): the movie list with search, genre filter and favourites. */
export default function MovieListPage() {
  const location = useLocation();
  const router = useIonRouter();
  const { user, ready } = useAuth();
  const favorites = useFavorites(ready ? (user?.uid ?? GUEST) : null);
  const moviesState = useMovies();
  const [view, setView] = useState<MovieView>(() =>
    location.pathname === MOVIE_LIST_PATH ? decodeMovieView(location.search) : DEFAULT_VIEW,
  );
  const [filterOpen, setFilterOpen] = useState(false);
  const [filterLoaded, setFilterLoaded] = useState(false);
  const [addForm, setAddForm] = useState<MovieFormValues | null>(null);
  const [addLoaded, setAddLoaded] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [scrollElement, setScrollElement] = useState<HTMLElement | null>(null);
  const contentRef = useRef<HTMLIonContentElement>(null);
  const [presentToast, dismissToast] = useIonToast();
  const [presentActionSheet] = useIonActionSheet();

  useEffect(() => {
    void loadMovies();
  }, []);

  useEffect(() => {
    void contentRef.current?.getScrollElement().then(setScrollElement);
  }, []);

  // A shared link opened while the tab is already alive (the page stays mounted) sets the view.
  const [appliedSearch, setAppliedSearch] = useState(location.search);
  if (location.pathname === MOVIE_LIST_PATH && location.search !== appliedSearch) {
    setAppliedSearch(location.search);
    if (location.search) setView(decodeMovieView(location.search));
  }

  // Typing stays responsive: React may render the filtered list a beat behind the keystroke.
  const search = useDeferredValue(view.search);
  const indexed = useMemo(() => indexMovies(moviesState.movies), [moviesState.movies]);
  const genres = useMemo(() => collectGenres(moviesState.movies), [moviesState.movies]);
  const hiddenGenreKeys = useMemo(() => new Set(view.hiddenGenres.map(genreKey)), [view.hiddenGenres]);
  const visible = useMemo(
    () => filterMovies(indexed, { segment: view.segment, search, hiddenGenreKeys, favorites: favorites.titles }),
    [indexed, view.segment, search, hiddenGenreKeys, favorites.titles],
  );

  // useIonToast presents nothing while its previous toast is still up, so that one goes first.
  const toast = useCallback(
    (message: string, color?: 'danger' | 'success') =>
      void dismissToast().then(() =>
        presentToast({
          message,
          position: 'bottom',
          color,
          swipeGesture: 'vertical',
          // A problem stays until read and dismissed (no time limit on what went wrong); news fades.
          ...(color === 'danger' ? { duration: 0, buttons: [{ text: 'Dismiss', role: 'cancel' }] } : { duration: 2500 }),
        }),
      ),
    [presentToast, dismissToast],
  );

  const loginFirst = useCallback(() => {
    router.push(`/login?next=${encodeURIComponent(`${MOVIE_LIST_PATH}${encodeMovieView(view)}`)}`);
  }, [router, view]);

  const openAddForm = useCallback(
    (initial: MovieFormValues) => {
      if (!user) loginFirst();
      else
        void loadAddMovie().then(() => {
          setAddLoaded(true);
          setAddForm(initial);
        });
    },
    [user, loginFirst],
  );

  const submitMovie = async (movie: NewMovie) => {
    let failure: ApiError | null = null;
    const outcome = await addMovie(movie, (error) => {
      failure = error;
    });
    if (outcome !== 'failed') {
      setAddForm(null);
      setHighlight(movie.title);
      toast(
        outcome === 'added'
          ? `Added “${movie.title}”.`
          : `You are offline: “${movie.title}” is kept on this device and will be sent when you are back online.`,
        'success',
      );
      return { ok: true as const };
    }
    const error = failure!;
    toast(error.message, 'danger');
    if (error.code === 'unauthenticated') {
      setAddForm(null);
      loginFirst();
    }
    return { ok: false as const, error };
  };

  const share = () =>
    void presentActionSheet({
      header: 'Share',
      buttons: [
        { text: 'Copy Link', handler: () => void shareLink('copy', movieViewLink(window.location.origin, view)).then(toastShare) },
        { text: 'Share via ...', handler: () => void shareLink('share', movieViewLink(window.location.origin, view)).then(toastShare) },
        { text: 'Cancel', role: 'cancel' },
      ],
    });
  const toastShare = (outcome: { message: string | null; failed: boolean }) => {
    if (outcome.message) toast(outcome.message, outcome.failed ? 'danger' : undefined);
  };

  const [presentOptions, dismissOptions] = useIonPopover(movieOptions.Component, {
    onSelect: (option: MovieOption) => dismissOptions(option, 'select'),
  });
  const showOptions = (event: MouseEvent<HTMLIonButtonElement>) =>
    void movieOptions.preload().then(() =>
      presentOptions({
        event: event.nativeEvent,
        // Ionic marks the popover aria-modal but gives it no role; a dialog is what it is.
        htmlAttributes: { role: 'dialog', 'aria-label': 'Movie options' },
        onDidDismiss: (dismissed: CustomEvent<{ data?: MovieOption; role?: string }>) => {
          const option = dismissed.detail.data;
          if (option === 'add') openAddForm({ title: DEFAULT_MOVIE.title, genres: formatGenres(DEFAULT_MOVIE.genres) });
          else if (option === 'share') share();
          // The Contact Us page belongs to the site, another face: a full page load.
          else if (option === 'suggest') window.location.assign(suggestEditUrl());
        },
      }),
    );

  const update = (change: Partial<MovieView>) => setView((current) => ({ ...current, ...change }));
  const onOpen = useCallback((title: string) => router.push(moviePageUrl(title)), [router]);
  const onToggleFavorite = useCallback((title: string) => void favorites.toggle(title), [favorites]);

  const loaded = moviesState.status === 'ready';
  const everyGenreHidden = genres.length > 0 && genres.every(({ genre }) => hiddenGenreKeys.has(genreKey(genre)));

  return (
    <IonPage>
      <AppHeader
        title="Demo"
        type="movies"
        // The list is the Demo tab's root: back leads to the hub of all demos, not to itself.
        defaultHref="/home"
        search
        searchTerm={view.search}
        onSearchChange={(term) => update({ search: term })}
        segment={view.segment}
        onSegmentChange={(segment) => update({ segment })}
        onFilter={() =>
          void loadGenreFilter().then(() => {
            setFilterLoaded(true);
            setFilterOpen(true);
          })
        }
        onMore={showOptions}
      />
      <IonContent ref={contentRef} className="movie-list-content">
        {moviesState.status === 'loading' && moviesState.movies.length === 0 && (
          <div className="movie-list-state">
            <IonSpinner aria-label="Loading movies" />
          </div>
        )}
        {moviesState.status === 'failed' && (
          <div className="movie-list-state" role="alert">
            <p>{moviesState.error}</p>
            <IonButton onClick={() => void loadMovies(true)}>Try again</IonButton>
          </div>
        )}
        {loaded && (
          // With nothing to list the message below says it all; screen readers still hear the count.
          <p
            className={visible.length === 0 ? 'movie-list-summary visually-hidden' : 'movie-list-summary'}
            role="status"
            aria-live="polite"
          >
            {summary(visible.length, moviesState.movies.length, view.segment === 'favorites')}
          </p>
        )}
        {moviesState.pending.some((entry) => entry.state === 'refused') && (
          <div className="movie-list-refused" role="alert">
            {moviesState.pending
              .filter((entry) => entry.state === 'refused')
              .map((entry) => (
                <p key={entry.key}>
                  “{entry.movie.title}” was not added: {entry.reason}{' '}
                  <IonButton size="small" fill="clear" onClick={() => void dismissPending(entry.key)}>
                    Dismiss
                  </IonButton>
                </p>
              ))}
          </div>
        )}
        {loaded && visible.length === 0 && (
          <div className="movie-list-state">
            {view.segment === 'favorites' && favorites.ready && favorites.titles.size === 0 ? (
              <>
                <h2>No favorites yet</h2>
                <p>Tap the star next to a movie under All to add it to your favorites.</p>
                <IonButton fill="outline" onClick={() => update({ segment: 'all' })}>
                  Show all movies
                </IonButton>
              </>
            ) : everyGenreHidden ? (
              <>
                <h2>Every genre is filtered out</h2>
                <p>Choose at least one genre in the filter to see movies.</p>
                <IonButton fill="outline" onClick={() => update({ hiddenGenres: [] })}>
                  Show all genres
                </IonButton>
              </>
            ) : (
              <>
                <h2>No movies found</h2>
                <p>Nothing matches your search{view.hiddenGenres.length > 0 ? ' and genre filter' : ''}.</p>
                <IonButton fill="outline" onClick={() => update({ search: '', hiddenGenres: [] })}>
                  Clear search and filter
                </IonButton>
              </>
            )}
          </div>
        )}
        <MovieList
          movies={visible}
          favorites={favorites.titles}
          waiting={moviesState.waiting}
          scrollElement={scrollElement}
          onOpen={onOpen}
          onToggleFavorite={onToggleFavorite}
          highlight={highlight}
        />
      </IonContent>

      <Suspense fallback={null}>
        {filterLoaded && (
          <GenreFilterModal
            isOpen={filterOpen}
            genres={genres}
            hiddenGenreKeys={hiddenGenreKeys}
            onApply={(hiddenGenres) => update({ hiddenGenres })}
            onClose={() => setFilterOpen(false)}
          />
        )}
        {addLoaded && <AddMoviePopover form={addForm} onSubmit={submitMovie} onClose={() => setAddForm(null)} />}
      </Suspense>
    </IonPage>
  );
}

function summary(shown: number, total: number, favoritesOnly: boolean): string {
  const count = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'movie' : 'movies'}`;
  if (favoritesOnly) return `${count(shown)} in your favorites`;
  return shown === total ? count(total) : `${count(shown)} of ${total.toLocaleString('en')}`;
}
