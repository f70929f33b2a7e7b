// Builds the three outputs: the browser bundles (app + site hydration), the site's server
// renderer, and the Node server itself. DIST_DIR (default dist) chooses where they go.
import { copyFileSync, existsSync, symlinkSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
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
    // The server, and the commands that share its configuration and database code (backup and
    // restore, staff roles).
    rollupOptions: {
      input: { server: 'src/server/server.ts', backup: 'src/server/backup/cli.ts', 'admin-cli': 'src/server/admin-cli.ts' },
      output: { entryFileNames: '[name].js' },
    },
  },
});

// The design tokens the first-administrator page inlines, read beside the server bundle.
copyFileSync('src/common/theme/tokens.css', join(distDir, 'server', 'tokens.css'));

// The server imports its packages at run time; a build outside the project (DIST_DIR=/tmp/...)
// finds them through a link to the project's node_modules.
const outside = relative(process.cwd(), resolve(distDir)).startsWith('..');
if (outside && !existsSync(join(distDir, 'node_modules'))) symlinkSync(resolve('node_modules'), join(distDir, 'node_modules'), 'dir');
