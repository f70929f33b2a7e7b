// `npm run test:cluster`: the reference deployment on loopback, tested end to end. Two instances
// of the built server over a fresh PostgreSQL database and Redis, behind HAProxy configured by
// deploy/haproxy/haproxy.cfg; the end-to-end suite runs through the balancer, and one
// instance is killed (SIGKILL) part-way through: the run must not notice.
//
// Settings (all optional): CLUSTER_PORT_BASE (24050: HAProxy on it, instances on the next two),
// TEST_DATABASE_URL (the PostgreSQL server, whose `test` database creates and drops ours),
// TEST_REDIS_URL, CLUSTER_KILL_AFTER_REQUESTS (150 requests to instance 2) or CLUSTER_KILL_AFTER
// (seconds, 300), whichever comes first, CLUSTER_SKIP_BUILD=1, CLUSTER_SPECS (`all`, or spec
// names such as `auth,live`: CI's cluster pass runs only the specs whose subject crosses
// instances), and any Playwright arguments after `--` (e.g. a spec file).
//
// Every spec runs through the balancer except tests/e2e/pwa.spec.ts (unless CLUSTER_SPECS=all):
// its server-side tests start servers of their own (offline, updates between two builds) and
// never reach the balancer, and it builds the client twice more; `npm test` runs it.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const base = Number(process.env.CLUSTER_PORT_BASE ?? 24050);
const frontPort = base;
const instancePorts = [base + 1, base + 2];
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisBase = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const killAfterMs = Number(process.env.CLUSTER_KILL_AFTER ?? 300) * 1000;
const distDir = process.env.DIST_DIR ?? 'dist';
const playwrightArgs = process.argv.slice(2);
const CLUSTER_EXCLUDED = new Set(['pwa.spec.ts']);
const chosen =
  process.env.CLUSTER_SPECS && process.env.CLUSTER_SPECS !== 'all' ? process.env.CLUSTER_SPECS.split(',').map((name) => name.trim()) : null;
const specs =
  playwrightArgs.length > 0 || process.env.CLUSTER_SPECS === 'all'
    ? []
    : chosen
      ? chosen.map((name) => join('tests/e2e', `${name}.spec.ts`))
      : readdirSync('tests/e2e')
          .filter((name) => name.endsWith('.spec.ts') && !CLUSTER_EXCLUDED.has(name))
          .map((name) => join('tests/e2e', name));
const work = mkdtempSync(join(tmpdir(), 'northwind-cluster-'));
const children = [];
let databaseName = null;

const log = (message) => console.log(`[cluster] ${message}`);

function ensureHaproxy() {
  if (spawnSync('sh', ['-c', 'command -v haproxy'], { stdio: 'ignore' }).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error('HAProxy is missing: install it (Debian: apt-get install -y haproxy)');
  log('installing HAProxy from Debian packages');
  execSync('apt-get install -y -qq haproxy || (apt-get update -qq && apt-get install -y -qq haproxy)', {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** deploy/haproxy/haproxy.cfg with its marked blocks replaced for loopback. */
function renderHaproxyConfig(source, blocks) {
  let text = source;
  for (const [name, replacement] of Object.entries(blocks)) {
    const pattern = new RegExp(`#>> ${name}\\n[\\s\\S]*?#<< ${name}\\n`);
    if (!pattern.test(text)) throw new Error(`deploy/haproxy/haproxy.cfg has no "#>> ${name}" ... "#<< ${name}" block`);
    text = text.replace(pattern, `${replacement.trimEnd()}\n`);
  }
  return text;
}

async function waitFor(url, child, label, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${label} did not answer ${url} within ${timeoutMs / 1000} s`);
}

function start(label, command, args, env) {
  const out = openSync(join(work, `${label}.log`), 'a');
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  child.label = label;
  children.push(child);
  return child;
}

/** HAProxy's counters for the app backend's servers (status, retries, redispatches). */
function haproxyStats(socket) {
  return new Promise((resolve) => {
    const client = connect(socket);
    let text = '';
    client.on('data', (chunk) => (text += chunk));
    client.on('error', () => resolve([]));
    client.on('end', () => {
      const [header, ...rows] = text.trim().split('\n');
      const names = header.replace(/^# /, '').split(',');
      resolve(rows.map((row) => Object.fromEntries(row.split(',').map((value, index) => [names[index], value]))));
    });
    client.end('show stat\n');
  });
}

async function cleanup() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (databaseName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.end();
    log(`dropped database ${databaseName}`);
  }
  rmSync(work, { recursive: true, force: true });
}

async function main() {
  ensureHaproxy();
  if (process.env.CLUSTER_SKIP_BUILD !== '1') {
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', env: { ...process.env, DIST_DIR: distDir } });
    if (built.status !== 0) throw new Error('build failed');
  }
  spawnSync(process.execPath, ['scripts/ensure-browser.mjs'], { stdio: 'inherit' });

  // A database of our own on the shared server, dropped afterwards.
  databaseName = `nw_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${databaseName}"`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
  // The product's Redis keys have fixed names: a logical database of its own keeps this run's
  // rate-limit counters apart from other users of the same Redis server (the one TEST_REDIS_URL
  // names, as CI does while API suites use others).
  const redisUrl =
    new URL(redisBase).pathname.length > 1
      ? redisBase
      : Object.assign(new URL(redisBase), { pathname: `/${1 + (process.pid % 15)}` }).toString();
  const publicUrl = `http://localhost:${frontPort}`;
  log(`database ${databaseName}, Redis ${redisUrl}, balancer ${publicUrl}, instances ${instancePorts.join(', ')}`);
  log(`instances run Node.js ${process.version}`);

  // The first instance migrates and seeds; the second then finds the schema in place, as in a
  // rolling start.
  const instances = [];
  for (const [index, port] of instancePorts.entries()) {
    const child = start(`app${index + 1}`, process.execPath, [join(distDir, 'server', 'server.js')], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '1',
      INSTANCE_ID: `app${index + 1}`,
      // Every spec signs up from this one address (as the suite's own server allows).
      SIGN_UP_LIMIT_PER_HOUR: '1000',
      MAIL_LIMIT_PER_HOUR: '1000',
      INSIGHTS_BEACONS_PER_MINUTE: '100000',
      // Every browser of both workers streams from this one address, and behind HAProxy a closed
      // stream keeps its place until the next keep-alive write (25 s) finds the client gone:
      // the default 20 was reached mid-suite (the per-address cap has its own API tests).
      LIVE_STREAMS_PER_ADDRESS: '200',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
    });
    instances.push(child);
    await waitFor(`http://127.0.0.1:${port}/api/health/ready`, child, `instance ${index + 1}`);
  }

  const socket = join(work, 'haproxy.sock');
  const config = renderHaproxyConfig(readFileSync('deploy/haproxy/haproxy.cfg', 'utf8'), {
    global: `global\n    log stderr format short local0 warning\n    stats socket ${socket} mode 600 level admin`,
    bind: `    bind 127.0.0.1:${frontPort}\n    bind [::1]:${frontPort}`,
    servers: instancePorts.map((port, index) => `    server app${index + 1} 127.0.0.1:${port}`).join('\n'),
  });
  writeFileSync(join(work, 'haproxy.cfg'), config);
  const haproxy = start('haproxy', 'haproxy', ['-db', '-f', join(work, 'haproxy.cfg')], {});
  await waitFor(`${publicUrl}/api/health/ready`, haproxy, 'HAProxy');
  log('balancer up');

  // Kill instance 2 once it has answered its share of the suite's requests (so the kill lands
  // mid-traffic however slowly the browser starts), or after CLUSTER_KILL_AFTER at the latest.
  const victim = instances[1];
  const killAfterRequests = Number(process.env.CLUSTER_KILL_AFTER_REQUESTS ?? 150);
  const killStarted = Date.now();
  const killer = setInterval(async () => {
    const served = Number((await haproxyStats(socket)).find((row) => row.pxname === 'app' && row.svname === 'app2')?.stot ?? 0);
    if (victim.exitCode !== null || victim.signalCode !== null) return clearInterval(killer);
    if (served < killAfterRequests && Date.now() - killStarted < killAfterMs) return;
    clearInterval(killer);
    log(`killing instance 2 (SIGKILL, pid ${victim.pid}) during the suite, after ${served} requests to it`);
    victim.kill('SIGKILL');
  }, 2000);

  const started = Date.now();
  // Two instances and HAProxy share the machine's cores with the browser: give each test twice
  // the usual time (speed is measured by the benchmarks, never by test timeouts).
  const timeout = playwrightArgs.some((arg) => arg.startsWith('--timeout')) ? [] : ['--timeout=90000'];
  const suite = spawn('npx', ['playwright', 'test', ...timeout, ...specs, ...playwrightArgs], {
    stdio: 'inherit',
    env: {
      ...process.env,
      CI: process.env.CI ?? 'true',
      BASE_URL: publicUrl,
      E2E_DATABASE_URL: databaseUrl,
      E2E_PORT: String(frontPort),
      E2E_OWN_PORT_BASE: process.env.E2E_OWN_PORT_BASE ?? String(base - 50),
      DIST_DIR: distDir,
      E2E_AN_INSTANCE_IS_KILLED: '1',
    },
  });
  children.push(suite);
  const status = await new Promise((resolve) => suite.on('exit', (code) => resolve(code ?? 1)));
  clearInterval(killer);
  log(`suite finished in ${Math.round((Date.now() - started) / 1000)} s with exit code ${status}`);

  const killed = victim.signalCode === 'SIGKILL';
  const stats = (await haproxyStats(socket)).filter((row) => row.pxname === 'app');
  for (const row of stats) {
    log(`${row.svname}: status ${row.status}, requests ${row.stot}, retries ${row.wretr}, redispatches ${row.wredis}, 5xx ${row.hrsp_5xx}`);
  }
  if (!killed) log('instance 2 was not killed (the suite ended before CLUSTER_KILL_AFTER)');
  if (status !== 0) {
    for (const child of children.filter((each) => each.label)) {
      const text = readFileSync(join(work, `${child.label}.log`), 'utf8').trim();
      if (text) console.error(`--- ${child.label} log (last lines)\n${text.split('\n').slice(-30).join('\n')}`);
    }
  }
  return status !== 0 ? status : killed || playwrightArgs.length > 0 ? 0 : 1;
}

// Interrupted: stop the suite; main() then cleans up as after a failure.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`[cluster] ${error.message}`);
} finally {
  await cleanup().catch((error) => console.error(`[cluster] cleanup: ${error.message}`));
}
process.exit(exitCode);
