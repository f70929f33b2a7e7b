import { useIonRouter } from '@ionic/react';
import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { isAppPath } from '../../../../common/routes';
import { safeNextPath } from '../next-path';

/** The sanitised `?next=` of this page, and a way to go there when the user is signed in. */
export function useAuthNavigation() {
  const location = useLocation();
  const router = useIonRouter();
  const next = safeNextPath(new URLSearchParams(location.search).get('next'));
  const goNext = useCallback(() => {
    // The site's pages are served by the server, not the app's router.
    if (isAppPath(next.split(/[?#]/)[0]!)) router.push(next, 'root', 'replace');
    else window.location.assign(next);
  }, [next, router]);
  return { next, goNext, search: location.search };
}
