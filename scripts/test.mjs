// `npm test`: every suite, in the order that fails fastest. Lint and types, unit and API tests
// (Vitest, real SQLite; PostgreSQL too when TEST_DATABASE_URL is set), a production build, then
// the end-to-end tests in Chromium against the built server.
// `--no-lint` leaves out lint, format and types (CI's second pass on another Node.js version).
import { spawnSync } from 'node:child_process';

const STATIC_CHECKS = new Set(['lint', 'format', 'typecheck']);
const noLint = process.argv.includes('--no-lint');

const all = [
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['build', 'node', ['scripts/build.mjs']],
  ['browser', 'node', ['scripts/ensure-browser.mjs']],
  ['end-to-end tests', 'npx', ['playwright', 'test']],
];
const steps = noLint ? all.filter(([name]) => !STATIC_CHECKS.has(name)) : all;

console.log(`Node.js ${process.version}`);
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? 'true' } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all suites passed');
