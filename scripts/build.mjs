// Builds the three outputs: the browser bundles (app + site hydration), the site's server
// renderer, and the Node server itself. DIST_DIR (default dist) chooses where they go.
import { build } from 'vite';

const distDir = process.env.DIST_DIR ?? 'dist';
const quiet = { logLevel: process.env.CI ? 'warn' : 'info' };

await build({ ...quiet, configFile: 'vite.config.ts', mode: 'production' });
await build({
  ...quiet,
  configFile: 'vite.config.ts',
  mode: 'production',
  build: {
    ssr: 'src/site/entry-server.tsx',
    outDir: `${distDir}/ssr`,
    emptyOutDir: true,
    manifest: false,
    rollupOptions: { input: 'src/site/entry-server.tsx' },
  },
});
await build({
  ...quiet,
  configFile: false,
  mode: 'production',
  build: {
    ssr: true,
    outDir: `${distDir}/server`,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    // The server, and the backup/restore command that shares its configuration and database code.
    rollupOptions: {
      input: { server: 'src/server/server.ts', backup: 'src/server/backup/cli.ts' },
      output: { entryFileNames: '[name].js' },
    },
  },
});
