import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
// @ts-expect-error plain ES module shared with the scripts
import { CHROMIUM_ARGS, chromiumPath } from './scripts/browser.mjs';

const port = Number(process.env.E2E_PORT ?? 3210);
const distDir = process.env.DIST_DIR ?? 'dist';
const databaseFile = join(tmpdir(), `northwind-e2e-${port}.db`);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath() as string, args: CHROMIUM_ARGS as string[] },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: 'localhost',
      DIST_DIR: distDir,
      DATABASE_URL: `sqlite:${databaseFile}`,
      E2E_DATABASE_FILE: databaseFile,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      // Every spec signs up from one address; the per-address limits have their own API tests.
      SIGN_UP_LIMIT_PER_HOUR: '1000',
      MAIL_LIMIT_PER_HOUR: '1000',
    },
  },
});
