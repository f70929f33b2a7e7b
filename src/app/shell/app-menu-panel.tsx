import { IonMenu } from '@ionic/react';
import { lazy, Suspense, useState } from 'react';
import { CONTENT_ID, MENU_ID } from './menu-id';
import { useSplitPaneShown } from './split-pane';

// The menu's links, icons and dark-theme toggle load when the menu is first opened (or shown
// beside the content on a wide screen), not with the menu itself (docs/decisions/0500).
const AppMenuContent = lazy(() => import('./app-menu-content').then((module) => ({ default: module.AppMenuContent })));

/** The side menu's element; `disabled` where `appMenuDisabledAt` says (menu-rules.ts). */
export function AppMenuPanel({ disabled }: { disabled: boolean }) {
  const shownBeside = useSplitPaneShown();
  // Once wanted, the content stays: closing the menu or narrowing the window keeps it.
  const [wanted, setWanted] = useState(shownBeside);
  if (shownBeside && !wanted) setWanted(true);

  return (
    <IonMenu menuId={MENU_ID} contentId={CONTENT_ID} type="overlay" disabled={disabled} onIonWillOpen={() => setWanted(true)}>
      {wanted && (
        <Suspense fallback={null}>
          <AppMenuContent />
        </Suspense>
      )}
    </IonMenu>
  );
}
