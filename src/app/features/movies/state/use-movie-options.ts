import { useIonActionSheet, useIonPopover } from '@ionic/react';
import type { MouseEvent } from 'react';
import { DEFAULT_MOVIE } from '../../../../common/constants';
import { formatGenres } from '../../../../common/genres';
import type { MovieView } from '../../../../common/movie-filter';
import type { MovieFormValues } from '../../../../common/movie-schema';
import { movieViewLink, suggestEditUrl } from '../../../../common/movie-view';
import { preloadable } from '../../../lib/preloadable';
import { shareLink } from '../components/share-link';
import type { MovieOption } from '../components/movie-options-popover';
import type { ListToast } from './use-list-toast';

// The More popover's items load when More is first pressed; the popover is presented once they
// are there, so it opens at its full size.
const movieOptions = preloadable(() => import('../components/movie-options-popover').then((module) => module.MovieOptionsPopover));

/** The list's More button: add a movie, share this view, or suggest an edit on the site. */
export function useMovieOptions(view: MovieView, toast: ListToast, openAddForm: (initial: MovieFormValues) => void) {
  const [presentActionSheet] = useIonActionSheet();

  const toastShare = (outcome: { message: string | null; failed: boolean }) => {
    if (outcome.message) toast(outcome.message, outcome.failed ? 'danger' : undefined);
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

  const [presentOptions, dismissOptions] = useIonPopover(movieOptions.Component, {
    onSelect: (option: MovieOption) => dismissOptions(option, 'select'),
  });
  return (event: MouseEvent<HTMLIonButtonElement>) =>
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
}
