import { trimTrailingSlashes } from '../common/routes';
import { accountInfo, EARLY_ACCOUNT_INFO } from './features/auth/api/account-lookup';
import { askEarly } from './lib/early-answers';
import { currentUser } from './lib/session/session-store';
import { lazyPage } from './shell/lazy-page';
import { preloadTabPage } from './shell/tab-pages';

/**
 * The app's pages, each its own chunk (the tabbed area's pages are declared in
 * shell/tab-pages.ts, their routes in shell/tabs-page.tsx). The site's pages (/, /about, /team,
 * /support) are served by the server, not here.
 */
// The tab page asked for downloads beside the tabs' shell, not after it (shell/tab-pages.ts).
export const TabsPage = lazyPage(
  () => {
    preloadTabPage(window.location.pathname);
    return import('./shell/tabs-page');
  },
  { pagesInside: true },
);
// Signed in, the account's details are asked for beside the page's code (lib/early-answers.ts);
// not when a mail's link brings a code to apply first: the details are read after it.
export const AccountPage = lazyPage(() => {
  if (currentUser() && !new URLSearchParams(window.location.search).has('oobCode')) askEarly(EARLY_ACCOUNT_INFO, accountInfo);
  return import('./features/auth/pages/account-page');
});
export const LoginPage = lazyPage(() => import('./features/auth/pages/login-page'));
export const SignupPage = lazyPage(() => import('./features/auth/pages/signup-page'));
export const AuthHandlerPage = lazyPage(() => import('./features/auth/pages/auth-handler-page'));
export const ForgotPasswordPage = lazyPage(() => import('./features/auth/pages/forgot-password-page'));
export const TutorialPage = lazyPage(() => import('./features/tutorial/pages/tutorial-page'));
export const HubPage = lazyPage(() => import('./features/hub/pages/hub-page'));
export const MoviePage = lazyPage(() => import('./features/movies/pages/movie-page'));
export const ChartsPage = lazyPage(() => import('./features/charts/pages/charts-page'));
export const VideoPage = lazyPage(() => import('./features/video/pages/video-page'));
// The staff console: its sections are chunks of their own inside this one. Opened at its home,
// the home's code and what it is drawn from are asked for beside the console's own code. A shell
// around the console's own outlet: its page tells when the first screen is drawn, with the gate's
// hold in place (the frame alone ended the first screen before the page had mounted).
export const AdminConsole = lazyPage(
  () => {
    if (trimTrailingSlashes(window.location.pathname) === '/admin') {
      // A small file of its own: its requests' code stays out of the start every screen loads.
      void import('./features/admin/api/console-answers').then((answers) => answers.askConsoleHomeEarly());
      void import('./features/admin/pages/console-home-page');
    }
    return import('./features/admin/console');
  },
  { pagesInside: true },
);
