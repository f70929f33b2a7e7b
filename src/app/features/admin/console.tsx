import { IonRouterOutlet, IonSplitPane } from '@ionic/react';
import { Route } from 'react-router-dom';
import { CONSOLE_CONTENT_ID, CONSOLE_SPLIT_WHEN, ConsoleMenu, preloadConsoleMenuLinks } from './components/console-menu';
import './admin.css';
import { lazyPage } from '../../shell/lazy-page';
import { LeaveApp } from '../../lib/leave-app';

// Each section of the console is its own chunk, loaded when it is opened.
const HomePage = lazyPage(() => import('./pages/console-home-page'));
const ContentListPage = lazyPage(() => import('./pages/content-list-page'));
const ContentEditPage = lazyPage(() => import('./pages/content-edit-page'));
const NewsListPage = lazyPage(() => import('./pages/news-list-page'));
const NewsEditPage = lazyPage(() => import('./pages/news-edit-page'));
const SiteTextsPage = lazyPage(() => import('./pages/site-texts-page'));
const InboxPage = lazyPage(() => import('./pages/inbox-page'));
const InboxMessagePage = lazyPage(() => import('./pages/inbox-message-page'));
const MoviesPage = lazyPage(() => import('./pages/movies-page'));
const UsersPage = lazyPage(() => import('./pages/users-page'));
const UserPage = lazyPage(() => import('./pages/user-page'));
const AuditPage = lazyPage(() => import('./pages/audit-page'));
const SettingsPage = lazyPage(() => import('./pages/settings-page'));
const InvitationPage = lazyPage(() => import('./pages/invitation-page'));
const InsightsPage = lazyPage(() => import('./pages/insights-page'));

// Beside a wide screen's pages the menu's links are drawn with them: their file is asked for as
// the console's code runs, beside the page's.
preloadConsoleMenuLinks();

/**
 * The staff console under /admin (the app face; none of it loads for visitors): a frame of its
 * own, its menu beside the pages on a wide screen (the demo's side menu is off here), and the
 * console's pages in their own outlet.
 */
export default function Console() {
  return (
    <IonSplitPane contentId={CONSOLE_CONTENT_ID} when={CONSOLE_SPLIT_WHEN}>
      <ConsoleMenu />
      <IonRouterOutlet id={CONSOLE_CONTENT_ID}>
        <Route path="/admin" element={<HomePage />} />
        <Route path="/admin/content/news" element={<NewsListPage />} />
        <Route path="/admin/content/site-texts" element={<SiteTextsPage />} />
        <Route path="/admin/content/news/:id" element={<NewsEditPage />} />
        <Route path="/admin/content/:kind" element={<ContentListPage />} />
        <Route path="/admin/content/:kind/:id" element={<ContentEditPage />} />
        <Route path="/admin/inbox" element={<InboxPage />} />
        <Route path="/admin/inbox/:id" element={<InboxMessagePage />} />
        <Route path="/admin/movies" element={<MoviesPage />} />
        <Route path="/admin/users" element={<UsersPage />} />
        <Route path="/admin/users/:uid" element={<UserPage />} />
        <Route path="/admin/audit" element={<AuditPage />} />
        <Route path="/admin/settings" element={<SettingsPage />} />
        <Route path="/admin/invitation" element={<InvitationPage />} />
        <Route path="/admin/insights" element={<InsightsPage />} />
        {/* An unknown console address goes where the app's unknown addresses go (the site's home),
            not to an empty page. */}
        <Route path="*" element={<LeaveApp to="/" />} />
      </IonRouterOutlet>
    </IonSplitPane>
  );
}
