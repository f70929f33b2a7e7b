import { VitePWA } from 'vite-plugin-pwa';
import { COMPANY } from '../../src/common/constants.ts';

/**
 * The service worker (src/sw/sw.ts, our own rules) gets Workbox's precache list injected. The
 * manifest is written by the plugin so its icons and colours live next to the rest of the PWA
 * configuration; the site's server-rendered head links the same /manifest.webmanifest.
 */
export const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    // We register ourselves (src/app/lib/service-worker.ts, src/site/entry-client.tsx): only once
    // the page is stable, and with our own update toast.
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: true,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt}'],
      // Videos are streamed with range requests and are large: never precached. The build
      // manifest is for the server only.
      globIgnores: ['videos/**', '.vite/**', 'icons/og-image.png'],
      rollupFormat: 'es',
    },
    manifest: {
      id: '/',
      name: COMPANY.name,
      short_name: COMPANY.shortName,
      description: 'Computer services for people and small offices, with a demo app: movies, schedule, Minesweeper, charts.',
      lang: 'en',
      dir: 'ltr',
      start_url: '/app/tabs/home',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      // The manifest has one colour; the pages' <meta name="theme-color"> give light and dark ones.
      theme_color: '#ffffff',
      background_color: '#ffffff',
      categories: ['business', 'productivity'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        { name: 'Demo', url: '/app/tabs/home', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        { name: 'Contact Us', url: '/support', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      ],
    },
  });
