import { IonButton, IonSpinner } from '@ionic/react';
import type { MovieView } from '../../../../common/movie-filter';
import { emptyReason, listSummary } from '../state/list-summary';
import { dismissPending, loadMovies, type MoviesState } from '../state/movie-store';

/** Above the list: loading, a failed read, how many show, and the adds the server refused. */
export function MovieListStatus({
  moviesState,
  shown,
  favoritesOnly,
}: {
  moviesState: MoviesState;
  shown: number;
  favoritesOnly: boolean;
}) {
  const refused = moviesState.pending.filter((entry) => entry.state === 'refused');
  return (
    <>
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
      {moviesState.status === 'ready' && (
        // With nothing to list the message below says it all; screen readers still hear the count.
        <p className={shown === 0 ? 'movie-list-summary visually-hidden' : 'movie-list-summary'} role="status" aria-live="polite">
          {listSummary(shown, moviesState.movies.length, favoritesOnly)}
        </p>
      )}
      {refused.length > 0 && (
        <div className="movie-list-refused" role="alert">
          {refused.map((entry) => (
            <p key={entry.key}>
              “{entry.movie.title}” was not added: {entry.reason}{' '}
              <IonButton size="small" fill="clear" onClick={() => void dismissPending(entry.key)}>
                Dismiss
              </IonButton>
            </p>
          ))}
        </div>
      )}
    </>
  );
}

interface EmptyMovieListProps {
  view: MovieView;
  /** How many favourites there are, or null while they load. */
  favoriteCount: number | null;
  everyGenreHidden: boolean;
  update: (change: Partial<MovieView>) => void;
}

/** An empty list: why it is empty, and the one button that brings movies back. */
export function EmptyMovieList({ view, favoriteCount, everyGenreHidden, update }: EmptyMovieListProps) {
  const reason = emptyReason({ favoritesOnly: view.segment === 'favorites', favoriteCount, everyGenreHidden });
  return (
    <div className="movie-list-state">
      {reason === 'no-favorites' ? (
        <>
          <h2>No favorites yet</h2>
          <p>Tap the star next to a movie under All to add it to your favorites.</p>
          <IonButton fill="outline" onClick={() => update({ segment: 'all' })}>
            Show all movies
          </IonButton>
        </>
      ) : reason === 'every-genre-hidden' ? (
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
  );
}
