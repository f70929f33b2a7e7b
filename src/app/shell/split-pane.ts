import { useSyncExternalStore } from 'react';

/** From this width the split pane shows the menu beside the content. */
export const SPLIT_PANE_WHEN = '(min-width: 1200px)';

const query = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(SPLIT_PANE_WHEN) : null);

/** Whether the screen is wide enough for the menu to be shown beside the content. */
export function splitPaneShown(): boolean {
  return query()?.matches === true;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** `splitPaneShown`, kept current as the window is resized or turned. */
export function useSplitPaneShown(): boolean {
  return useSyncExternalStore(subscribe, splitPaneShown, () => false);
}
