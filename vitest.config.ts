import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts', 'tests/lint/**/*.test.ts', 'scripts/build/**/*.test.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    // Each engine's database migrated once per run; test servers start on copies of it.
    // And the run's own Redis databases emptied, when it names them (TEST_REDIS_DB_BASE).
    globalSetup: ['tests/support/database-templates.ts', 'tests/support/redis-databases.ts'],
    environment: 'node',
    // API tests start real servers and databases; give them room on slow machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker's modules instead of importing the server anew each: with
    // per-file isolation, importing took two thirds of the suite's CPU (measured on SQLite: 238 s
    // of CPU isolated, 120 s shared; decision 0720). Every test builds its own server, database
    // and Redis keys, so no state rides along from one file to the next.
    isolate: false,
    // The API files spend much of their time waiting on databases, servers and timers, so more
    // run side by side than there are cores (measured on two cores: two workers 145 s at 67% of
    // the CPU, four 115 s at 91%); four at most, as each may hold two dozen PostgreSQL
    // connections. VITEST_MAX_WORKERS overrides (CI's side-by-side passes take two each).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.min(4, availableParallelism() + 1),
  },
});
