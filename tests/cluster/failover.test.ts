import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SseConnection } from '../support/sse-client';
import type { Person } from '../support/staff';
import { HttpClient } from '../support/http-client';
import {
  BALANCER_URL,
  balancerServers,
  callAt,
  changesOf,
  closeStreams,
  contactUs,
  DEADLINE_MS,
  identityAt,
  type Instance,
  isChange,
  newPerson,
  POLL_MS,
  servedBy,
  stream,
  streamEnds,
  twoInstances,
} from './support/cluster';

/**
 * Instance 2 is killed (SIGKILL: no draining, sockets cut) while requests run through HAProxy.
 * The balancer must hide it (deploy/haproxy/haproxy.cfg): a request that cannot reach instance 2
 * goes to instance 1, and the readiness check takes instance 2 out of the rotation. This file
 * runs after every other (vitest.cluster.config.ts), since nothing crosses instances afterwards.
 */

/** Reads a visitor's pages and the app make; idempotent, so the balancer may send them again. */
const READS = ['/api/movies', '/api/config', '/api/team-members', '/api/schedule', '/', '/about', '/api/health/ready'];
/** Requests in flight at once, as a few visitors' browsers would have. */
const WORKERS = 4;
/** Answered requests before the kill (with some from each instance), so it lands mid-traffic. */
const ANSWERS_BEFORE_KILL = 60;
/** Requests after the balancer has marked instance 2 down, to see the rotation settled. */
const REQUESTS_AFTER_DOWN = 60;

type Phase = 'before' | 'killed' | 'gone' | 'down';
interface Outcome {
  path: string;
  /** When the request started: before the kill, after it, after instance 2 refused connections, after HAProxy marked it down. */
  phase: Phase;
  status: number | null;
  instance: string | null;
  error: string | null;
}

let first: Instance;
let second: Instance;
let visitor: Person;
let staff: Person;
/** A live stream the balancer gave to instance 2 before the kill. */
let held: SseConnection;

beforeAll(async () => {
  [first, second] = await twoInstances();
  visitor = await newPerson(BALANCER_URL, [], 'survivor');
  staff = await newPerson(BALANCER_URL, ['staff'], 'survivor-staff');
  // Round robin: of two streams opened one after the other, one is on each instance.
  for (let attempt = 0; attempt < 4 && !held; attempt++) {
    const connection = await stream(BALANCER_URL, 'topics=movies');
    await connection.waitFor((m) => m.event === 'ready', DEADLINE_MS);
    if (servedBy(connection) === second.name) held = connection;
  }
  if (!held) throw new Error('the balancer gave no stream to instance 2');
});
afterAll(closeStreams);

/** True once nothing listens on the instance's port any more. */
const refusesConnections = (instance: Instance) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(instance.url);
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${DEADLINE_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function read(path: string, phase: Phase): Promise<Outcome> {
  try {
    const response = await fetch(`${BALANCER_URL}${path}`, {
      headers: { accept: path.startsWith('/api/') ? 'application/json' : 'text/html' },
    });
    await response.arrayBuffer();
    return { path, phase, status: response.status, instance: servedBy(response), error: null };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      path,
      phase,
      status: null,
      instance: null,
      error: `${(error as Error).message} (${cause?.code ?? cause?.message ?? 'no cause'})`,
    };
  }
}

/**
 * Reads through the balancer from WORKERS clients at once; instance 2 is killed after
 * ANSWERS_BEFORE_KILL answers, and the loop ends REQUESTS_AFTER_DOWN requests after HAProxy has
 * marked it down (or at the deadline, which fails the test).
 */
async function trafficThroughTheKill(): Promise<{ outcomes: Outcome[]; markedDown: boolean }> {
  const outcomes: Outcome[] = [];
  // Moved on by the kill and its watchers while the workers read it.
  const now: { phase: Phase } = { phase: 'before' };
  let sent = 0;
  let sentWhenDown = Number.POSITIVE_INFINITY;
  const deadline = Date.now() + DEADLINE_MS;
  const watchers: Promise<void>[] = [];

  const kill = () => {
    now.phase = 'killed';
    process.kill(second.pid, 'SIGKILL');
    watchers.push(
      (async () => {
        await until(() => refusesConnections(second), `${second.label} refusing connections`);
        now.phase = 'gone';
        await until(
          async () => (await balancerServers()).some((server) => server.name === 'app2' && server.status.startsWith('DOWN')),
          'HAProxy marking app2 down',
        );
        now.phase = 'down';
        sentWhenDown = sent;
      })().catch(() => undefined),
    );
  };

  const worker = async () => {
    while (sent < sentWhenDown + REQUESTS_AFTER_DOWN && Date.now() < deadline) {
      const outcome = await read(READS[sent % READS.length]!, now.phase);
      sent += 1;
      outcomes.push(outcome);
      const secondAnswered = outcomes.some((each) => each.instance === second.name);
      if (now.phase === 'before' && outcomes.length >= ANSWERS_BEFORE_KILL && secondAnswered) kill();
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  await Promise.all(watchers);
  return { outcomes, markedDown: now.phase === 'down' };
}

describe('failover', () => {
  it('no request through the balancer fails while instance 2 is killed mid-traffic, and instance 1 answers all after', async () => {
    const { outcomes, markedDown } = await trafficThroughTheKill();
    const count = (phase: Phase) => outcomes.filter((outcome) => outcome.phase === phase).length;
    const servers = await balancerServers();
    console.log(
      `failover: ${outcomes.length} requests (${count('before')} before the kill, ${count('killed')} while dying, ` +
        `${count('gone')} after it refused connections, ${count('down')} after HAProxy marked it down); ` +
        servers.map((server) => `${server.name} ${server.status}, ${server.redispatches} redispatched`).join('; '),
    );
    expect(markedDown, 'HAProxy marked app2 down').toBe(true);
    expect(outcomes.filter((outcome) => outcome.error !== null || outcome.status !== 200)).toEqual([]);
    expect(new Set(outcomes.filter((outcome) => outcome.phase === 'before').map((outcome) => outcome.instance))).toEqual(
      new Set([first.name, second.name]),
    );
    const afterDeath = outcomes.filter((outcome) => outcome.phase === 'gone' || outcome.phase === 'down');
    expect(afterDeath.length).toBeGreaterThanOrEqual(REQUESTS_AFTER_DOWN);
    expect(afterDeath.filter((outcome) => outcome.instance !== first.name)).toEqual([]);
    expect(await refusesConnections(second)).toBe(true);
  });

  it('the stream instance 2 held ends, and resumed through the balancer on instance 1 it misses nothing', async () => {
    await streamEnds(held, 'the stream instance 2 held');
    const cursor = held.lastEventId()!;
    const title = `After the kill ${Date.now().toString(36)}`;
    const added = await visitor.call('POST', '/api/movies', { title, genres: ['Drama'] });
    expect(added.status).toBe(201);
    expect(servedBy(added)).toBe(first.name);

    const resumed = await stream(BALANCER_URL, 'topics=movies', { lastEventId: cursor });
    expect(servedBy(resumed)).toBe(first.name);
    await resumed.waitFor(isChange('movies', title), DEADLINE_MS);
    expect(resumed.messages.filter((m) => m.event === 'reset')).toEqual([]);
    const start = Number(cursor.split('=')[1]);
    const got = changesOf(resumed, 'movies');
    expect(got.map((change) => change.version)).toEqual(got.map((_, index) => start + 1 + index));
  });

  it('instance 1 serves sign-in, sessions made before the kill, writes and the console through the balancer', async () => {
    const answers = [];
    const newcomer = await newPerson(BALANCER_URL, [], 'newcomer');
    answers.push(
      await callAt(BALANCER_URL, newcomer, 'POST', '/api/movies', { title: `Newcomer ${Date.now().toString(36)}`, genres: ['Comedy'] }),
    );
    const identity = await identityAt(BALANCER_URL);
    answers.push(
      await new HttpClient(BALANCER_URL).request('POST', `/identity/v1/accounts:lookup?key=${identity.apiKey}`, {
        body: { idToken: visitor.idToken },
        csrf: false,
      }),
    );
    answers.push(
      await new HttpClient(BALANCER_URL).request('POST', `/identity/v1/token?key=${identity.apiKey}`, {
        body: { grant_type: 'refresh_token', refresh_token: staff.refreshToken },
        csrf: false,
      }),
    );
    const { id } = await contactUs(BALANCER_URL);
    answers.push(await callAt(BALANCER_URL, staff, 'GET', `/api/admin/inbox/${id}`));
    answers.push(await new HttpClient(BALANCER_URL).request('GET', '/team', { headers: { accept: 'text/html' } }));

    expect(answers.map((answer) => answer.status)).toEqual([201, 200, 200, 200, 200]);
    expect(answers.map(servedBy)).toEqual(answers.map(() => first.name));
  });
});
