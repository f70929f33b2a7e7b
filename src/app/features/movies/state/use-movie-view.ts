import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { DEFAULT_VIEW, type MovieView } from '../../../../common/movie-filter';
import { decodeMovieView, MOVIE_LIST_PATH } from '../../../../common/movie-view';

/** The list's view (search, segment, hidden genres), first read from the address. */
export function useMovieView() {
  const location = useLocation();
  const [view, setView] = useState<MovieView>(() =>
    location.pathname === MOVIE_LIST_PATH ? decodeMovieView(location.search) : DEFAULT_VIEW,
  );

  // A shared link opened while the tab is already alive (the page stays mounted) sets the view.
  const [appliedSearch, setAppliedSearch] = useState(location.search);
  if (location.pathname === MOVIE_LIST_PATH && location.search !== appliedSearch) {
    setAppliedSearch(location.search);
    if (location.search) setView(decodeMovieView(location.search));
  }

  const update = useCallback((change: Partial<MovieView>) => setView((current) => ({ ...current, ...change })), []);
  return { view, update };
}
