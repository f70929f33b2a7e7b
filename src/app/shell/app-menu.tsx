import { IonMenu } from '@ionic/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isConsolePath } from '../../common/routes';
import { MENU_ID } from './menu-id';

export const CONTENT_ID = 'main';
/** From this width the split pane shows the menu beside the content. */
export const SPLIT_PANE_WHEN = '(min-width: 1200px)';

// The menu's links, icons and dark-theme toggle load when the menu is first opened (or shown
// beside the content on a wide screen), not with the first screen (docs/decisions/0510).
const AppMenuContent = lazy(() => import('./app-menu-content').then((module) => ({ default: module.AppMenuContent })));

const splitPaneShown = () => typeof window !== 'undefined' && window.matchMedia?.(SPLIT_PANE_WHEN).matches === true;

/** The app's side menu. */
export function AppMenu() {
  const [wanted, setWanted] = useState(splitPaneShown);
  // The staff console has a menu of its own (features/admin/components/console-menu.tsx).
  const inConsole = isConsolePath(useLocation().pathname);

  useEffect(() => {
    if (wanted || typeof window === 'undefined' || !window.matchMedia) return;
    const query = window.matchMedia(SPLIT_PANE_WHEN);
    const show = () => {
      if (query.matches) setWanted(true);
    };
    query.addEventListener('change', show);
    return () => query.removeEventListener('change', show);
  }, [wanted]);

  return (
    <IonMenu menuId={MENU_ID} contentId={CONTENT_ID} type="overlay" disabled={inConsole} onIonWillOpen={() => setWanted(true)}>
      {wanted && (
        <Suspense fallback={null}>
          <AppMenuContent />
        </Suspense>
      )}
    </IonMenu>
  );
}
