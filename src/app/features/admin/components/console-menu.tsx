import { IonContent, IonHeader, IonIcon, IonMenu, IonMenuToggle, IonTitle, IonToolbar } from '@ionic/react';
import {
  arrowBackOutline,
  chatbubblesOutline,
  documentTextOutline,
  newspaperOutline,
  filmOutline,
  gridOutline,
  listOutline,
  peopleOutline,
  settingsOutline,
  statsChartOutline,
  textOutline,
} from 'ionicons/icons';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { afterFirstScreen } from '../../../lib/after-first-screen';
import { DarkThemeFooter } from '../../../shell/dark-theme-footer';
import { useSplitPaneShown } from '../../../shell/split-pane';
import { CONTENT_SECTIONS } from '../state/content-sections';
import { useAdminSession } from '../state/use-admin-session';
import { useInboxSummary } from '../state/use-inbox-summary';
import { trimTrailingSlashes } from '../../../../common/routes';

export const CONSOLE_MENU_ID = 'console-menu';
export const CONSOLE_CONTENT_ID = 'console-main';
/** From this width the console's menu stays beside its pages (a laptop); below it, a menu button opens it. */
export const CONSOLE_SPLIT_WHEN = '(min-width: 992px)';

interface ConsoleLink {
  title: string;
  url: string;
  icon: string;
}

const CONTENT: ConsoleLink[] = Object.values(CONTENT_SECTIONS)
  .map((section) => ({
    title: section.many,
    url: section.path,
    icon: documentTextOutline,
  }))
  .concat(
    { title: 'News', url: '/admin/content/news', icon: newspaperOutline },
    { title: 'Site texts', url: '/admin/content/site-texts', icon: textOutline },
  );
const ADMIN: ConsoleLink[] = [
  { title: 'Users', url: '/admin/users', icon: peopleOutline },
  { title: 'Audit log', url: '/admin/audit', icon: listOutline },
  { title: 'Settings', url: '/admin/settings', icon: settingsOutline },
];

/** The page a link stands for is shown (the dashboard only at /admin itself; a section also for its inner pages). */
function isCurrentSection(pathname: string, url: string): 'page' | 'section' | null {
  const path = trimTrailingSlashes(pathname);
  if (path === url) return 'page';
  if (url !== '/admin' && path.startsWith(`${url}/`)) return 'section';
  return null;
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
  // before the page (docs/decisions/0546). Beside the page on a wide screen, they come with it.
  const beside = useSplitPaneShown(CONSOLE_SPLIT_WHEN);
  const [linksWanted, setLinksWanted] = useState(false);
  useEffect(() => {
    afterFirstScreen(() => setLinksWanted(true));
  }, []);
  const linksShown = beside || linksWanted;

  // Plain links (not ion-items): aria-current must sit on the link itself, where ion-item
  // cannot forward it; the menu toggle closes the menu on a phone after a choice.
  const link = (item: ConsoleLink, badge?: number) => {
    const current = isCurrentSection(pathname, item.url);
    return (
      <li key={item.url}>
        <IonMenuToggle autoHide={false}>
          <Link
            to={item.url}
            className={current ? 'console-menu__link console-menu__link--current' : 'console-menu__link'}
            aria-current={current === 'page' ? 'page' : current === 'section' ? 'location' : undefined}
          >
            <IonIcon icon={item.icon} aria-hidden="true" />
            <span className="console-menu__label">{item.title}</span>
            {badge !== undefined && badge > 0 && (
              <span className="console-menu__badge">
                {badge}
                <span className="console-menu__hidden"> new</span>
              </span>
            )}
          </Link>
        </IonMenuToggle>
      </li>
    );
  };
  const group = (id: string, label: string, links: ReactNode) => (
    <div className="console-menu__group">
      <p id={id} className="console-menu__group-label">
        {label}
      </p>
      <ul aria-labelledby={id}>{links}</ul>
    </div>
  );

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
      <IonContent>
        {linksShown && (
          <>
            <ul className="console-menu__top">{link({ title: 'Dashboard', url: '/admin', icon: gridOutline })}</ul>
            {group(
              'console-menu-content',
              'Content',
              CONTENT.map((item) => link(item)),
            )}
            {group(
              'console-menu-work',
              'Work',
              <>
                {link({ title: 'Inbox', url: '/admin/inbox', icon: chatbubblesOutline }, summary?.newCount)}
                {link({ title: 'Movies', url: '/admin/movies', icon: filmOutline })}
                {link({ title: 'Insights', url: '/admin/insights', icon: statsChartOutline })}
              </>,
            )}
            {admin &&
              group(
                'console-menu-admin',
                'Administration',
                ADMIN.map((item) => link(item)),
              )}
            <ul className="console-menu__top">
              <li>
                <a className="console-menu__link" href="/">
                  <IonIcon icon={arrowBackOutline} aria-hidden="true" />
                  <span className="console-menu__label">Back to the site</span>
                </a>
              </li>
            </ul>
          </>
        )}
      </IonContent>
      {linksShown && <DarkThemeFooter />}
    </IonMenu>
  );
}
