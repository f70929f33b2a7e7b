import {
  IonContent,
  IonHeader,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonListHeader,
  IonMenuToggle,
  IonTitle,
  IonToolbar,
  useIonRouter,
} from '@ionic/react';
import {
  apps,
  calendarOutline,
  gridOutline,
  helpCircleOutline,
  homeOutline,
  logInOutline,
  logOutOutline,
  personAddOutline,
  personCircleOutline,
  shieldCheckmarkOutline,
} from 'ionicons/icons';
import { useLocation } from 'react-router-dom';
import { STORAGE_KEYS } from '../../common/constants';
import { DarkThemeFooter } from './dark-theme-footer';
import { currentIdToken, logout, useAuth } from '../lib/session/session-store';
import { useLoginState } from '../lib/session/login-state';
import { setItem } from '../lib/storage';
import { hasStaffClaim } from '../../common/token-claims';

import { MENU_ID } from './menu-id';

interface MenuLink {
  title: string;
  url: string;
  icon: string;
  /** Full page load: the address belongs to the site, not the app. */
  external?: boolean;
}

const MAIN: MenuLink[] = [
  { title: 'Landing', url: '/', icon: homeOutline, external: true },
  { title: 'Home', url: '/home', icon: apps },
];
const LIVE: MenuLink[] = [{ title: 'Minesweeper', url: '/app/tabs/minesweeper', icon: gridOutline }];
const SHOWCASE: MenuLink[] = [{ title: 'Schedule', url: '/app/tabs/schedule', icon: calendarOutline }];
const LOGGED_IN: MenuLink[] = [{ title: 'Account', url: '/account', icon: personCircleOutline }];
// Shown to accounts whose ID token says staff or admin; the console asks the server again.
const STAFF: MenuLink[] = [{ title: 'Staff console', url: '/admin', icon: shieldCheckmarkOutline }];
const LOGGED_OUT: MenuLink[] = [
  { title: 'Login', url: '/login', icon: logInOutline },
  { title: 'Signup', url: '/signup', icon: personAddOutline },
];

/** The inside of the side menu (its own chunk: see app-menu.tsx). */
export function AppMenuContent() {
  const location = useLocation();
  const router = useIonRouter();
  const loggedIn = useLoginState();
  // Re-read on every change of account; the token of the account shown is read as it is now.
  const { user } = useAuth();
  const staff = user !== null && hasStaffClaim(currentIdToken());

  const renderLinks = (links: MenuLink[]) =>
    links.map((link) => (
      <IonMenuToggle key={link.title} autoHide={false}>
        <IonItem
          detail={false}
          {...(link.external ? { href: link.url } : { routerLink: link.url, routerDirection: 'root' as const })}
          className={location.pathname.startsWith(link.url) && link.url !== '/' ? 'selected' : undefined}
          aria-current={location.pathname === link.url ? 'page' : undefined}
        >
          <IonIcon slot="start" icon={link.icon} aria-hidden="true" />
          <IonLabel>{link.title}</IonLabel>
        </IonItem>
      </IonMenuToggle>
    ));

  const showTutorial = async () => {
    // Close the menu, mark the tutorial as not done, go to /tutorial (where the menu is off).
    const menu = document.querySelector<HTMLIonMenuElement>(`ion-menu[menu-id="${MENU_ID}"]`);
    await menu?.close();
    await menu?.setOpen(false);
    await setItem(STORAGE_KEYS.didTutorial, false);
    router.push('/tutorial', 'forward');
  };

  const onLogout = async () => {
    await logout();
    router.push('/app/tabs/home', 'root', 'replace');
  };

  return (
    <>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Menu</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <IonList lines="none">{renderLinks(MAIN)}</IonList>
        <IonList lines="none">
          <IonListHeader>Live</IonListHeader>
          {renderLinks(LIVE)}
        </IonList>
        <IonList lines="none">
          <IonListHeader>Showcase</IonListHeader>
          {renderLinks(SHOWCASE)}
        </IonList>
        <IonList lines="none">
          <IonListHeader>Account</IonListHeader>
          {loggedIn ? (
            <>
              {renderLinks(LOGGED_IN)}
              {staff && renderLinks(STAFF)}
              <IonMenuToggle autoHide={false}>
                <IonItem button detail={false} onClick={() => void onLogout()}>
                  <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
                  <IonLabel>Logout</IonLabel>
                </IonItem>
              </IonMenuToggle>
            </>
          ) : (
            renderLinks(LOGGED_OUT)
          )}
        </IonList>
        <IonList lines="none">
          <IonListHeader>Tutorial</IonListHeader>
          <IonItem button detail={false} onClick={() => void showTutorial()}>
            <IonIcon slot="start" icon={helpCircleOutline} aria-hidden="true" />
            <IonLabel>Show Tutorial</IonLabel>
          </IonItem>
        </IonList>
      </IonContent>
      <DarkThemeFooter />
    </>
  );
}
