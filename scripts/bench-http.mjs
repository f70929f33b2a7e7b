// HTTP throughput and CPU per request of the built server against what Node.js itself can
// send, in one run.
//   npm run build && npm run bench:http
// For each request it runs BENCH_ROUNDS (default 5) interleaved rounds of BENCH_SECONDS (default
// 2) each of:
//   ceiling     a bare node:http server answering with exactly the bytes the product sent
//               (same status, headers and body, captured first);
//   fastify     a bare Fastify route answering with those same bytes;
//   defaults    the built server (dist/server/server.js) as `npm start` runs it: the default
//               environment, request log on (to /dev/null), `--enable-source-maps`;
//   production  the same server with the documented production settings (docs/deployment.md:
//               NODE_ENV=production, TRUST_PROXY=1, INSTANCE_ID, PUBLIC_URL, API_KEY, metrics on).
// Both products run on a fresh seeded SQLite database (the routes measured are answered from
// memory, so the database engine does not enter). Each round's ratio is taken against the
// ceiling's round next to it (the machine is shared: interleaving short rounds keeps a burst of
// other work from landing on one contestant only), and the median and the spread (lowest to
// highest) of the 5 ratios are printed, in req/s and at equal CPU (CPU time per request from
// /proc). The aims (0.5x for JSON, 0.4x for pages) are judged on every round, not the best one.
// The load average at the start and the end is printed; the results are written into
// docs/performance.md between its bench:http markers (BENCH_NO_DOCS=1 leaves it alone).
// Load comes from `wrk` (Debian: `apt-get install -y wrk`) with 1 thread and BENCH_CONNECTIONS
// (default 10) keep-alive connections; without wrk a small Node load generator in its own
// process does the same (slower: it lowers every req/s figure, CPU per request is unaffected).
// Loopback only; every round is bounded in time. Ports: BENCH_PORT (default 35020) and the next
// three. BENCH_CPU_PROF=<dir> runs both products under --cpu-prof (profiles written there on exit;
// `node scripts/cpu-profile-top.mjs <file>` prints their top entries).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const distDir = resolve(process.env.DIST_DIR ?? 'dist');
const basePort = Number(process.env.BENCH_PORT ?? 35020);
const seconds = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 2), 1), 20);
const repeats = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? process.env.BENCH_REPEATS ?? 5), 1), 9);
const connections = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 10), 1), 100);
const serverFile = join(distDir, 'server', 'server.js');
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

if (!existsSync(serverFile)) {
  console.error(`No built server at ${serverFile}: run "npm run build" first (or set DIST_DIR).`);
  process.exit(1);
}
const hasWrk = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;

// Each server on the last CPU, the load generator on the first (BENCH_PIN=0 leaves them to the
// scheduler). Unpinned, a round's ratio moved with where the scheduler put the server and wrk:
// on two CPUs even a bare Fastify route ranged from 0.67x to 1.78x of the ceiling in one run.
// taskset execs the command, so the child's PID (read for its CPU time) is the server's own.
const pinCpus =
  process.env.BENCH_PIN !== '0' && cpus().length >= 2 && spawnSync('taskset', ['-V'], { stdio: 'ignore' }).error === undefined;
const SERVER_CPU = String(cpus().length - 1);
const LOAD_CPU = '0';
function pinned(command, args, cpu) {
  return pinCpus ? ['taskset', ['-c', cpu, command, ...args]] : [command, args];
}

const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
const children = new Set();
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

const pidByPort = new Map();

function startChild(args, env, port) {
  const child = spawn(...pinned(process.execPath, args, SERVER_CPU), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  pidByPort.set(port, child.pid);
  child.on('exit', () => children.delete(child));
  return waitUntilUp(child, port);
}

// CPU time a server process used (Linux /proc, in clock ticks of 1/CLK_TCK s). On a shared
// machine req/s depends on how much CPU the scheduler happened to give each process; CPU time
// per request does not, so the ratios are also given at equal CPU.
const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return Number.NaN;
  }
}

async function waitUntilUp(child, port) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`a benchmark server exited with code ${child.exitCode}`);
    try {
      await rawGet(port, '/__up');
      return child;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`the server on port ${port} did not start`);
}

const cpuProfDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : null;

/** The two settings measured: what `npm start` runs, and docs/deployment.md's production settings. */
const PROFILES = {
  defaults: {},
  production: {
    NODE_ENV: 'production',
    TRUST_PROXY: '1',
    INSTANCE_ID: 'bench-1',
    API_KEY: 'bench-api-key-0123456789',
    AUTHORIZED_DOMAINS: '127.0.0.1',
    LOG_LEVEL: 'info',
    METRICS_TOKEN,
  },
};

function startProduct(port, name) {
  // Settings of the shell this runs in must not leak into either profile.
  const env = { ...process.env };
  for (const key of [
    'NODE_ENV',
    'TRUST_PROXY',
    'INSTANCE_ID',
    'API_KEY',
    'AUTHORIZED_DOMAINS',
    'LOG_LEVEL',
    'LOG_REQUESTS',
    'METRICS_TOKEN',
    'PUBLIC_URL',
    'REDIS_URL',
  ]) {
    delete env[key];
  }
  const profileArgs = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${join(cpuProfDir, name)}`] : [];
  const child = spawn(...pinned(process.execPath, ['--enable-source-maps', ...profileArgs, serverFile], SERVER_CPU), {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATABASE_URL: `sqlite:${join(dir, `${name}.db`)}`,
      SEED: 'demo',
      ...(name === 'production' ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
      ...PROFILES[name],
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  pidByPort.set(port, child.pid);
  child.on('exit', () => children.delete(child));
  return waitUntilUp(child, port);
}

/** One GET over a fresh connection: status, raw headers and the body's bytes. */
function rawGet(port, path, headers = {}) {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false, timeout: 5000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) }));
      response.on('error', fail);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', fail);
    req.end();
  });
}

/** The headers a replay server sends: the product's, minus those of the connection itself. */
function replayHeaders(rawHeaders, length) {
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const pairs = [];
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (!skip.has(rawHeaders[index].toLowerCase())) pairs.push([rawHeaders[index], rawHeaders[index + 1]]);
  }
  pairs.push(['Content-Length', String(length)]);
  return pairs;
}

// The two replay servers run in their own processes, like the product, from this source text.
const REPLAY_COMMON = `
const fs = require('node:fs');
const routes = JSON.parse(fs.readFileSync(process.env.REPLAY_FILE, 'utf8'));
const table = new Map(routes.map((r) => [r.path, { status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64') }]));
`;
const CEILING_SOURCE = `${REPLAY_COMMON}
const http = require('node:http');
http.createServer((req, res) => {
  const route = table.get(req.url);
  if (!route) { res.statusCode = 200; res.end('up'); return; }
  res.writeHead(route.status, route.headers.flat());
  res.end(route.body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;
const FASTIFY_SOURCE = `${REPLAY_COMMON}
const Fastify = require(process.env.FASTIFY_PATH);
const app = Fastify({ logger: false });
for (const [path, route] of table) {
  app.get(path, (request, reply) => {
    reply.status(route.status);
    for (const [name, value] of route.headers) reply.header(name, value);
    return reply.send(route.body);
  });
}
app.get('/__up', (request, reply) => reply.send('up'));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

// The fallback load generator: CONNECTIONS keep-alive sockets, each sending its next request
// as soon as the previous answer is complete, for SECONDS; prints JSON figures.
const NODE_LOAD_SOURCE = `
const http = require('node:http');
const [port, path, secs, conns, headerJson] = process.argv.slice(1);
const headers = JSON.parse(headerJson);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(conns) });
const latencies = [];
let errors = 0;
const end = Date.now() + Number(secs) * 1000;
function loop() {
  if (Date.now() >= end) return Promise.resolve();
  return new Promise((done) => {
    const start = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port: Number(port), path, headers, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => { latencies.push(Number(process.hrtime.bigint() - start) / 1e6); done(); });
    });
    req.on('error', () => { errors++; done(); });
    req.end();
  }).then(loop);
}
Promise.all(Array.from({ length: Number(conns) }, loop)).then(() => {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log(JSON.stringify({ rps: latencies.length / Number(secs), p50: at(0.5), p99: at(0.99), errors }));
  agent.destroy();
});
`;

/** Median, lowest and highest of a list of numbers. */
function spread(values) {
  // A round in which /proc counted no CPU tick for a server gives no ratio at equal CPU.
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: Number.NaN, low: Number.NaN, high: Number.NaN };
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, low: sorted[0], high: sorted[sorted.length - 1] };
}

function toMs(text) {
  const match = /([\d.]+)(us|ms|s)/.exec(text);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

/** Loads one address for `seconds`; resolves to { rps, p50, p99 } (milliseconds) and CPU ms per request. */
async function load(port, path, headers) {
  const pid = pidByPort.get(port);
  const before = cpuMs(pid);
  const result = await loadOnce(port, path, headers);
  const used = cpuMs(pid) - before;
  return { ...result, cpuPerRequest: used / (result.rps * seconds) };
}

function loadOnce(port, path, headers, duration = seconds) {
  return new Promise((done, fail) => {
    const args = hasWrk
      ? [
          '-t1',
          `-c${connections}`,
          `-d${duration}s`,
          '--latency',
          ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
          `http://127.0.0.1:${port}${path}`,
        ]
      : ['-e', NODE_LOAD_SOURCE, String(port), path, String(duration), String(connections), JSON.stringify(headers)];
    const child = spawn(...pinned(hasWrk ? 'wrk' : process.execPath, args, LOAD_CPU), { stdio: ['ignore', 'pipe', 'inherit'] });
    const killer = setTimeout(() => child.kill('SIGKILL'), (duration + 15) * 1000);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', fail);
    child.on('exit', () => {
      clearTimeout(killer);
      if (!hasWrk) return done(JSON.parse(out));
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const p50 = toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
      const p99 = toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
      const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
      if (non2xx > 0) console.error(`  (warning: ${non2xx} non-2xx answers from :${port}${path})`);
      done({ rps, p50, p99 });
    });
  });
}

/** The aims: JSON at least half of what node:http does with the same bytes, pages 0.4. */
const AIMS = { json: 0.5, page: 0.4 };

const loadText = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** Runs every route's rounds; the ratios of each round are taken against the ceiling's round next to it. */
async function measure(cases, ports) {
  const results = [];
  for (const item of cases) {
    const paths = {
      ceiling: item.replayPath ?? item.path,
      fastify: item.replayPath ?? item.path,
      defaults: item.path,
      production: item.path,
    };
    // A warm-up round of each (not counted), so no measured round pays for JIT and cache filling.
    for (const name of Object.keys(ports)) await loadOnce(ports[name], paths[name], item.headers, 1);
    const rounds = { ceiling: [], fastify: [], defaults: [], production: [] };
    for (let round = 0; round < repeats; round++) {
      for (const name of Object.keys(ports)) rounds[name].push(await load(ports[name], paths[name], item.headers));
    }
    const contestants = {};
    for (const name of ['fastify', 'defaults', 'production']) {
      const own = rounds[name];
      contestants[name] = {
        rps: spread(own.map((round) => round.rps)),
        cpu: spread(own.map((round) => round.cpuPerRequest * 1000)),
        p50: spread(own.map((round) => round.p50)),
        p99: spread(own.map((round) => round.p99)),
        ratioRps: spread(own.map((round, index) => round.rps / rounds.ceiling[index].rps)),
        ratioCpu: spread(own.map((round, index) => rounds.ceiling[index].cpuPerRequest / round.cpuPerRequest)),
      };
    }
    results.push({
      item,
      ceilingRps: spread(rounds.ceiling.map((round) => round.rps)),
      ceilingCpu: spread(rounds.ceiling.map((round) => round.cpuPerRequest * 1000)),
      contestants,
    });
    console.log(`  measured ${item.label} (load average ${loadText()})`);
  }
  return results;
}

function table(results) {
  const x = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');
  const range = (stat) => `${x(stat.median)} (${x(stat.low)} to ${x(stat.high)})`;
  const rows = [];
  for (const { item, ceilingRps, ceilingCpu, contestants } of results) {
    const aim = AIMS[item.kind];
    for (const name of ['defaults', 'production', 'fastify']) {
      const figures = contestants[name];
      const every =
        name === 'fastify' ? '' : `req/s ${figures.ratioRps.low >= aim ? 'yes' : 'no'}, CPU ${figures.ratioCpu.low >= aim ? 'yes' : 'no'}`;
      rows.push([
        name === 'defaults' ? `\`${item.label}\` (${(item.bytes / 1024).toFixed(1)} KB ${item.encoding})` : '',
        name === 'fastify' ? 'bare Fastify route' : name === 'defaults' ? '`npm start` defaults' : 'production settings',
        `${Math.round(figures.rps.median).toLocaleString('en-US')} (${Math.round(ceilingRps.median).toLocaleString('en-US')})`,
        `${Math.round(figures.cpu.median)} us (${Math.round(ceilingCpu.median)} us)`,
        `${figures.p50.median.toFixed(2)} / ${figures.p99.median.toFixed(2)} ms`,
        range(figures.ratioRps),
        range(figures.ratioCpu),
        name === 'fastify' ? '' : `${x(aim)}: ${every}`,
      ]);
    }
  }
  const header = [
    'request',
    'server',
    'req/s (ceiling)',
    'CPU per request (ceiling)',
    'p50 / p99',
    'req/s ratio, median (spread)',
    'ratio at equal CPU, median (spread)',
    'aim met in every round',
  ];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** Replaces the text between the bench:http markers of docs/performance.md with these results. */
function writeDocs(text) {
  const file = resolve('docs/performance.md');
  const [open, close] = ['<!-- bench:http results: start -->', '<!-- bench:http results: end -->'];
  const doc = readFileSync(file, 'utf8');
  const from = doc.indexOf(open);
  const to = doc.indexOf(close);
  if (from === -1 || to < from) {
    console.error(`(docs/performance.md has no bench:http markers: results not written)`);
    return;
  }
  writeFileSync(file, `${doc.slice(0, from + open.length)}\n\n${text}\n\n${doc.slice(to)}`);
  console.log('\nwritten into docs/performance.md');
}

async function main() {
  const startLoad = loadText();
  const ports = { ceiling: basePort + 2, fastify: basePort + 3, defaults: basePort, production: basePort + 1 };
  const tool = hasWrk ? 'wrk' : 'the Node load generator (install wrk for higher ceilings: apt-get install -y wrk)';
  const pinning = pinCpus ? `, servers pinned to CPU ${SERVER_CPU} and the load to CPU ${LOAD_CPU}` : '';
  const intro = `${repeats} x ${seconds} s interleaved rounds per route and server, ${connections} connections, load from ${tool}${pinning}; ${cpus().length} CPUs, load average at start ${startLoad}`;
  console.log(`bench:http: ${intro}`);
  await startProduct(ports.defaults, 'defaults');

  const member = JSON.parse((await rawGet(ports.defaults, '/api/team-members')).body.toString())[0];
  const identity = {};
  const cases = [
    { label: 'GET /api/services', kind: 'json', path: '/api/services', headers: identity },
    { label: 'GET /api/movies', kind: 'json', path: '/api/movies', headers: identity },
    { label: 'GET /', kind: 'page', path: '/', headers: identity },
    { label: 'GET /about', kind: 'page', path: '/about', headers: identity },
    { label: `GET /team/${member.id}`, kind: 'page', path: `/team/${encodeURIComponent(member.id)}`, headers: identity },
    { label: 'GET / (br)', kind: 'page', path: '/', headers: { 'Accept-Encoding': 'br' }, replayPath: '/__br/' },
  ];

  // Capture the product's exact answers (as `npm start` sends them) for the replay servers.
  const routes = [];
  for (const item of cases) {
    const answer = await rawGet(ports.defaults, item.path, item.headers);
    if (answer.status !== 200) throw new Error(`${item.path} answered ${answer.status}`);
    item.bytes = answer.body.length;
    item.encoding =
      answer.rawHeaders.find((_value, index, all) => index % 2 === 1 && all[index - 1].toLowerCase() === 'content-encoding') ?? 'identity';
    routes.push({
      path: item.replayPath ?? item.path,
      status: answer.status,
      headers: replayHeaders(answer.rawHeaders, answer.body.length),
      body: answer.body.toString('base64'),
    });
  }
  const replayFile = join(dir, 'replay.json');
  writeFileSync(replayFile, JSON.stringify(routes));
  const fastifyPath = resolve('node_modules/fastify/fastify.js');
  await startChild(['-e', CEILING_SOURCE], { PORT: String(ports.ceiling), REPLAY_FILE: replayFile }, ports.ceiling);
  await startChild(
    ['-e', FASTIFY_SOURCE],
    { PORT: String(ports.fastify), REPLAY_FILE: replayFile, FASTIFY_PATH: fastifyPath },
    ports.fastify,
  );
  await startProduct(ports.production, 'production');

  const results = await measure(cases, ports);
  const endLoad = loadText();
  const busiest = Math.max(Number(startLoad.split(', ')[0]), Number(endLoad.split(', ')[0]));
  const verdict =
    busiest > cpus().length
      ? ` The load average was above the number of CPUs (${cpus().length}): other work shared them, so these figures judge nothing against the aims; run again on an idle machine.`
      : '';
  const text = [
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${intro}, at the end ${endLoad}.${verdict}`,
    '',
    table(results),
  ].join('\n');
  console.log(`\n${table(results)}\n\nload average at the end: ${endLoad}.${verdict}`);
  if (process.env.BENCH_NO_DOCS !== '1') writeDocs(text);
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGTERM');
  // The products shut down gracefully (and write their CPU profiles): give them up to 10 s.
  for (let waited = 0; children.size > 0 && waited < 10_000; waited += 100) await sleep(100);
  rmSync(dir, { recursive: true, force: true });
}
