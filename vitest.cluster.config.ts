import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The cluster tests (tests/cluster): API-level checks of what crosses instances, run by
 * `scripts/test-cluster.mjs` against the deployment it starts (two instances behind HAProxy
 * over PostgreSQL and Redis). They start no server of their own, so the main configuration's
 * database templates and Redis set-up are not needed here.
 */
const FAILOVER = 'tests/cluster/failover.test.ts';

const shared = {
  environment: 'node',
  setupFiles: ['tests/support/fail-on-console-error.ts'],
  // Every wait is a condition with a deadline of its own (DEADLINE_MS in
  // tests/cluster/support/cluster.ts); the scheduled publish waits for the instances' 20 s
  // schedule check, so a test's outer bound sits above those.
  testTimeout: 180_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // The files of a worker share its modules instead of importing them anew each (as in
  // vitest.config.ts): nothing here mocks a module or keeps state a later file could trip on.
  isolate: false,
} satisfies TestProjectInlineConfiguration['test'];

export default defineConfig({
  test: {
    // The files mostly wait on the deployment (streams, the schedule check, the balancer), so
    // more run side by side than the two cores of CI (the default would be one at a time there).
    maxWorkers: 3,
    projects: [
      // The files are independent (each makes its own people and content) and mostly wait on
      // the deployment, so they run side by side.
      {
        test: { ...shared, name: 'crossing', include: ['tests/cluster/**/*.test.ts'], exclude: [FAILOVER], sequence: { groupOrder: 0 } },
      },
      // Failover kills instance 2: it runs alone, after every test that needs both instances.
      { test: { ...shared, name: 'failover', include: [FAILOVER], sequence: { groupOrder: 1 } } },
    ],
  },
});
