import { useCallback, useState } from 'react';
import type { ApiError } from '../../../../common/api-error';
import type { MovieFormValues, NewMovie } from '../../../../common/movie-schema';
import { addMovie } from './movie-store';
import type { ListToast } from './use-list-toast';

/**
 * The Add Movie form of the list: opened only for a signed-in user (anyone else logs in first),
 * its code loaded on first use; a saved or queued movie is highlighted and toasted.
 */
export function useAddMovie(signedIn: boolean, loginFirst: () => void, toast: ListToast, loadForm: () => Promise<unknown>) {
  const [addForm, setAddForm] = useState<MovieFormValues | null>(null);
  const [addLoaded, setAddLoaded] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);

  const openAddForm = useCallback(
    (initial: MovieFormValues) => {
      if (!signedIn) loginFirst();
      else
        void loadForm().then(() => {
          setAddLoaded(true);
          setAddForm(initial);
        });
    },
    [signedIn, loginFirst, loadForm],
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

  return { addForm, addLoaded, highlight, openAddForm, submitMovie, closeAddForm: () => setAddForm(null) };
}
