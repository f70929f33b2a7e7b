import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import { graphGroups, SITE_PARTS, START_PARTS, staticImportGraphs } from './scripts/build/first-screens.ts';
import { ionIconsPerIcon } from './scripts/build/ionic-icons.ts';
import { ionicPerComponentModules } from './scripts/build/ionic-per-component.ts';
import { moduleMap } from './scripts/build/module-map.ts';
import { pwa } from './scripts/build/pwa.ts';
import { rewritesLeftOut } from './scripts/build/rewrites.ts';
import { THEME_INIT_SCRIPT } from './src/common/theme.ts';

const distDir = process.env.DIST_DIR ?? 'dist';
const serverPort = Number(process.env.PORT ?? 3000);
const packageVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;
/** Shown by the app and baked into every chunk, so a deploy with another version changes the service worker. */
const appVersion = process.env.APP_VERSION ?? packageVersion;
/**
 * Rewrites left out, only to measure what each buys (`npm run measure:rewrites`, docs/performance.md):
 * BUILD_WITHOUT lists them by name, IONIC_BASELINE=1 leaves out all of Ionic's.
 */
const without = rewritesLeftOut(process.env);

/** Puts the same inline theme script the site uses into the app's index.html (no dark flash). */
function themeInit(): Plugin {
  return {
    name: 'northwind-theme-init',
    transformIndexHtml: (html) => html.replace('<!--theme-init-->', `<script>${THEME_INIT_SCRIPT}</script>`),
  };
}

/** The app's document gets the same home-screen icon as the site's (vite-plugin-pwa adds the manifest link). */
function appleTouchIcon(): Plugin {
  return {
    name: 'northwind-apple-touch-icon',
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' }],
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Preact through preact/compat runs our React code, Ionic React and React Router in a fraction
    // of React DOM's size (docs/decisions/0520); the preset aliases `react` and `react-dom`.
    preact(),
    themeInit(),
    appleTouchIcon(),
    ...(isSsrBuild
      ? []
      : [
          ...(without.has('per-component') ? [] : [ionicPerComponentModules({ ionIcon: !without.has('ion-icon') })]),
          ...(without.has('icons') ? [] : [ionIconsPerIcon()]),
          staticImportGraphs({ ionicSplit: !without.has('per-component'), startHelpers: !without.has('start-helpers') }),
          moduleMap(),
          pwa(),
        ]),
  ],
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion),
  },
  build: {
    outDir: `${distDir}/client`,
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        app: 'index.html',
        site: 'src/site/entry-client.tsx',
      },
      treeshake: {
        // @ionic/core declares its per-component modules free of side effects in
        // components/package.json, but the bundler only reads the package's root package.json,
        // so every component Ionic ships ended up in the app's first chunk (docs/decisions/0500).
        moduleSideEffects: without.has('side-effects')
          ? true
          : [{ test: /node_modules[\\/]@ionic[\\/]core[\\/]components[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // Preact (with its React compatibility layer) is shared by the site and the app: one
          // long-cached chunk with an honest name, and nothing of the app's in it.
          groups: [
            { name: 'preact', test: /node_modules[\\/]preact[\\/]/ },
            // What both faces run at start, and the site's small shared parts: files named in
            // scripts/build/first-screens.ts, where a rename stops the build.
            { name: 'start', test: (id: string) => START_PARTS.has(id) },
            { name: 'site-parts', test: (id: string) => SITE_PARTS.has(id) },
            ...graphGroups({ fieldHelpers: !without.has('field-helpers'), sharedHelpers: !without.has('shared-helpers') }),
          ],
        },
      },
    },
  },
  resolve: {
    // Tiptap (the console's article editor) imports React's CommonJS shim for a hook preact/compat
    // has: its ES module stand-ins keep CommonJS interop out of the Preact chunk every page loads.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/lib/react-shims/use-sync-external-store-with-selector.ts', import.meta.url)),
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/lib/react-shims/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    // In development the Fastify server answers the API and renders the site's pages.
    proxy: Object.fromEntries(
      ['/api', '/identity', '^/$', '/landing', '/about', '/team', '/support', '/sitemap.xml', '/robots.txt'].map((path) => [
        path,
        { target: `http://localhost:${serverPort}`, changeOrigin: false },
      ]),
    ),
  },
}));
