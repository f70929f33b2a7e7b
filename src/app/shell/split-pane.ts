import { useCallback, useSyncExternalStore } from 'react';

/** From this width the split pane shows the menu beside the content. */
export const SPLIT_PANE_WHEN = '(min-width: 1200px)';

const query = (media: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(media) : null;

/** Whether the screen is wide enough for the menu to be shown beside the content. */
export function splitPaneShown(media = SPLIT_PANE_WHEN): boolean {
  return query(media)?.matches === true;
}

/** `splitPaneShown`, kept current as the window is resized or turned (`media`: a split pane's `when`). */
export function useSplitPaneShown(media = SPLIT_PANE_WHEN): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = query(media);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [media],
  );
  return useSyncExternalStore(
    subscribe,
    () => splitPaneShown(media),
    () => false,
  );
}
