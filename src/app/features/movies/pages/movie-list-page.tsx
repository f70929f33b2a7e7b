import { IonContent, IonPage, useIonRouter } from '@ionic/react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { collectGenres } from '../../../../common/genres';
import { filterMovies, genreKey, indexMovies } from '../../../../common/movie-filter';
import { encodeMovieView, MOVIE_LIST_PATH, moviePageUrl } from '../../../../common/movie-view';
import { useHoldFirstScreen } from '../../../lib/after-first-screen';
import { useAuth } from '../../../lib/session/session-store';
import { ListHeader } from '../../../shell/list-header';
import { MovieList } from '../components/movie-list';
import { EmptyMovieList, MovieListStatus } from '../components/movie-list-notices';
import { GUEST, useFavorites } from '../state/favorites-store';
import { loadMovies, useMovies } from '../state/movie-store';
import { useAddMovie } from '../state/use-add-movie';
import { useListToast } from '../state/use-list-toast';
import { useMovieOptions } from '../state/use-movie-options';
import { useMovieView } from '../state/use-movie-view';
import '../movies.css';

// The genre filter and the Add Movie form load when first opened, not with the list
// (docs/decisions/0500): the modal, checkboxes, inputs and the movie schema's rules.
const loadGenreFilter = () => import('../components/genre-filter-modal');
const GenreFilterModal = lazy(() => loadGenreFilter().then((module) => ({ default: module.GenreFilterModal })));
const loadAddMovie = () => import('../components/add-movie-popover');
const AddMoviePopover = lazy(() => loadAddMovie().then((module) => ({ default: module.AddMoviePopover })));

/** The Demo tab (/app/tabs/home): the movie list with search, genre filter and favourites. */
export default function MovieListPage() {
  const router = useIonRouter();
  const { user, ready } = useAuth();
  const favorites = useFavorites(ready ? (user?.uid ?? GUEST) : null);
  const moviesState = useMovies();
  const { view, update } = useMovieView();
  const [filterOpen, setFilterOpen] = useState(false);
  const [filterLoaded, setFilterLoaded] = useState(false);
  const [scrollElement, setScrollElement] = useState<HTMLElement | null>(null);
  const contentRef = useRef<HTMLIonContentElement>(null);
  const toast = useListToast();

  useEffect(() => {
    void loadMovies();
  }, []);

  useEffect(() => {
    void contentRef.current?.getScrollElement().then(setScrollElement);
  }, []);

  // Typing stays responsive: React may render the filtered list a beat behind the keystroke.
  const search = useDeferredValue(view.search);
  const indexed = useMemo(() => indexMovies(moviesState.movies), [moviesState.movies]);
  const genres = useMemo(() => collectGenres(moviesState.movies), [moviesState.movies]);
  const hiddenGenreKeys = useMemo(() => new Set(view.hiddenGenres.map(genreKey)), [view.hiddenGenres]);
  const visible = useMemo(
    () => filterMovies(indexed, { segment: view.segment, search, hiddenGenreKeys, favorites: favorites.titles }),
    [indexed, view.segment, search, hiddenGenreKeys, favorites.titles],
  );

  const loginFirst = useCallback(() => {
    router.push(`/login?next=${encodeURIComponent(`${MOVIE_LIST_PATH}${encodeMovieView(view)}`)}`);
  }, [router, view]);
  const adding = useAddMovie(Boolean(user), loginFirst, toast, loadAddMovie);
  const showOptions = useMovieOptions(view, toast, adding.openAddForm);

  const onOpen = useCallback((title: string) => router.push(moviePageUrl(title)), [router]);
  const onToggleFavorite = useCallback((title: string) => void favorites.toggle(title), [favorites]);

  const loaded = moviesState.status === 'ready';
  // The first screen is the list: what waits for it (the stream, the service worker) waits for this.
  // The virtualised rows are drawn once the list has its scroll element.
  useHoldFirstScreen(moviesState.status !== 'loading' && scrollElement !== null);
  const everyGenreHidden = genres.length > 0 && genres.every(({ genre }) => hiddenGenreKeys.has(genreKey(genre)));

  return (
    <IonPage>
      <ListHeader
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
        <MovieListStatus moviesState={moviesState} shown={visible.length} favoritesOnly={view.segment === 'favorites'} />
        {loaded && visible.length === 0 && (
          <EmptyMovieList
            view={view}
            favoriteCount={favorites.ready ? favorites.titles.size : null}
            everyGenreHidden={everyGenreHidden}
            update={update}
          />
        )}
        <MovieList
          movies={visible}
          favorites={favorites.titles}
          waiting={moviesState.waiting}
          scrollElement={scrollElement}
          onOpen={onOpen}
          onToggleFavorite={onToggleFavorite}
          highlight={adding.highlight}
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
        {adding.addLoaded && <AddMoviePopover form={adding.addForm} onSubmit={adding.submitMovie} onClose={adding.closeAddForm} />}
      </Suspense>
    </IonPage>
  );
}
