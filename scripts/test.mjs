// `npm test`: every suite on the Node.js in use, in the order that fails fastest. Lint beside
// format, types, the production build and its byte budgets (both cores), unit and API tests (Vitest, real SQLite;
// PostgreSQL and Redis too when TEST_DATABASE_URL is set), then the end-to-end tests in Chromium
// against the build. Each step prints its time; the end prints a table and `N passed, M failed`.
// `--no-lint` leaves out lint, format and types.
import { parallel, playwrightCounts, printSummary, reportFile, runStep, vitestCounts } from './lib/steps.mjs';

const noLint = process.argv.includes('--no-lint');
const startedAt = Date.now();
console.log(`Node.js ${process.version}`);

const vitestReport = reportFile('unit and API tests');
const e2eReport = reportFile('end-to-end tests');

async function main() {
  // Lint on its own line, format, types and the build on the other: each is one process on one
  // core, and lint is about as long as the other three together.
  const lint = () => noLint || runStep('lint', 'npm', ['run', '--silent', 'lint'], { prefix: true });
  const rest = async () =>
    (noLint ||
      ((await runStep('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn'], { prefix: true })) &&
        (await runStep('typecheck', 'npm', ['run', '--silent', 'typecheck'], { prefix: true })))) &&
    (await runStep('build', 'node', ['scripts/build.mjs'], { prefix: true })) &&
    // The first screens' bytes, counted from the build's manifest: a check, not a benchmark.
    runStep('budgets', 'node', ['scripts/check-budgets.mjs'], { prefix: true });
  if (!(await parallel(lint, rest))) return false;
  if (
    !(await runStep(
      'unit and API tests',
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
      {
        counts: () => vitestCounts(vitestReport),
      },
    ))
  )
    return false;
  if (!(await runStep('browser', 'node', ['scripts/ensure-browser.mjs']))) return false;
  return runStep('end-to-end tests', 'npx', ['playwright', 'test'], {
    env: { E2E_JSON_REPORT: e2eReport },
    counts: () => playwrightCounts(e2eReport),
  });
}

await main();
process.exit(printSummary(startedAt) ? 0 : 1);
