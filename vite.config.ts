import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { THEME_INIT_SCRIPT } from './src/common/theme.ts';

const distDir = process.env.DIST_DIR ?? 'dist';
const serverPort = Number(process.env.PORT ?? 3000);

/** Puts the same inline theme script the site uses into the app's index.html (no dark flash). */
function themeInit(): Plugin {
  return {
    name: 'northwind-theme-init',
    transformIndexHtml: (html) => html.replace('<!--theme-init-->', `<script>${THEME_INIT_SCRIPT}</script>`),
  };
}

export default defineConfig({
  plugins: [react(), themeInit()],
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
    },
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
});
