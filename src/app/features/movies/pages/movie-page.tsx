import { IonButton, IonContent, IonIcon, IonPage, IonSpinner, useIonRouter } from '@ionic/react';
import { createOutline, star, starOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError } from '../../../../common/api-error';
import type { Movie } from '../../../../common/movie-schema';
import { MOVIE_LIST_PATH, moviePageUrl, suggestEditUrl } from '../../../../common/movie-view';
import { useAuth } from '../../../lib/session/session-store';
import { onLive } from '../../../lib/live/index';
import { AppHeader } from '../../../shell/app-header';
import { getMovie } from '../api/get-movie';
import { GUEST, useFavorites } from '../state/favorites-store';
import { useMovies } from '../state/movie-store';
import '../movies.css';

const PAGE_PATH = '/movie-example';

type Lookup = { status: 'loading' } | { status: 'found'; movie: Movie } | { status: 'missing' } | { status: 'failed'; message: string };

/** One movie's page, /movie-example?title=.... */
export default function MoviePage() {
  const location = useLocation();
  // The page stays mounted under others in Ionic's stack; only its own address sets the title.
  const [ownSearch, setOwnSearch] = useState(location.pathname === PAGE_PATH ? location.search : '');
  if (location.pathname === PAGE_PATH && location.search !== ownSearch) setOwnSearch(location.search);
  const title = titleFrom(ownSearch);

  const movie = useMovie(title);
  useFollowRename(title, location.pathname === PAGE_PATH);

  return (
    <IonPage>
      <AppHeader title={movie.status === 'found' ? movie.movie.title : 'Movie'} defaultHref={MOVIE_LIST_PATH} />
      <IonContent className="ion-padding">
        <div className="movie-page">
          {!title && (
            <>
              <h1>Movie</h1>
              <p>This page shows one movie of the demo list: its title, its genres and whether it is one of your favorites.</p>
              <p>Choose a movie in the list to see it here.</p>
              <IonButton routerLink={MOVIE_LIST_PATH} routerDirection="back">
                Go to the movie list
              </IonButton>
            </>
          )}
          {title && movie.status === 'loading' && <IonSpinner aria-label="Loading the movie" />}
          {title && movie.status === 'missing' && (
            <>
              <h1>Movie not found</h1>
              <p>No movie called “{title}” is in the list.</p>
              <IonButton routerLink={MOVIE_LIST_PATH} routerDirection="back">
                Go to the movie list
              </IonButton>
            </>
          )}
          {title && movie.status === 'failed' && (
            <div role="alert">
              <h1>{title}</h1>
              <p>{movie.message}</p>
            </div>
          )}
          {movie.status === 'found' && <MovieDetails movie={movie.movie} />}
        </div>
      </IonContent>
    </IonPage>
  );
}

function MovieDetails({ movie }: { movie: Movie }) {
  const { user, ready } = useAuth();
  const favorites = useFavorites(ready ? (user?.uid ?? GUEST) : null);
  const favorite = favorites.titles.has(movie.title);
  return (
    <>
      <h1>{movie.title}</h1>
      <h2 className="movie-page__label">Genres</h2>
      <ul className="movie-page__genres" aria-label="Genres">
        {movie.genres.map((genre) => (
          <li key={genre} className="genre-tag genre-tag--large">
            {genre}
          </li>
        ))}
      </ul>
      <div className="movie-page__actions">
        <IonButton fill={favorite ? 'solid' : 'outline'} onClick={() => void favorites.toggle(movie.title)}>
          <IonIcon slot="start" icon={favorite ? star : starOutline} aria-hidden="true" />
          {favorite ? 'In your favorites' : 'Add to favorites'}
        </IonButton>
        {/* Contact Us belongs to the site, another face: a full page load. */}
        <IonButton fill="clear" onClick={() => window.location.assign(suggestEditUrl(movie.title))}>
          <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
          Suggest an edit
        </IonButton>
      </div>
    </>
  );
}

/** A movie renamed elsewhere (the staff console): the open page moves to its new address. */
function useFollowRename(title: string, shown: boolean): void {
  const router = useIonRouter();
  useEffect(() => {
    if (!title || !shown) return;
    return onLive('movies', (event) => {
      if (event.type !== 'change' || event.kind !== 'update' || event.key !== title) return;
      const renamed = (event.data as Partial<Movie> | null)?.title;
      if (typeof renamed === 'string' && renamed !== title) router.push(moviePageUrl(renamed), 'none', 'replace');
    });
  }, [title, shown, router]);
}

function titleFrom(search: string): string {
  return (new URLSearchParams(search).get('title') ?? '').trim();
}

/** The movie from the list already loaded, else from the server. */
function useMovie(title: string): Lookup {
  const { movies } = useMovies();
  const cached = title ? movies.find((candidate) => candidate.title === title) : undefined;
  const [fetched, setFetched] = useState<{ title: string; lookup: Lookup } | null>(null);

  useEffect(() => {
    if (!title || cached) return;
    const controller = new AbortController();
    getMovie(title, controller.signal)
      .then((movie) => setFetched({ title, lookup: { status: 'found', movie } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const lookup: Lookup =
          error instanceof ApiError && error.status === 404
            ? { status: 'missing' }
            : { status: 'failed', message: error instanceof ApiError ? error.message : 'The movie could not be loaded.' };
        setFetched({ title, lookup });
      });
    return () => controller.abort();
  }, [title, cached]);

  if (cached) return { status: 'found', movie: cached };
  return fetched?.title === title ? fetched.lookup : { status: 'loading' };
}
