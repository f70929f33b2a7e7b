import { DEFAULT_VIEW, type MovieSegment, type MovieView } from './movie-filter';
import { MOVIE_LIST_PATH } from './routes';

export { MOVIE_LIST_PATH };

/**
 * The movie list's view as query parameters of /app/tabs/home, so Share List > Copy Link gives
 * a link that opens the same view: `?segment=favorites&search=dark&hide=Drama,Horror`.
 * Genres never contain commas (the schema forbids it), so a comma-joined list is unambiguous.
 */
export function encodeMovieView(view: MovieView): string {
  const params = new URLSearchParams();
  if (view.segment !== 'all') params.set('segment', view.segment);
  if (view.search.trim() !== '') params.set('search', view.search.trim());
  if (view.hiddenGenres.length > 0) params.set('hide', [...view.hiddenGenres].sort().join(','));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Reads a view from a query string; anything unknown or malformed falls back to the default. */
export function decodeMovieView(search: string): MovieView {
  const params = new URLSearchParams(search);
  const segment: MovieSegment = params.get('segment') === 'favorites' ? 'favorites' : DEFAULT_VIEW.segment;
  const hide = params.get('hide') ?? '';
  const hiddenGenres = [
    ...new Set(
      hide
        .split(',')
        .map((genre) => genre.trim())
        .filter(Boolean),
    ),
  ];
  return { segment, search: (params.get('search') ?? '').slice(0, 200), hiddenGenres };
}

/** The absolute link that reopens a view. */
export function movieViewLink(origin: string, view: MovieView): string {
  return `${origin}${MOVIE_LIST_PATH}${encodeMovieView(view)}`;
}

/** Contact Us keeps subjects to 150 characters. */
const SUBJECT_MAX = 150;

/** Subject of a "Suggest Movie Edit" message: about the list, or about one movie. */
export function suggestEditSubject(title?: string): string {
  const subject = title ? `Movie edit suggestion: ${title}` : 'Movie edit suggestion';
  return subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1)}…` : subject;
}

export function suggestEditUrl(title?: string): string {
  return `/support?subject=${encodeURIComponent(suggestEditSubject(title))}`;
}

/** The address of one movie's page (/movie-example?title=...). */
export function moviePageUrl(title: string): string {
  return `/movie-example?title=${encodeURIComponent(title)}`;
}
