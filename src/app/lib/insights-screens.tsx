import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { sendPageview, watchVitals } from '../../common/insights-beacon';
import { isConsolePath } from '../../common/routes';
import { afterFirstScreen } from './after-first-screen';
import { currentIdToken } from './session/session-store';

/**
 * Counts each screen of the app (client-side navigations included) for Insights, and the first
 * screen's speed. The console is not counted; a signed-in caller's beacon carries the ID token,
 * so the server leaves staff out.
 */
export function InsightsScreens() {
  const location = useLocation();
  const path = location.pathname + location.search;
  const first = useRef(true);
  useEffect(() => {
    if (isConsolePath(location.pathname)) return;
    sendPageview(path, currentIdToken, first.current ? document.referrer : '');
    if (first.current) watchVitals(() => location.pathname, currentIdToken, afterFirstScreen);
    first.current = false;
    // Counted per path: a re-render of the same screen is no new view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return null;
}
