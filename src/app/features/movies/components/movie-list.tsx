import { memo, type MouseEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Movie } from '../../../../common/movie-schema';
import { moviePageUrl } from '../../../../common/movie-view';
import { centredScrollTop, rowWindow, sameWindow } from '../state/row-window';

/** Every row is this tall, so which rows are in view is arithmetic: nothing is ever measured. */
export const ROW_HEIGHT = 68;
/** Rows drawn beyond each edge of the view. */
const OVERSCAN = 6;

interface MovieListProps {
  movies: readonly Movie[];
  favorites: ReadonlySet<string>;
  /** Titles added on this device and not yet stored by the server. */
  waiting?: ReadonlySet<string>;
  /** The element that scrolls (IonContent's inner scroll element). */
  scrollElement: HTMLElement | null;
  onOpen: (title: string) => void;
  onToggleFavorite: (title: string) => void;
  /** Scrolls to this movie and marks it, e.g. right after it was added. */
  highlight?: string | null;
}

/**
 * The movie list, virtualised: only the rows on screen (plus a few) are in the DOM, so ten
 * thousand movies scroll as smoothly as ten (docs/decisions/0300). Screen readers still hear the full size through
 * aria-setsize and aria-posinset.
 */
const NONE: ReadonlySet<string> = new Set();

export function MovieList({ movies, favorites, waiting = NONE, scrollElement, onOpen, onToggleFavorite, highlight }: MovieListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Where the list starts inside the scrolling element; content above it (the summary) moves it.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !scrollElement) return;
    const measure = () =>
      setScrollMargin(list.getBoundingClientRect().top - scrollElement.getBoundingClientRect().top + scrollElement.scrollTop);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scrollElement);
    if (list.parentElement) observer.observe(list.parentElement);
    return () => observer.disconnect();
  }, [scrollElement]);

  const shown = useRowWindow(scrollElement, movies.length, scrollMargin);

  // A movie added or removed above the rows in view (a live change) must not move what is read:
  // the first row in view keeps its place on screen.
  const anchor = useRef<{ movies: readonly Movie[]; title: string | null }>({ movies, title: null });
  useLayoutEffect(() => {
    const previous = anchor.current;
    if (scrollElement && previous.movies !== movies && previous.title) {
      const before = previous.movies.findIndex((movie) => movie.title === previous.title);
      const after = movies.findIndex((movie) => movie.title === previous.title);
      if (before >= 0 && after >= 0 && after !== before) scrollTo(scrollElement, scrollElement.scrollTop + (after - before) * ROW_HEIGHT);
    }
    const first = scrollElement ? Math.max(0, Math.floor((scrollElement.scrollTop - scrollMargin) / ROW_HEIGHT)) : 0;
    anchor.current = { movies, title: scrollElement && scrollElement.scrollTop > scrollMargin ? (movies[first]?.title ?? null) : null };
  });

  useEffect(() => {
    if (!highlight) return;
    const index = movies.findIndex((movie) => movie.title === highlight);
    if (index >= 0 && scrollElement) scrollTo(scrollElement, centredScrollTop(index, scrollElement.clientHeight, scrollMargin, ROW_HEIGHT));
  }, [highlight, movies, scrollElement, scrollMargin]);

  const rows: Movie[] = movies.slice(shown.first, Math.min(shown.end, movies.length));

  return (
    <div ref={listRef} className="movie-list" role="list" aria-label="Movies" style={{ height: movies.length * ROW_HEIGHT }}>
      {rows.map((movie, offset) => {
        const index = shown.first + offset;
        return (
          <MovieRow
            key={movie.title}
            movie={movie}
            position={index + 1}
            total={movies.length}
            top={index * ROW_HEIGHT}
            favorite={favorites.has(movie.title)}
            waiting={waiting.has(movie.title)}
            highlighted={movie.title === highlight}
            onOpen={onOpen}
            onToggleFavorite={onToggleFavorite}
          />
        );
      })}
    </div>
  );
}

/** Moves the list at once (never animated, whatever the page's scroll-behavior). */
function scrollTo(element: HTMLElement, top: number) {
  element.scrollTop = top;
}

/**
 * The rows in view of `count` rows in `scrollElement`, starting `listTop` pixels down it. Until
 * Ionic hands over its scroll element (a few frames after mounting), the window's height decides
 * how many rows the first paint holds: the rows are drawn with the page, not after it (the Demo
 * list's largest paint, docs/decisions/0500).
 */
function useRowWindow(scrollElement: HTMLElement | null, count: number, listTop: number) {
  const read = useCallback(
    () =>
      rowWindow({
        scrollTop: scrollElement?.scrollTop ?? 0,
        viewportHeight: scrollElement?.clientHeight || (typeof window === 'undefined' ? 0 : window.innerHeight),
        listTop,
        rowHeight: ROW_HEIGHT,
        count,
        overscan: OVERSCAN,
      }),
    [scrollElement, count, listTop],
  );
  const [shown, setShown] = useState(read);
  useLayoutEffect(() => {
    // A scroll within the same rows renders nothing.
    const update = () =>
      setShown((previous) => {
        const next = read();
        return sameWindow(previous, next) ? previous : next;
      });
    update();
    if (!scrollElement) return;
    scrollElement.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(scrollElement);
    return () => {
      scrollElement.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [scrollElement, read]);
  return shown;
}

interface MovieRowProps {
  movie: Movie;
  position: number;
  total: number;
  top: number;
  favorite: boolean;
  waiting: boolean;
  highlighted: boolean;
  onOpen: (title: string) => void;
  onToggleFavorite: (title: string) => void;
}

const MovieRow = memo(function MovieRow({
  movie,
  position,
  total,
  top,
  favorite,
  waiting,
  highlighted,
  onOpen,
  onToggleFavorite,
}: MovieRowProps) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click stays in the app; ctrl/cmd/middle click opens a new tab as links do.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(movie.title);
  };
  return (
    <div
      className={highlighted ? 'movie-row movie-row--highlighted' : 'movie-row'}
      role="listitem"
      aria-setsize={total}
      aria-posinset={position}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
      data-testid="movie-row"
    >
      <a className="movie-row__link" href={moviePageUrl(movie.title)} onClick={open}>
        <span className="movie-row__title">
          {movie.title}
          {waiting && <span className="movie-row__waiting"> (waiting to be sent)</span>}
        </span>
        <span className="movie-row__genres">
          {movie.genres.map((genre) => (
            <span key={genre} className="genre-tag">
              {genre}
            </span>
          ))}
        </span>
      </a>
      <button
        type="button"
        className={favorite ? 'movie-row__star movie-row__star--on' : 'movie-row__star'}
        aria-pressed={favorite}
        aria-label={`Favorite ${movie.title}`}
        title={favorite ? 'Remove from favorites' : 'Add to favorites'}
        onClick={() => onToggleFavorite(movie.title)}
      >
        <StarIcon filled={favorite} />
      </button>
    </div>
  );
});

/**
 * Ionicons' star and star-outline, inline: rows come and go all the time while scrolling, and a
 * plain SVG costs far less to create than an <ion-icon> element.
 */
function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 512 512" width="22" height="22" aria-hidden="true" focusable="false">
      {filled ? (
        <path
          fill="currentColor"
          d="M394 480a16 16 0 0 1-9.39-3L256 383.76 127.39 477a16 16 0 0 1-24.55-18.08L153 310.35 23 221.2a16 16 0 0 1 9-29.2h160.38l48.4-148.95a16 16 0 0 1 30.44 0l48.4 149H480a16 16 0 0 1 9.05 29.2L359 310.35l50.13 148.53A16 16 0 0 1 394 480"
        />
      ) : (
        <path
          fill="none"
          stroke="currentColor"
          strokeWidth="32"
          strokeLinejoin="round"
          d="M480 208H308L256 48l-52 160H32l140 96-54 160 138-100 138 100-54-160Z"
        />
      )}
    </svg>
  );
}
