// `npm run test:cluster`: the reference deployment on loopback, tested through real HTTP. Two
// instances of the built server over a fresh PostgreSQL database and Redis, behind HAProxy
// configured by deploy/haproxy/haproxy.cfg.
//
// By default it runs the cluster tests (tests/cluster, `vitest.cluster.config.ts`): API-level
// checks of what crosses instances, each writing through one instance and reading through the
// other (live data, sessions, rate limits, scheduled publishing, inbound mail), then failover:
// instance 2 is killed (SIGKILL) by the last test while requests run through the balancer, and
// none may fail. With CLUSTER_E2E=1 or CLUSTER_SPECS it runs the end-to-end suite in Chromium
// through the balancer instead, and kills instance 2 part-way itself: the suite must not notice.
//
// Settings (all optional): CLUSTER_PORT_BASE (24050: HAProxy on it, the instances on the next
// two, their inbound-mail SMTP receivers on the two after), TEST_DATABASE_URL (the PostgreSQL
// server, whose `test` database creates and drops ours), TEST_REDIS_URL, CLUSTER_SKIP_BUILD=1,
// CLUSTER_JSON_REPORT (a file for Vitest's JSON report besides the usual output), and any
// arguments after `--` for the runner (e.g. a test file; a path under tests/e2e/ picks the
// end-to-end suite).
//
// The end-to-end way: CLUSTER_SPECS (`all`, or spec names such as `auth,live`; unset with
// CLUSTER_E2E=1: every spec but tests/e2e/pwa.spec.ts, whose server-side tests start servers of
// their own, never reach the balancer, and build the client twice more), CLUSTER_KILL_AFTER_REQUESTS
// (150 requests to instance 2) or CLUSTER_KILL_AFTER (seconds, 300), whichever comes first.
//
// The cluster tests learn the deployment from the environment this script sets: CLUSTER_URL (the
// balancer), CLUSTER_INSTANCE_URLS, CLUSTER_INSTANCE_PIDS and CLUSTER_INBOUND_SMTP_PORTS (each
// instance's, in order), CLUSTER_DATABASE_URL, CLUSTER_HAPROXY_SOCKET (its stats socket),
// CLUSTER_INBOUND_MAIL_SECRET and CLUSTER_INBOUND_MAIL_DOMAIN.
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
const smtpPorts = [base + 3, base + 4];
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisBase = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const killAfterMs = Number(process.env.CLUSTER_KILL_AFTER ?? 300) * 1000;
const distDir = process.env.DIST_DIR ?? 'dist';
const runnerArgs = process.argv.slice(2);
const endToEnd =
  process.env.CLUSTER_E2E === '1' ||
  Boolean(process.env.CLUSTER_SPECS) ||
  runnerArgs.some((arg) => arg.startsWith('tests/e2e/') || arg.endsWith('.spec.ts'));
const inbound = { domain: 'reply.northwind.example', secret: randomBytes(24).toString('hex') };
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

/** The end-to-end specs to run through the balancer (none named: Playwright's own choice of the arguments). */
function endToEndSpecs() {
  if (runnerArgs.length > 0 || process.env.CLUSTER_SPECS === 'all') return [];
  if (process.env.CLUSTER_SPECS) return process.env.CLUSTER_SPECS.split(',').map((name) => join('tests/e2e', `${name.trim()}.spec.ts`));
  const excluded = new Set(['pwa.spec.ts']);
  return readdirSync('tests/e2e')
    .filter((name) => name.endsWith('.spec.ts') && !excluded.has(name))
    .map((name) => join('tests/e2e', name));
}

/** A fresh PostgreSQL database of our own on the shared server (dropped by cleanup()) and a Redis database. */
async function createStores() {
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
  return { databaseUrl, redisUrl };
}

/** The two instances, then HAProxy in front of them; resolves once the balancer answers. */
async function startDeployment({ databaseUrl, redisUrl, publicUrl }) {
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
      // Every spec and cluster test signs up from this one address (as the suite's own server allows).
      SIGN_UP_LIMIT_PER_HOUR: '1000',
      MAIL_LIMIT_PER_HOUR: '1000',
      INSIGHTS_BEACONS_PER_MINUTE: '100000',
      // Every browser of both workers streams from this one address, and behind HAProxy a closed
      // stream keeps its place until the next keep-alive write (25 s) finds the client gone:
      // the default 20 was reached mid-suite (the per-address cap has its own API tests).
      LIVE_STREAMS_PER_ADDRESS: '200',
      // The end-to-end specs fill Contact Us at machine speed, as the suite's own server allows
      // (tests/e2e/support/suite.ts); the cluster tests keep the product's rule.
      ...(endToEnd ? { CONTACT_MIN_FILL_MS: '0' } : {}),
      // The help desk's ways in for customers' answers, on every instance: an answer may reach
      // any of them (docs/help-desk.md).
      INBOUND_SMTP_PORT: String(smtpPorts[index]),
      INBOUND_SMTP_HOST: '127.0.0.1',
      INBOUND_MAIL_DOMAIN: inbound.domain,
      INBOUND_MAIL_SECRET: inbound.secret,
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
  return { instances, socket };
}

/** A test runner in the foreground, its output on ours; resolves with its exit code. */
function runForeground(command, args, env) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

/** The cluster tests: they kill instance 2 themselves, in their last file. */
function runClusterTests({ databaseUrl, publicUrl, instances, socket }) {
  const report = process.env.CLUSTER_JSON_REPORT
    ? ['--reporter=default', '--reporter=json', `--outputFile.json=${process.env.CLUSTER_JSON_REPORT}`]
    : [];
  return runForeground('npx', ['vitest', 'run', '--config', 'vitest.cluster.config.ts', ...report, ...runnerArgs], {
    CLUSTER_URL: publicUrl,
    CLUSTER_INSTANCE_URLS: instancePorts.map((port) => `http://127.0.0.1:${port}`).join(','),
    CLUSTER_INSTANCE_PIDS: instances.map((child) => child.pid).join(','),
    CLUSTER_INBOUND_SMTP_PORTS: smtpPorts.join(','),
    CLUSTER_DATABASE_URL: databaseUrl,
    CLUSTER_HAPROXY_SOCKET: socket,
    CLUSTER_INBOUND_MAIL_SECRET: inbound.secret,
    CLUSTER_INBOUND_MAIL_DOMAIN: inbound.domain,
  });
}

/**
 * The end-to-end suite through the balancer. Instance 2 is killed once it has answered its
 * share of the suite's requests (so the kill lands mid-traffic however slowly the browser
 * starts), or after CLUSTER_KILL_AFTER at the latest.
 */
async function runEndToEnd({ databaseUrl, publicUrl, instances, socket }) {
  spawnSync(process.execPath, ['scripts/ensure-browser.mjs'], { stdio: 'inherit' });
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
  // Two instances and HAProxy share the machine's cores with the browser: give each test twice
  // the usual time (speed is measured by the benchmarks, never by test timeouts).
  const timeout = runnerArgs.some((arg) => arg.startsWith('--timeout')) ? [] : ['--timeout=90000'];
  const status = await runForeground('npx', ['playwright', 'test', ...timeout, ...endToEndSpecs(), ...runnerArgs], {
    CI: process.env.CI ?? 'true',
    BASE_URL: publicUrl,
    E2E_DATABASE_URL: databaseUrl,
    E2E_PORT: String(frontPort),
    E2E_OWN_PORT_BASE: process.env.E2E_OWN_PORT_BASE ?? String(base - 50),
    DIST_DIR: distDir,
    E2E_AN_INSTANCE_IS_KILLED: '1',
  });
  clearInterval(killer);
  return status;
}

async function main() {
  ensureHaproxy();
  if (process.env.CLUSTER_SKIP_BUILD !== '1') {
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', env: { ...process.env, DIST_DIR: distDir } });
    if (built.status !== 0) throw new Error('build failed');
  }
  const { databaseUrl, redisUrl } = await createStores();
  const publicUrl = `http://localhost:${frontPort}`;
  log(`database ${databaseName}, Redis ${redisUrl}, balancer ${publicUrl}, instances ${instancePorts.join(', ')}`);
  log(`instances run Node.js ${process.version}`);
  const { instances, socket } = await startDeployment({ databaseUrl, redisUrl, publicUrl });

  const started = Date.now();
  const deployment = { databaseUrl, publicUrl, instances, socket };
  const status = endToEnd ? await runEndToEnd(deployment) : await runClusterTests(deployment);
  log(
    `${endToEnd ? 'end-to-end suite' : 'cluster tests'} finished in ${Math.round((Date.now() - started) / 1000)} s with exit code ${status}`,
  );

  const killed = instances[1].signalCode === 'SIGKILL';
  const stats = (await haproxyStats(socket)).filter((row) => row.pxname === 'app');
  for (const row of stats) {
    log(`${row.svname}: status ${row.status}, requests ${row.stot}, retries ${row.wretr}, redispatches ${row.wredis}, 5xx ${row.hrsp_5xx}`);
  }
  if (!killed)
    log(`instance 2 was not killed (${endToEnd ? 'the suite ended before CLUSTER_KILL_AFTER' : 'the failover test did not run'})`);
  if (status !== 0) {
    for (const child of children.filter((each) => each.label)) {
      const text = readFileSync(join(work, `${child.label}.log`), 'utf8').trim();
      if (text) console.error(`--- ${child.label} log (last lines)\n${text.split('\n').slice(-30).join('\n')}`);
    }
  }
  // A whole run must have survived the kill; a chosen file or spec need not include it.
  return status !== 0 ? status : killed || runnerArgs.length > 0 ? 0 : 1;
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
