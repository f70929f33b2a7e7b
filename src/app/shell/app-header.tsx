import { IonBackButton, IonButtons, IonHeader, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';
import type { ReactNode } from 'react';
import { ionicMode } from '../lib/platform';
import { useSplitPaneShown } from './split-pane';

export interface AppHeaderProps {
  title: string;
  /** Where the back button goes when there is no history. */
  defaultHref?: string;
  /** Buttons at the end of the title's toolbar (the movie list's More). */
  end?: ReactNode;
  /** Toolbars under the title's (the lists' segments, filters and search: list-header.tsx). */
  children?: ReactNode;
}

/**
 * The app's header in its spec's default type (section 2). The movie list's and the schedule's
 * types add toolbars through `ListHeader` (list-header.tsx), so the segment, search bar and
 * toggle load with those two pages, not with every page's first screen.
 */
export function AppHeader({ title, defaultHref, end, children }: AppHeaderProps) {
  // On a phone the menu's element loads after the first screen (app-menu.tsx): the button stays
  // in place meanwhile instead of appearing under the title's first letters a second later. Beside
  // a split pane the menu is on screen and the button hides, as Ionic's own rule has it.
  const menuBeside = useSplitPaneShown();
  return (
    <IonHeader translucent={ionicMode() === 'ios'}>
      <IonToolbar>
        <IonButtons slot="start">
          <IonBackButton defaultHref={defaultHref ?? '/app/tabs/home'} />
          <IonMenuButton autoHide={menuBeside} />
        </IonButtons>
        <IonTitle>{title}</IonTitle>
        {end}
      </IonToolbar>
      {children}
    </IonHeader>
  );
}
