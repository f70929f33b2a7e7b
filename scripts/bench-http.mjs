// HTTP throughput of the built server against what Node.js itself can send, in one run.
//   npm run build && npm run bench:http
// For each request it measures, in BENCH_REPEATS (default 3) interleaved rounds of BENCH_SECONDS
// (default 2) each, reporting the median round (the machine is shared: interleaving short
// rounds keeps a burst of other work from landing on one contestant only):
//   ceiling   a bare node:http server answering with exactly the bytes the product sent
//             (same status, headers and body, captured first);
//   fastify   a bare Fastify route answering with those same bytes;
//   product   the built server (dist/server/server.js) on a fresh seeded SQLite database,
//             logging at info as in production (to /dev/null).
// and prints req/s, p50 and p99 with the ratio product/ceiling (and fastify/ceiling). The
// cost of request logging and of metrics is measured on /api/services with two more product
// instances (LOG_REQUESTS=errors, and metrics off).
// Load comes from `wrk` (Debian: `apt-get install -y wrk`) with 1 thread and BENCH_CONNECTIONS
// (default 10) keep-alive connections; without wrk a small Node load generator in its own
// process does the same (slower: it lowers every figure, the ratios stay comparable). Loopback
// only; every round is bounded in time. Ports: BENCH_PORT (default 35020) and the next four.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const distDir = resolve(process.env.DIST_DIR ?? 'dist');
const basePort = Number(process.env.BENCH_PORT ?? 35020);
const seconds = Math.min(Math.max(Number(process.env.BENCH_SECONDS ?? 2), 1), 20);
const repeats = Math.min(Math.max(Number(process.env.BENCH_REPEATS ?? 3), 1), 9);
const connections = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 10), 1), 100);
const serverFile = join(distDir, 'server', 'server.js');
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

if (!existsSync(serverFile)) {
  console.error(`No built server at ${serverFile}: run "npm run build" first (or set DIST_DIR).`);
  process.exit(1);
}
const hasWrk = spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;

const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
const children = new Set();
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

const pidByPort = new Map();

function startChild(args, env, port) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
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

function startProduct(port, name, env = {}) {
  return startChild(
    [serverFile],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATABASE_URL: `sqlite:${join(dir, `${name}.db`)}`,
      SEED: 'demo',
      LOG_LEVEL: 'info',
      METRICS_TOKEN,
      NODE_ENV: 'production',
      ...env,
    },
    port,
  );
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

/** The round with the median request rate. */
function median(rounds) {
  return [...rounds].sort((a, b) => a.rps - b.rps)[Math.floor(rounds.length / 2)];
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
    const child = spawn(hasWrk ? 'wrk' : process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
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

async function main() {
  const [productPort, ceilingPort, fastifyPort, noLogPort, noMetricsPort] = [0, 1, 2, 3, 4].map((offset) => basePort + offset);
  console.log(
    `bench:http: ${repeats} x ${seconds} s rounds (median shown), ${connections} connections, load from ${hasWrk ? 'wrk' : 'the Node load generator (install wrk for higher ceilings: apt-get install -y wrk)'}`,
  );
  await startProduct(productPort, 'product');

  const member = JSON.parse((await rawGet(productPort, '/api/team-members')).body.toString())[0];
  const identity = {};
  const brotli = { 'Accept-Encoding': 'br' };
  const cases = [
    { label: 'GET /api/services', path: '/api/services', headers: identity },
    { label: 'GET /api/movies', path: '/api/movies', headers: identity },
    { label: 'GET /', path: '/', headers: identity },
    { label: 'GET /about', path: '/about', headers: identity },
    { label: `GET /team/${member.id}`, path: `/team/${encodeURIComponent(member.id)}`, headers: identity },
    { label: 'GET / (br)', path: '/', headers: brotli, replayPath: '/__br/' },
  ];

  // Capture the product's exact answers for the replay servers.
  const routes = [];
  for (const item of cases) {
    const answer = await rawGet(productPort, item.path, item.headers);
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
  await import('node:fs/promises').then((fs) => fs.writeFile(replayFile, JSON.stringify(routes)));
  const fastifyPath = resolve('node_modules/fastify/fastify.js');
  await startChild(['-e', CEILING_SOURCE], { PORT: String(ceilingPort), REPLAY_FILE: replayFile }, ceilingPort);
  await startChild(['-e', FASTIFY_SOURCE], { PORT: String(fastifyPort), REPLAY_FILE: replayFile, FASTIFY_PATH: fastifyPath }, fastifyPort);
  await startProduct(noLogPort, 'nolog', { LOG_REQUESTS: 'errors' });
  await startProduct(noMetricsPort, 'nometrics', { METRICS_TOKEN: '' });

  const results = [];
  for (const item of cases) {
    // A warm-up round of each (not counted), so no measured round pays for JIT and cache filling.
    for (const port of [ceilingPort, fastifyPort, productPort]) {
      await loadOnce(port, port === productPort ? item.path : (item.replayPath ?? item.path), item.headers, 1);
    }
    const rounds = { ceiling: [], fastify: [], product: [] };
    for (let round = 0; round < repeats; round++) {
      rounds.ceiling.push(await load(ceilingPort, item.replayPath ?? item.path, item.headers));
      rounds.fastify.push(await load(fastifyPort, item.replayPath ?? item.path, item.headers));
      rounds.product.push(await load(productPort, item.path, item.headers));
    }
    results.push({ item, ceiling: median(rounds.ceiling), fastify: median(rounds.fastify), product: median(rounds.product) });
  }
  const services = cases[0];
  const costs = { withoutLog: [], withoutMetrics: [], withAll: [] };
  for (let round = 0; round < repeats; round++) {
    costs.withoutLog.push(await load(noLogPort, services.path, services.headers));
    costs.withoutMetrics.push(await load(noMetricsPort, services.path, services.headers));
    costs.withAll.push(await load(productPort, services.path, services.headers));
  }
  const [withoutLog, withoutMetrics, withAll] = [costs.withoutLog, costs.withoutMetrics, costs.withAll].map(median);

  const rps = (value) => Math.round(value).toLocaleString('en-US');
  const ms = (value) => `${value.toFixed(2)} ms`;
  const us = (value) => `${Math.round(value * 1000)} us`;
  const rows = results.map(({ item, ceiling, fastify, product }) => [
    `${item.label} (${(item.bytes / 1024).toFixed(1)} KB ${item.encoding})`,
    `${rps(product.rps)} req/s, p50 ${ms(product.p50)}, p99 ${ms(product.p99)}, CPU ${us(product.cpuPerRequest)}/req`,
    `${rps(ceiling.rps)} req/s, p50 ${ms(ceiling.p50)}, p99 ${ms(ceiling.p99)}, CPU ${us(ceiling.cpuPerRequest)}/req`,
    `${(product.rps / ceiling.rps).toFixed(2)}x`,
    `${(ceiling.cpuPerRequest / product.cpuPerRequest).toFixed(2)}x`,
    `${rps(fastify.rps)} req/s (${(fastify.rps / ceiling.rps).toFixed(2)}x), CPU ${us(fastify.cpuPerRequest)}/req (${(ceiling.cpuPerRequest / fastify.cpuPerRequest).toFixed(2)}x)`,
  ]);
  const header = ['request', 'product', 'bare node:http, same bytes', 'ratio req/s', 'ratio at equal CPU', 'bare Fastify route'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(line(header));
  console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const row of rows) console.log(line(row));
  const perRequest = (other) => Math.round((withAll.cpuPerRequest - other.cpuPerRequest) * 1000);
  console.log(
    `\nGET /api/services, CPU per request: product as above ${us(withAll.cpuPerRequest)}; with LOG_REQUESTS=errors ` +
      `${us(withoutLog.cpuPerRequest)} (logging costs about ${perRequest(withoutLog)} us per request); without metrics ` +
      `${us(withoutMetrics.cpuPerRequest)} (metrics cost about ${perRequest(withoutMetrics)} us per request). ` +
      'Differences within about 20 us are noise on a shared machine.',
  );
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await sleep(300);
  rmSync(dir, { recursive: true, force: true });
}
