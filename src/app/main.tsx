import './lib/preact-setup';
import { setupIonicReact } from '@ionic/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { afterFirstScreen } from './lib/after-first-screen';
import { firstVisitStart } from './features/tutorial/first-visit';
import { tutorialFlag } from './features/tutorial/tutorial-flag';
import { APP_VERSION } from './lib/app-update';
import { currentUser, whenSignedIn } from './lib/session/session-store';
import { canonicalStartPath, signInFirst } from './lib/start-path';
import { loadAppMenu } from './shell/app-menu';
import { splitPaneShown } from './shell/split-pane';

/* Ionic's required and basic CSS; the optional utility sheets are left out on purpose. */
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/text-alignment.css';
import '@ionic/react/css/palettes/dark.class.css';
import '../common/theme/tokens.css';
import './theme/variables.css';

setupIonicReact();

// Where the app starts is settled before the first render, so the router starts on the right
// page: a redirect while the first page mounts races Ionic's first page transition under Preact
// and could leave a blank page on a slow device (decision 0520). `/app` and `/app/tabs` mean the
// Demo tab; a first-time visitor of the app area starts at the tutorial.
const canonical = canonicalStartPath(window.location.pathname);
if (canonical !== window.location.pathname)
  window.history.replaceState(window.history.state, '', `${canonical}${window.location.search}${window.location.hash}`);
// The staff console's login, for someone not signed in, before the console's code is asked for.
const consoleLogin = signInFirst(canonical, window.location.search, currentUser() !== null);
if (consoleLogin) window.history.replaceState(window.history.state, '', consoleLogin);
const arrivedAt = window.location.pathname;

/**
 * The first render waits for where the app starts and, on a wide screen, for the side menu's
 * element (drawn beside the first screen, or the page would be drawn full width and then pushed
 * aside). Not a top-level await: the menu's file imports this start file, and a dynamic import of
 * a module whose importer is still being evaluated would wait for that evaluation forever.
 */
async function firstRender(): Promise<void> {
  const [tutorialFirst] = await Promise.all([
    firstVisitStart(arrivedAt, window.location.search, tutorialFlag),
    splitPaneShown() ? loadAppMenu() : undefined,
  ]);
  if (tutorialFirst) window.history.replaceState(window.history.state, '', tutorialFirst);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
void firstRender();

// A session an administrator ends is noticed at once (decision 0910); after the first screen,
// like the live stream it listens to, so the first load carries none of it, and only once
// someone is signed in: a visitor who never signs in never loads it.
afterFirstScreen(() => whenSignedIn(() => void import('./lib/session/session-watch').then((module) => module.watchSessions())));
// Which build is running, for support requests and the update tests.
document.documentElement.dataset.appVersion = APP_VERSION;
// The development server has no service worker: it would cache modules that hot reload replaces.
if (import.meta.env.PROD) afterFirstScreen(() => void import('./lib/service-worker').then((module) => module.registerServiceWorker()));
