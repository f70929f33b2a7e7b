import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { InboxSummary } from '../../../../common/inbox-schemas';
import { inboxSummaryNow } from '../api/console-answers';

/**
 * The inbox's new messages, asked again at each move inside the console (reading a message
 * changes the count). Null until known, and when it cannot be read (no staff role): the
 * menu then shows no count rather than a wrong one.
 */
export function useInboxSummary(enabled: boolean): InboxSummary | null {
  const { pathname } = useLocation();
  const [summary, setSummary] = useState<InboxSummary | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    inboxSummaryNow()
      .then((next) => active && setSummary(next))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [enabled, pathname]);
  return enabled ? summary : null;
}
