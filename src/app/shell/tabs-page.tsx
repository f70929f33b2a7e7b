import { IonIcon, IonLabel, IonRouterOutlet, IonTabBar, IonTabButton, IonTabs } from '@ionic/react';
import { calendar, film, grid } from 'ionicons/icons';
import { Navigate, Route } from 'react-router-dom';
import { LeaveApp } from '../lib/leave-app';
import { tabPages } from './tab-pages';

// The tabs' pages, each its own chunk (shell/tab-pages.ts); the other pages are in src/app/routes.tsx.
const { home: MovieListPage, schedule: SchedulePage, minesweeper: MinesweeperPage, activity: ActivityPage } = tabPages;

/** The tabbed area under /app/tabs: Demo (the movie list), Schedule, Minesweeper. */
export default function TabsPage() {
  return (
    <IonTabs>
      <IonRouterOutlet>
        <Route path="/app/tabs/home" element={<MovieListPage />} />
        <Route path="/app/tabs/schedule" element={<SchedulePage />} />
        <Route path="/app/tabs/schedule/:id" element={<ActivityPage />} />
        <Route path="/app/tabs/minesweeper" element={<MinesweeperPage />} />
        <Route path="/app/tabs" element={<Navigate to="/app/tabs/home" replace />} />
        {/* Any other address under the tabs (a mistyped or old link) goes where the app's other
            unknown addresses go, the site's home, not to an empty page above the tab bar. */}
        <Route path="*" element={<LeaveApp to="/" />} />
      </IonRouterOutlet>
      <IonTabBar slot="bottom">
        <IonTabButton tab="home" href="/app/tabs/home">
          <IonIcon icon={film} aria-hidden="true" />
          <IonLabel>Demo</IonLabel>
        </IonTabButton>
        <IonTabButton tab="schedule" href="/app/tabs/schedule">
          <IonIcon icon={calendar} aria-hidden="true" />
          <IonLabel>Schedule</IonLabel>
        </IonTabButton>
        <IonTabButton tab="minesweeper" href="/app/tabs/minesweeper">
          <IonIcon icon={grid} aria-hidden="true" />
          <IonLabel>Minesweeper</IonLabel>
        </IonTabButton>
      </IonTabBar>
    </IonTabs>
  );
}
