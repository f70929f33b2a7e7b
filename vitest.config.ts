import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    environment: 'node',
    // API tests start real servers and databases; give them room on slow machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The first-administrator page inlines the design tokens (tokens.css?raw): Vitest must read them.
    css: { include: [/tokens\.css/] },
  },
});
