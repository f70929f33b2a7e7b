import { hydrateRoot } from 'react-dom/client';
import { SiteApp } from './site-app';
import { SITE_DATA_ELEMENT_ID, SITE_ROOT_ELEMENT_ID, type SitePageData } from '../common/site-data';
import '../common/theme/tokens.css';
import './styles/site.css';

const dataElement = document.getElementById(SITE_DATA_ELEMENT_ID);
const root = document.getElementById(SITE_ROOT_ELEMENT_ID);
if (dataElement?.textContent && root) {
  const data = JSON.parse(dataElement.textContent) as SitePageData;
  hydrateRoot(root, <SiteApp data={data} />);
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
