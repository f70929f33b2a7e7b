import { defineConfig, devices } from '@playwright/test';
// @ts-expect-error plain ES module shared with the scripts
import { CHROMIUM_ARGS, testBrowserPath } from './scripts/browser.mjs';
import { E2E_SERVER_LIMITS, EXTERNAL_BASE_URL, SUITE_BASE_URL, SUITE_DATABASE_FILE, SUITE_PORT } from './tests/e2e/support/suite';

const distDir = process.env.DIST_DIR ?? 'dist';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${SUITE_PORT}`,
  fullyParallel: false,
  // Two workers on two cores keep both busy; four overloaded the machine (load average 21, six
  // timed failures in the first 30 tests): decision 0720. E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || 2,
  // A retried test is a failing test: it runs once, and a failure is a defect to fix.
  retries: 0,
  // A test's whole budget and an expectation's wait, not speed checks (bench:web measures
  // speed): every wait ends as soon as its condition holds, so these only bound how long a page
  // that never shows takes to fail. They are the same in CI as anywhere else.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // E2E_JSON_REPORT: where `npm test` and CI read the counts and the retried tests from.
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
  use: {
    baseURL: SUITE_BASE_URL,
    // Recording a trace costs a quarter of the suite's CPU (measured: 87 s against 67 s over two
    // specs), so CI keeps a screenshot of a failed test's last page instead; run the test again
    // locally for its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: testBrowserPath() as string, args: CHROMIUM_ARGS as string[] },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // With BASE_URL the suite runs against that deployment and starts no server of its own.
  webServer: EXTERNAL_BASE_URL
    ? undefined
    : {
        command: `node scripts/e2e-server.mjs`,
        url: `${SUITE_BASE_URL}/api/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        env: {
          PORT: String(SUITE_PORT),
          HOST: 'localhost',
          DIST_DIR: distDir,
          DATABASE_URL: `sqlite:${SUITE_DATABASE_FILE}`,
          E2E_DATABASE_FILE: SUITE_DATABASE_FILE,
          SEED: 'demo',
          LOG_LEVEL: 'warn',
          ...E2E_SERVER_LIMITS,
        },
      },
});
