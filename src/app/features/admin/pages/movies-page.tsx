import { IonButton, IonItem, IonLabel, IonList, IonSearchbar, IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';
import type { AdminMovie } from '../../../../common/admin-movie-schemas';
import { ApiError } from '../../../../common/api-error';
import type { NewMovie } from '../../../../common/movie-schema';
import { deleteMovie } from '../api/movies/delete-movie';
import { recordMoviesVisit } from '../api/movies/record-movies-visit';
import { saveMovie } from '../api/movies/save-movie';
import { type MovieSort, searchMovies } from '../api/movies/search-movies';
import { ActionStatus } from '../components/action-status';
import { ConsolePage } from '../components/console-page';
import { MovieEditForm } from '../components/movie-edit-form';
import { Pager } from '../components/pager';
import { showTime } from '../state/audit-format';
import { useGuardedAction } from '../state/use-guarded-action';
import { useKeysetPages } from '../state/use-keyset-pages';
import '../manage.css';

/** Staff: the demo's movie list, searchable, each movie edited or deleted in place. */
export default function MoviesPage() {
  return (
    <ConsolePage title="Movie list" requires="staff">
      {() => <MovieModeration />}
    </ConsolePage>
  );
}

function MovieModeration() {
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const action = useGuardedAction();
  const [sort, setSort] = useState<MovieSort>('newest');
  // The previous visit, remembered on the server per staff member: movies added since are "New".
  const [lastVisit, setLastVisit] = useState<string | null>(null);
  useEffect(() => {
    recordMoviesVisit().then(
      (answer) => setLastVisit(answer.lastVisitAt),
      () => undefined,
    );
  }, []);
  const pages = useKeysetPages(`${sort}\n${text}`, async (cursor) => {
    const answer = await searchMovies(text, cursor, sort);
    return { items: answer.movies, next: answer.next };
  });

  const save = async (movie: AdminMovie, edited: NewMovie) => {
    let refused: unknown = null;
    const saved = await action.run(
      () =>
        saveMovie(movie.id, edited).catch((error: unknown) => {
          refused = error;
          throw error;
        }),
      `Saved “${edited.title}”.`,
    );
    if (saved) {
      setEditing(null);
      pages.reload();
    }
    return refused instanceof ApiError ? refused : null;
  };
  const remove = async (movie: AdminMovie) => {
    if (!(await action.confirm('Delete this movie?', `“${movie.title}” leaves the list for everyone.`, 'Delete'))) return;
    const done = await action.run(async () => (await deleteMovie(movie.id), true), `Deleted “${movie.title}”.`);
    if (done) pages.reload();
  };

  return (
    <>
      <h1 className="manage-title">Movie list</h1>
      <IonSearchbar
        value={text}
        debounce={300}
        onIonInput={(event) => setText((event.detail.value ?? '').trim().slice(0, 200))}
        placeholder="Title contains…"
        aria-label="Search movies by title"
        maxlength={200}
      />
      <IonSelect
        className="movies-sort"
        label="Order"
        labelPlacement="stacked"
        fill="outline"
        interface="popover"
        value={sort}
        onIonChange={(event) => setSort(event.detail.value === 'title' ? 'title' : 'newest')}
      >
        <IonSelectOption value="newest">Newest first</IonSelectOption>
        <IonSelectOption value="title">Title, A to Z</IonSelectOption>
      </IonSelect>
      <div role="status" className="manage-count">
        {pages.loading ? <IonSpinner aria-label="Loading movies" /> : pages.error ? null : `${pages.items.length} shown`}
      </div>
      {pages.error && (
        <p role="alert" className="manage-error">
          {pages.error}
        </p>
      )}
      <ActionStatus error={action.error} notice={action.notice} />
      <IonList inset className="manage-list" aria-label="Movies">
        {pages.items.map((movie) => (
          <IonItem key={movie.id}>
            {editing === movie.id ? (
              <MovieEditForm movie={movie} busy={action.busy} onSave={(edited) => save(movie, edited)} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <IonLabel className="ion-text-wrap">
                  <h2>
                    {movie.title}
                    {lastVisit !== null && movie.createdAt > lastVisit && <span className="manage-badge manage-badge--new"> New</span>}
                  </h2>
                  <p>{movie.genres.join(', ')}</p>
                  <p>
                    Added {showTime(movie.createdAt)}
                    {movie.addedBy ? ` by ${movie.addedBy}` : ''}
                  </p>
                </IonLabel>
                <div className="manage-row-actions" slot="end">
                  <IonButton fill="outline" size="small" aria-label={`Edit ${movie.title}`} onClick={() => setEditing(movie.id)}>
                    Edit
                  </IonButton>
                  <IonButton
                    fill="outline"
                    size="small"
                    color="danger"
                    disabled={action.busy}
                    aria-label={`Delete ${movie.title}`}
                    onClick={() => void remove(movie)}
                  >
                    Delete
                  </IonButton>
                </div>
              </>
            )}
          </IonItem>
        ))}
        {!pages.loading && !pages.error && pages.items.length === 0 && (
          <IonItem>
            <IonLabel>No movie title contains that.</IonLabel>
          </IonItem>
        )}
      </IonList>
      <Pager label="Pages of movies" {...pages} busy={pages.loading} onNext={pages.next} onPrevious={pages.previous} />
    </>
  );
}
