import { IonBackButton, IonButtons, IonHeader, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';
import type { ReactNode } from 'react';
import { ionicMode } from '../lib/platform';

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
  return (
    <IonHeader translucent={ionicMode() === 'ios'}>
      <IonToolbar>
        <IonButtons slot="start">
          <IonBackButton defaultHref={defaultHref ?? '/app/tabs/home'} />
          <IonMenuButton />
        </IonButtons>
        <IonTitle>{title}</IonTitle>
        {end}
      </IonToolbar>
      {children}
    </IonHeader>
  );
}
