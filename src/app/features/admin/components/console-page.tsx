import {
  IonBackButton,
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonMenuButton,
  IonPage,
  IonSpinner,
  IonTitle,
  IonToolbar,
  useIonRouter,
} from '@ionic/react';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { AdminSession } from '../../../../common/admin-schemas';
import { useHoldFirstScreen } from '../../../lib/after-first-screen';
import { useAdminSession } from '../state/use-admin-session';
import { useSplitPaneShown } from '../../../shell/split-pane';
import { CONSOLE_MENU_ID, CONSOLE_SPLIT_WHEN } from './console-menu';
import '../admin.css';

export interface ConsolePageProps {
  title: string;
  /** Pages only admins may use (users, audit log, settings); the rest are for staff too. */
  requires?: 'staff' | 'admin';
  /** Where back goes without history; the console's home by default. */
  defaultHref?: string;
  children: (session: AdminSession) => ReactNode;
}

/**
 * The frame of every console page: the header, and the gate. Anonymous visitors are sent to
 * log in and back; a signed-in user without the role is told so. The server checks again on
 * every request: this only spares people a page of errors.
 */
export function ConsolePage({ title, requires = 'staff', defaultHref = '/admin', children }: ConsolePageProps) {
  const state = useAdminSession();
  const router = useIonRouter();
  const location = useLocation();

  useEffect(() => {
    if (state.status === 'anonymous')
      router.push(`/login?next=${encodeURIComponent(location.pathname + location.search)}`, 'root', 'replace');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of state sends the visitor away
  }, [state.status]);

  // The console's first screen is the page behind its gate: what waits for the first screen (the
  // closed menu's links on a phone, the live stream, the service worker) waits for the gate.
  useHoldFirstScreen(state.status !== 'loading');

  // Ionic's menu button hides while its menu is not yet registered and appears when it is, pushing
  // the title aside on a phone's first screen; it hides only where the menu is beside the page.
  const menuBeside = useSplitPaneShown(CONSOLE_SPLIT_WHEN);

  const allowed = state.status === 'ready' && (requires === 'staff' || state.session.roles.includes('admin'));
  return (
    <IonPage>
      {/* The console's header: its menu button opens the console's menu, not the demo's. */}
      <IonHeader>
        <IonToolbar>
          <IonButtons slot="start">
            <IonBackButton defaultHref={defaultHref} />
            <IonMenuButton menu={CONSOLE_MENU_ID} autoHide={menuBeside} aria-label="Open the console menu" />
          </IonButtons>
          <IonTitle>{title}</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding admin-page">
        <div className="admin-page__body">
          {state.status === 'loading' || state.status === 'anonymous' ? (
            <div className="admin-page__status" role="status">
              <IonSpinner aria-label="Loading the console" />
            </div>
          ) : state.status === 'error' ? (
            <p role="alert">{state.message}</p>
          ) : state.status === 'two-step' ? (
            <div role="alert">
              <h1>{title}</h1>
              <p>{state.message}</p>
              <IonButton routerLink="/account">Open my account</IonButton>
            </div>
          ) : !allowed ? (
            <div role="alert">
              <h1>{title}</h1>
              <p>
                {state.status === 'ready'
                  ? 'This part of the console is for administrators. Ask an administrator if you need it.'
                  : 'The staff console is for the company’s staff. Your account has no staff role: ask an administrator if you need one.'}
              </p>
            </div>
          ) : (
            children(state.session)
          )}
        </div>
      </IonContent>
    </IonPage>
  );
}
