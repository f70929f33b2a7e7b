import { useCallback, useEffect, useState } from 'react';
import { sentenceFor } from './action-errors';

export interface KeysetPages<T> {
  items: T[];
  page: number;
  hasNext: boolean;
  loading: boolean;
  error: string | null;
  next(): void;
  previous(): void;
  reload(): void;
}

interface Answer<T> {
  /** What was asked: the query, the cursor and the reload round. */
  key: string;
  items: T[];
  next: string | null;
  error: string | null;
}

/**
 * A keyset-paged list: `load(cursor)` gives one page and the cursor of the next. The cursors of
 * the pages seen are kept so "previous" goes back exactly; a new `query` starts from page one.
 */
export function useKeysetPages<T>(
  query: string,
  load: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>,
): KeysetPages<T> {
  // The cursors belong to the query they were collected for: another query starts afresh.
  const [trail, setTrail] = useState<{ query: string; cursors: (string | null)[] }>({ query, cursors: [null] });
  const cursors = trail.query === query ? trail.cursors : [null];
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const page = cursors.length - 1;
  const cursor = cursors[page] ?? null;
  const key = JSON.stringify([query, cursor, round]);

  useEffect(() => {
    let active = true;
    load(cursor)
      .then((found) => active && setAnswer({ key, items: found.items, next: found.next, error: null }))
      .catch(
        (failure: unknown) => active && setAnswer((last) => ({ key, items: last?.items ?? [], next: null, error: sentenceFor(failure) })),
      );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is rebuilt each render; the key says what to load
  }, [key]);

  const nextCursor = answer?.next ?? null;
  const push = useCallback((list: (string | null)[]) => setTrail({ query, cursors: list }), [query]);
  return {
    items: answer?.items ?? [],
    page,
    hasNext: nextCursor !== null,
    loading: answer?.key !== key,
    error: answer?.error ?? null,
    next: () => nextCursor !== null && push([...cursors, nextCursor]),
    previous: () => cursors.length > 1 && push(cursors.slice(0, -1)),
    reload: () => setRound((n) => n + 1),
  };
}
