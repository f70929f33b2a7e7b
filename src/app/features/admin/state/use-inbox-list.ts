import { useCallback, useEffect, useRef, useState } from 'react';
import type { InboxMessage } from '../../../../common/inbox-schemas';
import { fetchInboxPage } from '../api/inbox/fetch-inbox-page';
import { type InboxFilter, inboxQuery } from '../api/inbox/inbox-query';
import { followInbox } from '../api/inbox/inbox-live';
import { applyInboxChange } from './inbox-list-rules';

export interface InboxListState {
  messages: InboxMessage[];
  next: string | null;
  loading: boolean;
  error: string | null;
  /** How many messages arrived live since the view was loaded (announced to screen readers). */
  arrived: number;
  loadMore(): void;
}

interface ViewState {
  /** The filtered view these rows belong to; another key means the rows are being replaced. */
  key: string;
  messages: InboxMessage[];
  next: string | null;
  error: string | null;
  arrived: number;
  loadingMore: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'The inbox could not be loaded.');

/** The filtered list with keyset paging, kept current by the inbox's live topic. */
export function useInboxList(filter: InboxFilter): InboxListState {
  const key = inboxQuery(filter);
  const [view, setView] = useState<ViewState | null>(null);
  const filterRef = useRef(filter);
  useEffect(() => {
    filterRef.current = filter;
  });

  useEffect(() => {
    let active = true;
    const wanted = filterRef.current;
    fetchInboxPage(wanted, null)
      .then((page) => active && setView({ key, messages: page.messages, next: page.next, error: null, arrived: 0, loadingMore: false }))
      .catch(
        (failure: unknown) =>
          active && setView({ key, messages: [], next: null, error: messageOf(failure), arrived: 0, loadingMore: false }),
      );
    return () => {
      active = false;
    };
  }, [key]);

  useEffect(
    () =>
      followInbox((event) => {
        if (event.kind === 'reset') return;
        setView((current) => {
          if (!current) return current;
          const messages = applyInboxChange(current.messages, event.kind, event.message, filterRef.current);
          const added = event.kind === 'add' && messages.length > current.messages.length ? 1 : 0;
          return { ...current, messages, arrived: current.arrived + added };
        });
      }),
    [],
  );

  const current = view?.key === key ? view : null;
  const loadMore = useCallback(() => {
    if (!current?.next) return;
    const cursor = current.next;
    setView({ ...current, loadingMore: true });
    fetchInboxPage(filterRef.current, cursor)
      .then((page) =>
        setView((latest) =>
          latest && latest.key === key
            ? {
                ...latest,
                messages: [...latest.messages, ...page.messages.filter((m) => !latest.messages.some((item) => item.id === m.id))],
                next: page.next,
                loadingMore: false,
              }
            : latest,
        ),
      )
      .catch((failure: unknown) => setView((latest) => (latest ? { ...latest, error: messageOf(failure), loadingMore: false } : latest)));
  }, [current, key]);

  return {
    messages: current?.messages ?? [],
    next: current?.next ?? null,
    loading: !current || current.loadingMore,
    error: current?.error ?? null,
    arrived: current?.arrived ?? 0,
    loadMore,
  };
}
