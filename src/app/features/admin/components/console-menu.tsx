import { IonContent, IonHeader, IonMenu, IonTitle, IonToolbar } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { afterFirstScreen } from '../../../lib/after-first-screen';
import { preloadable } from '../../../lib/preloadable';
import { useSplitPaneShown } from '../../../shell/split-pane';
import { useAdminSession } from '../state/use-admin-session';
import { useInboxSummary } from '../state/use-inbox-summary';

export const CONSOLE_MENU_ID = 'console-menu';
export const CONSOLE_CONTENT_ID = 'console-main';
/** From this width the console's menu stays beside its pages (a laptop); below it, a menu button opens it. */
export const CONSOLE_SPLIT_WHEN = '(min-width: 992px)';

// The links, their icons and the dark-theme switch (the toggle's element and the helpers it shares
// with the form fields) are a file of their own: on a phone the menu is closed on the first screen,
// and they were a fifth of what the console's home loaded before its largest paint.
const loadLinks = () => import('./console-menu-links');
const Links = preloadable(() => loadLinks().then((module) => module.ConsoleMenuLinks));
const Footer = preloadable(() => loadLinks().then((module) => module.DarkThemeFooter));

/**
 * Starts loading the menu's links where the menu will be beside the page (console.tsx), so that
 * on a wide screen they are drawn with it, as before.
 */
export function preloadConsoleMenuLinks(): void {
  if (typeof window === 'undefined' || !window.matchMedia?.(CONSOLE_SPLIT_WHEN).matches) return;
  void Links.preload();
  void Footer.preload();
}

/**
 * The console's own navigation: it replaces the demo's side menu under /admin. A
 * menu of its own (its own id), beside the pages on a wide screen and behind a menu button
 * on a phone. The menu element is the navigation landmark ("Staff console").
 */
export function ConsoleMenu() {
  const { pathname } = useLocation();
  const session = useAdminSession();
  const ready = session.status === 'ready';
  const admin = ready && session.session.roles.includes('admin');
  const summary = useInboxSummary(ready);
  // On a phone the menu is closed at first: its seventeen links (each an element with an icon)
  // are drawn after the page's first screen, or as it opens, whichever comes first, rather than
  // before the page (docs/decisions/0500). Beside the page on a wide screen, they come with it.
  const beside = useSplitPaneShown(CONSOLE_SPLIT_WHEN);
  const [linksWanted, setLinksWanted] = useState(false);
  useEffect(() => {
    afterFirstScreen(() => setLinksWanted(true));
  }, []);
  const linksShown = beside || linksWanted;

  return (
    <IonMenu
      menuId={CONSOLE_MENU_ID}
      contentId={CONSOLE_CONTENT_ID}
      type="overlay"
      aria-label="Staff console"
      className="console-menu"
      onIonWillOpen={() => setLinksWanted(true)}
    >
      <IonHeader>
        <IonToolbar>
          <IonTitle>Staff console</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>{linksShown && <Links.Component pathname={pathname} admin={admin} newCount={summary?.newCount} />}</IonContent>
      {linksShown && <Footer.Component />}
    </IonMenu>
  );
}
