import './lib/preact-setup';
import { setupIonicReact } from '@ionic/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { APP_VERSION, registerServiceWorker } from './lib/service-worker';

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Which build is running, for support requests and the update tests.
document.documentElement.dataset.appVersion = APP_VERSION;
// The development server has no service worker: it would cache modules that hot reload replaces.
if (import.meta.env.PROD) void registerServiceWorker();
