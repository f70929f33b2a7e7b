// Benchmark of the live change stream: the time from a movie written through the API to its
// arrival on every connected stream, at 1, 100 and 1,000 clients, and the server memory each
// client costs. First one instance on SQLite; then, when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) names a PostgreSQL server, two instances on one fresh database with Redis
// (BENCH_REDIS_URL / TEST_REDIS_URL, default redis://127.0.0.1:6379): writes go to the first,
// clients listen on the second. Loopback only; every loop is bounded.
//   npm run build && npm run bench:live            (DIST_DIR, BENCH_PORT to vary)
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startBuiltServer, stopServer } from './built-server.mjs';

const distDir = resolve(process.env.DIST_DIR ?? 'dist');
const basePort = Number(process.env.BENCH_PORT ?? 38021);
const LEVELS = [1, 100, 1000];
const WRITES_PER_LEVEL = 10;
const ARRIVAL_TIMEOUT_MS = 10_000;
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const serverFile = join(distDir, 'server', 'server.js');
if (!existsSync(serverFile)) {
  console.error(`No built server at ${serverFile}: run "npm run build" first (or set DIST_DIR).`);
  process.exit(1);
}
// Rate limits count per address; a random one per run keeps runs (and a shared Redis) apart.
const clientAddress = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

function startServer(port, env) {
  return startBuiltServer({
    serverFile,
    nodeArgs: ['--expose-gc'],
    origin: `http://127.0.0.1:${port}`,
    env: { PORT: String(port), HOST: '127.0.0.1', DIST_DIR: distDir, LOG_LEVEL: 'warn', TRUST_PROXY: '1', ...env },
  });
}

const rssKiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** A signed-in user's ID token, and the CSRF cookie pair a write needs. */
async function signIn(origin) {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': clientAddress };
  const config = await fetch(`${origin}/api/config`, { headers });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(config.headers.getSetCookie().join(';'))?.[1];
  const signUp = await fetch(`${origin}/identity/v1/accounts:signUp?key=${process.env.API_KEY ?? 'dev-api-key-northwind'}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email: `bench-${randomBytes(6).toString('hex')}@example.com`,
      password: 'bench password 123',
      returnSecureToken: true,
    }),
  });
  const { idToken } = await signUp.json();
  if (!idToken || !xsrf) throw new Error('could not sign up the benchmark user');
  return { idToken, xsrf };
}

async function addMovie(origin, auth, title) {
  const response = await fetch(`${origin}/api/movies`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${auth.idToken}`,
      cookie: `XSRF-TOKEN=${auth.xsrf}`,
      'x-xsrf-token': auth.xsrf,
      'x-forwarded-for': clientAddress,
    },
    body: JSON.stringify({ title, genres: ['Bench'] }),
  });
  if (response.status !== 201) throw new Error(`add answered ${response.status}: ${await response.text()}`);
}

let streamClients = 0;

/** One stream client: calls onTitle(title, time) for every movie add it hears. */
function connect(origin, onTitle) {
  // Each client from an address of its own, as real browsers are (20 streams per address).
  const n = (streamClients += 1);
  const headers = { accept: 'text/event-stream', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  return new Promise((resolvePromise, reject) => {
    const req = request(`${origin}/api/changes?topics=movies`, { agent, headers }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      let ready = false;
      res.on('data', (chunk) => {
        const now = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: ready') && !ready) {
            ready = true;
            resolvePromise(req);
          }
          if (!block.includes('event: change')) continue;
          const data = block.slice(block.indexOf('data: ') + 6);
          onTitle(JSON.parse(data).key, now);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(label, writeOrigin, readOrigin, serverPid) {
  const auth = await signIn(writeOrigin);
  const rows = [];
  for (const clients of LEVELS) {
    const before = rssKiB(serverPid);
    const arrivals = new Map();
    const connections = [];
    for (let i = 0; i < clients; i += 50) {
      const batch = Array.from({ length: Math.min(50, clients - i) }, () =>
        connect(readOrigin, (title, time) => arrivals.get(title)?.push(time)),
      );
      connections.push(...(await Promise.all(batch)));
    }
    await new Promise((done) => setTimeout(done, 500));
    const after = rssKiB(serverPid);
    const latencies = [];
    const writes = [];
    for (let w = 0; w < WRITES_PER_LEVEL; w++) {
      const title = `Bench ${label} ${clients} ${w} ${randomBytes(3).toString('hex')}`;
      arrivals.set(title, []);
      const start = performance.now();
      await addMovie(writeOrigin, auth, title);
      writes.push(performance.now() - start);
      const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
      while (arrivals.get(title).length < clients && Date.now() < deadline) await new Promise((done) => setTimeout(done, 5));
      const got = arrivals.get(title);
      if (got.length < clients) console.warn(`  ${clients - got.length} of ${clients} clients missed "${title}"`);
      for (const time of got) latencies.push(time - start);
    }
    for (const connection of connections) connection.destroy();
    latencies.sort((a, b) => a - b);
    writes.sort((a, b) => a - b);
    rows.push({
      setup: label,
      clients,
      'write answered, median ms': percentile(writes, 50).toFixed(1),
      'arrival median ms': percentile(latencies, 50).toFixed(1),
      'arrival p99 ms': percentile(latencies, 99).toFixed(1),
      'KiB per client': clients >= 100 ? ((after - before) / clients).toFixed(1) : '-',
    });
    await new Promise((done) => setTimeout(done, 500));
  }
  return rows;
}

const results = [];
const dir = mkdtempSync(join(tmpdir(), 'bench-live-'));
try {
  const single = await startServer(basePort, { DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`, SEED: 'none', REDIS_URL: '' });
  try {
    const origin = `http://127.0.0.1:${basePort}`;
    results.push(...(await measure('1 instance, SQLite', origin, origin, single.pid)));
  } finally {
    await stopServer(single);
  }

  if (postgresUrl) {
    const name = `bench_live_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), SEED: 'none', REDIS_URL: redisUrl };
    const writer = await startServer(basePort + 1, env);
    const reader = await startServer(basePort + 2, env).catch(async (error) => {
      await stopServer(writer);
      throw error;
    });
    try {
      results.push(
        ...(await measure(
          '2 instances, PostgreSQL + Redis',
          `http://127.0.0.1:${basePort + 1}`,
          `http://127.0.0.1:${basePort + 2}`,
          reader.pid,
        )),
      );
    } finally {
      await Promise.all([stopServer(writer), stopServer(reader)]);
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    }
  } else {
    console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL for the two-instance PostgreSQL + Redis run)');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  agent.destroy();
}
console.log(
  `Time from the start of a movie add (POST) to its arrival on each stream, loopback, ${WRITES_PER_LEVEL} writes per row, every client's arrival counted; "write answered" is the POST's own round trip in the same run, the baseline:`,
);
console.table(results);
