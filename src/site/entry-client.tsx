import { hydrateRoot } from 'react-dom/client';
import { SiteApp } from './site-app';
import { sendPageview, signedInAsStaff, watchVitals } from '../common/insights-beacon';
import { SITE_DATA_ELEMENT_ID, SITE_ROOT_ELEMENT_ID, type SitePageData } from '../common/site-data';
import '../common/theme/tokens.css';
import './styles/site.css';

const dataElement = document.getElementById(SITE_DATA_ELEMENT_ID);
const root = document.getElementById(SITE_ROOT_ELEMENT_ID);
if (dataElement?.textContent && root) {
  const data = JSON.parse(dataElement.textContent) as SitePageData;
  // The news pages', Contact Us's and the team pages' code are chunks of their own, loaded
  // before hydrating the page that shows them (decision 0812).
  const news = data.page === 'news' || data.page === 'article' ? import('./news-pages') : Promise.resolve(undefined);
  const support = data.page === 'support' ? import('./support-pages') : Promise.resolve(undefined);
  const team = data.page === 'team' || data.page === 'member' ? import('./team-pages') : Promise.resolve(undefined);
  void Promise.all([news, support, team]).then(([newsPages, supportPages, teamPages]) =>
    hydrateRoot(root, <SiteApp data={data} pages={{ news: newsPages, support: supportPages, team: teamPages }} />),
  );
}

// Insights (docs/insights.md): the server marks the page when it counts views; a staff member
// signed in to the app on this browser is not counted.
if (document.getElementById('insights-pixel') && !signedInAsStaff()) {
  sendPageview(location.pathname + location.search, undefined, document.referrer);
  watchVitals(() => location.pathname);
}

// The same service worker as the app (offline pages, the app shell precached for the Demo link),
// registered once the page has loaded and gone idle so it never competes with the first paint.
// Kept dependency-free: the site's script budget has no room for workbox-window.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.error('Service worker registration failed with:', error);
    });
  const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(() => void register()) : setTimeout(register, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
