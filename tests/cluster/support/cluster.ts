import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { Role } from '../../../src/common/roles';
import { type DatabaseHandle, openDatabase } from '../../../src/server/platform/db/database';
import { grantAsOperator } from '../../support/operator-roles';
import { openStream, type SseConnection } from '../../support/sse-client';
import { identityCall, type IdentityTarget, PASSWORD, type Person, signIn, uniqueEmail } from '../../support/staff';
import { HttpClient, type HttpResponse } from '../../support/http-client';

/**
 * The deployment `scripts/test-cluster.mjs` started: HAProxy in front of two instances of the
 * built server over one PostgreSQL database and one Redis. Every test here writes through one
 * instance and reads through the other, addressing each directly, so that what it checks has
 * to cross from one process to the other.
 */

function setting(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: these tests run against the deployment of scripts/test-cluster.mjs (npm run test:cluster)`);
  return value;
}

const list = (name: string) =>
  setting(name)
    .split(',')
    .map((value) => value.trim());

export interface Instance {
  /** `instance 1`, `instance 2`: for messages. */
  label: string;
  url: string;
  pid: number;
  /** The port of its inbound-mail SMTP receiver. */
  smtpPort: number;
  /** What it answers in X-Instance. */
  name: string;
}

export const BALANCER_URL = setting('CLUSTER_URL');
export const DATABASE_URL = setting('CLUSTER_DATABASE_URL');
export const INBOUND_MAIL_SECRET = setting('CLUSTER_INBOUND_MAIL_SECRET');
export const INBOUND_MAIL_DOMAIN = setting('CLUSTER_INBOUND_MAIL_DOMAIN');
const HAPROXY_SOCKET = setting('CLUSTER_HAPROXY_SOCKET');

/**
 * How long a condition may take before it counts as never happening. Waits end as soon as their
 * condition holds, so this is reached only by a failure; it is generous because the machine
 * running the deployment may be busy with other work.
 */
export const DEADLINE_MS = 60_000;
/** How often a polled condition is looked at again. */
export const POLL_MS = 100;

let instancesFound: Promise<[Instance, Instance]> | null = null;

/**
 * The two instances, each having said its name (X-Instance) when asked directly. Two different
 * names prove that the two addresses are two processes, without which no test here crosses.
 */
export function twoInstances(): Promise<[Instance, Instance]> {
  instancesFound ??= (async () => {
    const urls = list('CLUSTER_INSTANCE_URLS');
    const pids = list('CLUSTER_INSTANCE_PIDS').map(Number);
    const smtpPorts = list('CLUSTER_INBOUND_SMTP_PORTS').map(Number);
    if (urls.length !== 2 || pids.length !== 2 || smtpPorts.length !== 2) throw new Error('the cluster tests need exactly two instances');
    const found = await Promise.all(
      urls.map(async (url, index) => {
        const response = await fetch(`${url}/api/health/ready`);
        const name = response.headers.get('x-instance');
        if (!response.ok || !name) throw new Error(`instance ${index + 1} (${url}) is not ready: ${response.status}`);
        return { label: `instance ${index + 1}`, url, pid: pids[index]!, smtpPort: smtpPorts[index]!, name };
      }),
    );
    if (found[0]!.name === found[1]!.name) throw new Error(`both instance addresses reach the same process (${found[0]!.name})`);
    return found as [Instance, Instance];
  })();
  return instancesFound;
}

/** Which instance answered (its X-Instance). */
export const servedBy = (response: { headers: Headers }) => response.headers.get('x-instance');

let apiKey: Promise<string> | null = null;

/** An instance as the identity calls address it: its URL and the API key the deployment uses. */
export async function identityAt(url: string): Promise<IdentityTarget> {
  apiKey ??= new HttpClient(BALANCER_URL).get<{ apiKey: string }>('/api/config').then((response) => response.body.apiKey);
  return { url, apiKey: await apiKey };
}

/** Runs `read` on a connection of its own to the deployment's database (to see what was stored). */
export async function stored<T>(read: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openDatabase(DATABASE_URL, { poolSize: 1 });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

/**
 * A new account signed up through `url`, given its roles in the database as
 * `npm run admin -- grant` does, then signed in there again so its ID token carries them.
 */
export async function newPerson(url: string, roles: Role[] = [], label = 'user'): Promise<Person> {
  const target = await identityAt(url);
  const email = uniqueEmail(label);
  const response = await identityCall(target, 'accounts:signUp', { email, password: PASSWORD, returnSecureToken: true });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.text}`);
  if (roles.length === 0) return signIn(target, email);
  await stored(async ({ db, engine }) => {
    await grantAsOperator(db, engine, response.body.localId, roles);
  });
  return signIn(target, email);
}

/** An /api call by `who` with their current ID token, sent to the instance at `url`. */
export function callAt<T = unknown>(url: string, who: Person, method: string, path: string, body?: unknown): Promise<HttpResponse<T>> {
  return new HttpClient(url).request<T>(method, path, {
    ...(body !== undefined ? { body } : {}),
    headers: { authorization: `Bearer ${who.idToken}` },
  });
}

/** The provider code of an identity error answer (`USER_DISABLED`, ...), or `OK`. */
export function providerCode(response: HttpResponse): string {
  const body = response.body as { error?: { message?: string } } | undefined;
  return body?.error?.message?.split(' : ')[0] ?? 'OK';
}

/** A client address of its own (a documentation range), so per-address limits start from nothing. */
export const newAddress = () => `2001:db8:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;

let sent = 0;
/** A Contact Us message sent to `url` from an address of its own; its text is unique to this run. */
export async function contactUs(url: string, email = 'casey.customer@example.com'): Promise<{ id: string; message: string }> {
  const message = `My laptop will not boot (${randomBytes(4).toString('hex')}-${(sent += 1)}).`;
  const response = await new HttpClient(url).request<{ id: string }>('POST', '/api/support-messages', {
    body: { name: 'Casey Customer', email, subject: 'Laptop will not boot', message },
    headers: { 'x-forwarded-for': newAddress() },
  });
  if (response.status !== 201) throw new Error(`Contact Us failed: ${response.status} ${response.text}`);
  return { id: response.body.id, message };
}

export interface Change {
  topic: string;
  version: number;
  kind: string;
  key: string;
  data: unknown;
}

const streams: SseConnection[] = [];

/** A live stream opened on the instance at `url`; closed by `closeStreams()`. */
export async function stream(url: string, query: string, options: Parameters<typeof openStream>[1] = {}): Promise<SseConnection> {
  const connection = await openStream(`${url}/api/changes?${query}`, options);
  streams.push(connection);
  return connection;
}

export function closeStreams(): void {
  for (const connection of streams.splice(0)) connection.close();
}

/** The `change` events of one topic a stream has received, in order. */
export const changesOf = (connection: SseConnection, topic: string) =>
  connection.messages.filter((m) => m.event === 'change' && (m.data as Change).topic === topic).map((m) => m.data as Change);

export const isChange = (topic: string, key: string) => (message: { event: string; data: unknown }) =>
  message.event === 'change' && (message.data as Change).topic === topic && (message.data as Change).key === key;

/** Resolves when the stream has ended; fails when it is still open at the deadline. */
export async function streamEnds(connection: SseConnection, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: the stream was still open after ${DEADLINE_MS / 1000} s`)), DEADLINE_MS);
  });
  try {
    await Promise.race([connection.closed, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** HAProxy's view of the app backend's servers, from its stats socket. */
export function balancerServers(): Promise<{ name: string; status: string; requests: number; redispatches: number; errors5xx: number }[]> {
  return new Promise((resolve, reject) => {
    const client = connect(HAPROXY_SOCKET);
    let text = '';
    client.on('data', (chunk) => (text += chunk));
    client.on('error', reject);
    client.on('end', () => {
      const [header, ...rows] = text.trim().split('\n');
      const names = header!.replace(/^# /, '').split(',');
      const records = rows.map((row) => Object.fromEntries(row.split(',').map((value, index) => [names[index], value])));
      resolve(
        records
          .filter((row) => row.pxname === 'app' && row.svname !== 'BACKEND')
          .map((row) => ({
            name: row.svname!,
            status: row.status!,
            requests: Number(row.stot),
            redispatches: Number(row.wredis),
            errors5xx: Number(row.hrsp_5xx),
          })),
      );
    });
    client.end('show stat\n');
  });
}
