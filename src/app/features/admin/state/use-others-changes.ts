import { useEffect, useRef, useState } from 'react';
import { getDraft } from '../api/content/get-draft';
import { followPublishing, type PublishingChange } from '../api/content/publishing-live';
import type { PublishingKind, PublishingState } from '../api/content/publishing-types';

/** How long after a change of this item the page looks: its own save's answer is in by then. */
const SETTLE_MS = 1500;

/** Pure: what the page says when the server's state of the item is not the one it holds. */
export function othersChangeMessage(
  change: PublishingChange['kind'],
  server: PublishingState,
  local: PublishingState | null,
): string | null {
  const shape = (state: PublishingState | null) =>
    JSON.stringify([
      state?.draft?.version ?? null,
      state?.published ?? null,
      state?.schedule?.dueAt ?? null,
      state?.schedule?.failure ?? null,
    ]);
  if (shape(server) === shape(local)) return null;
  switch (change) {
    case 'published':
      return 'Someone else just published this item. Go back to the list and open it again to see the site’s version; your draft is kept.';
    case 'draft':
      return 'Someone else just saved a draft of this item. Your next save will show both versions, to choose from.';
    case 'discarded':
      return 'Someone else just discarded this item’s draft.';
    case 'schedule_failed':
      return 'This item’s draft could not be published at its scheduled time. Go back to the list and open it again to see why.';
    default:
      return 'Someone else just changed when this item is published.';
  }
}

/**
 * Follows the live stream's publishing topic for one item: when someone else saves a draft of
 * it, publishes, discards or schedules it, the edit page says so (the live stream tells open
 * consoles, docs/publishing.md). `local` is what the page holds now.
 */
export function useOthersChanges(kind: PublishingKind, id: string, enabled: boolean, local: PublishingState | null): string | null {
  const [message, setMessage] = useState<string | null>(null);
  const localRef = useRef(local);
  useEffect(() => {
    localRef.current = local;
  }, [local]);
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = followPublishing((change) => {
      if (change.kind === 'reset' || change.collection !== kind || change.id !== id) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        // The page's own save, come back on the stream: nothing to look at.
        if (change.kind === 'draft' && change.draftVersion === (localRef.current?.draft?.version ?? null)) return;
        getDraft(kind, id).then(
          (server) => {
            const said = othersChangeMessage(change.kind, server, localRef.current);
            if (said) setMessage(said);
          },
          () => undefined,
        );
      }, SETTLE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [kind, id, enabled]);
  return message;
}
