import { IonIcon, IonLabel, IonRouterOutlet, IonTabBar, IonTabButton, IonTabs } from '@ionic/react';
import { calendar, film, grid } from 'ionicons/icons';
import { Navigate, Route } from 'react-router-dom';
import { caseSensitiveToggle } from './case-sensitive-toggle-loader';
import { lazyPage } from './lazy-page';

// The tabs' pages, each its own chunk; the other pages are in src/app/routes.tsx.
const MovieListPage = lazyPage(() => import('../features/movies/pages/movie-list-page'));
const SchedulePage = lazyPage(() =>
  // The schedule's header toggle comes with the page, so the header is complete when it shows.
  Promise.all([import('../features/schedule/pages/schedule-page'), caseSensitiveToggle.preload()]).then(([page]) => page),
);
const MinesweeperPage = lazyPage(() => import('../features/minesweeper/pages/minesweeper-page'));
// One activity of the schedule, kept inside the Schedule tab so back returns to the list.
const ActivityPage = lazyPage(() => import('../features/schedule/pages/activity-page'));

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
