import { useCallback, useEffect, useState } from 'react';
import type { ContentKind } from '../../../../common/content-schemas';
import type { ContentItem } from '../api/content/content-item';
import { listContent } from '../api/content/list-content';

export type ContentItemsState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: ContentItem[] };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'The list could not be loaded. Please try again.');

/** The items of one kind as the server has them now; `reload` asks again, `replace` takes an answer. */
export function useContentItems(kind: ContentKind | null) {
  const [state, setState] = useState<ContentItemsState>({ status: 'loading' });

  const reload = useCallback(async () => {
    if (!kind) return;
    try {
      const { items } = await listContent(kind);
      setState({ status: 'ready', items });
    } catch (error) {
      setState({ status: 'error', message: messageOf(error) });
    }
  }, [kind]);

  // One hook per kind: the page is keyed by its kind, so a new kind starts from loading.
  useEffect(() => {
    if (!kind) return;
    let active = true;
    listContent(kind)
      .then(({ items }) => active && setState({ status: 'ready', items }))
      .catch((error: unknown) => active && setState({ status: 'error', message: messageOf(error) }));
    return () => {
      active = false;
    };
  }, [kind]);

  const replace = useCallback((items: ContentItem[]) => setState({ status: 'ready', items }), []);
  return { state, reload, replace };
}
