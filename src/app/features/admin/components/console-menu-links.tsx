import { IonIcon, IonMenuToggle } from '@ionic/react';
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
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { trimTrailingSlashes } from '../../../../common/routes';
import { CONTENT_SECTIONS } from '../state/content-sections';

// The menu's switch for the dark theme comes with its links, in this file loaded on its own
// (console-menu.tsx): on a phone neither is drawn on the first screen.
export { DarkThemeFooter } from '../../../shell/dark-theme-footer';

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

export interface ConsoleMenuLinksProps {
  pathname: string;
  /** The Administration group is for administrators only. */
  admin: boolean;
  /** New conversations in the inbox, shown beside its link. */
  newCount: number | undefined;
}

/** The console menu's links, grouped as the console is (Content, Work, Administration). */
export function ConsoleMenuLinks({ pathname, admin, newCount }: ConsoleMenuLinksProps) {
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
          {link({ title: 'Inbox', url: '/admin/inbox', icon: chatbubblesOutline }, newCount)}
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
  );
}
