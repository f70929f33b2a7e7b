import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { redisHealth, RedisUnavailableError } from '../platform/redis';

export interface ChangeBus {
  /** Delivered to every instance, this one included. */
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): () => void;
  close(): Promise<void>;
}

/** Every bus call gives up after this long: a hung Redis or PostgreSQL must not hold a request. */
export const BUS_TIMEOUT_MS = 2_000;
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; the envelope needs a little room. */
export const MAX_MESSAGE_BYTES = 7_000;
const MAX_CHANNEL_LENGTH = 100;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export type BusKind = 'memory' | 'redis' | 'postgres';

/** What createChangeBus returns: the interface plus which transport and the connection name it uses. */
export type ChangeBusHandle = ChangeBus & {
  kind: BusKind;
  /** Names this instance's subscriber connection (Redis CLIENT name, PostgreSQL application_name). */
  connectionName: string;
};

export interface ChangeBusOptions {
  /** The app's Redis connection (REDIS_URL); its subscriber twin copies its options. */
  redis?: Redis | null;
  /** DATABASE_URL: with PostgreSQL and no Redis, LISTEN/NOTIFY carries the messages. */
  databaseUrl: string;
  logger?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  timeoutMs?: number;
}

interface Envelope {
  /** The sending instance: it has already delivered locally and skips its own echo. */
  i: string;
  c: string;
  m: string;
}

/**
 * Instances that share a database share a change namespace; two deployments that share one Redis
 * but not a database never hear each other. The password never takes part.
 */
export function changeNamespace(databaseUrl: string): string {
  let identity = databaseUrl;
  try {
    const url = new URL(databaseUrl);
    identity = `${url.protocol}//${url.hostname}:${url.port}${url.pathname}`;
  } catch {
    // sqlite:PATH is not a URL a parser likes; it is only ever one instance anyway.
  }
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function checkArguments(channel: string, message: string): void {
  if (typeof channel !== 'string' || channel.length === 0 || channel.length > MAX_CHANNEL_LENGTH)
    throw new Error(`A change channel is 1 to ${MAX_CHANNEL_LENGTH} characters.`);
  if (typeof message !== 'string' || Buffer.byteLength(message) > MAX_MESSAGE_BYTES)
    throw new Error(`A change message is a string of at most ${MAX_MESSAGE_BYTES} bytes.`);
}

/** Local fan-out shared by every kind of bus; one listener's exception never reaches another. */
class Listeners {
  private readonly byChannel = new Map<string, Set<(message: string) => void>>();

  constructor(private readonly logger?: Pick<FastifyBaseLogger, 'warn'>) {}

  add(channel: string, listener: (message: string) => void): () => void {
    let set = this.byChannel.get(channel);
    if (!set) this.byChannel.set(channel, (set = new Set()));
    // A wrapper, so the same function subscribed twice gets two independent subscriptions.
    const entry = (message: string) => listener(message);
    set.add(entry);
    return () => {
      set.delete(entry);
      if (set.size === 0 && this.byChannel.get(channel) === set) this.byChannel.delete(channel);
    };
  }

  deliver(channel: string, message: string): void {
    const set = this.byChannel.get(channel);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch (error) {
        this.logger?.warn({ err: error, channel }, 'change listener failed');
      }
    }
  }

  clear(): void {
    this.byChannel.clear();
  }
}

/** Delivers on a later tick, so a publisher never runs its subscribers inside its own call stack. */
function deliverSoon(listeners: Listeners, channel: string, message: string): void {
  setImmediate(() => listeners.deliver(channel, message));
}

/** Fan-outs of the in-process buses, per database: one process may run several apps on one file (tests do). */
const processListeners = new Map<string, Listeners>();

/** One instance (SQLite): the process is the whole deployment. */
export function createMemoryBus(namespace = 'default', logger?: Pick<FastifyBaseLogger, 'warn'>): ChangeBusHandle {
  let listeners = processListeners.get(namespace);
  if (!listeners) processListeners.set(namespace, (listeners = new Listeners(logger)));
  const shared = listeners;
  const own = new Set<() => void>();
  let closed = false;
  return {
    kind: 'memory',
    connectionName: 'in-process',
    async publish(channel, message) {
      checkArguments(channel, message);
      if (closed) throw new Error('The change bus is closed.');
      deliverSoon(shared, channel, message);
    },
    subscribe(channel, listener) {
      const off = shared.add(channel, listener);
      own.add(off);
      return () => {
        off();
        own.delete(off);
      };
    },
    async close() {
      closed = true;
      for (const off of own) off();
      own.clear();
    },
  };
}

function parseEnvelope(raw: string): Envelope | null {
  try {
    const value = JSON.parse(raw) as Partial<Envelope>;
    if (typeof value.i === 'string' && typeof value.c === 'string' && typeof value.m === 'string') return value as Envelope;
  } catch {
    // Not ours: someone else's message on a shared channel name.
  }
  return null;
}

/**
 * Redis publish/subscribe: the app's connection publishes (it fails fast while Redis is away,
 * since its offline queue is off); a duplicate connection subscribes, and ioredis reconnects it and
 * subscribes again by itself after a drop.
 */
async function createRedisBus(redis: Redis, namespace: string, options: ChangeBusOptions): Promise<ChangeBusHandle> {
  const timeoutMs = options.timeoutMs ?? BUS_TIMEOUT_MS;
  const instance = randomUUID();
  const topic = `nw:changes:${namespace}`;
  const connectionName = `nw-changes-${instance.slice(0, 8)}`;
  const listeners = new Listeners(options.logger);
  // A new connection with the app connection's address and credentials, set up to subscribe.
  const subscriber = new Redis({
    ...redis.options,
    lazyConnect: true,
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    autoResubscribe: true,
    connectionName,
    retryStrategy: (times: number) => Math.min(RECONNECT_MIN_MS * 2 ** Math.min(times, 8), RECONNECT_MAX_MS),
  });
  subscriber.on('error', () => undefined);
  subscriber.on('message', (channel: string, raw: string) => {
    if (channel !== topic) return;
    const envelope = parseEnvelope(raw);
    if (envelope && envelope.i !== instance) listeners.deliver(envelope.c, envelope.m);
  });
  // Once: a re-subscription after an outage is covered by the connection's "reachable again" line.
  subscriber.once('ready', () => options.logger?.info({ bus: 'redis' }, 'change bus subscribed'));
  const health = redisHealth(redis);
  health.useLog(options.logger);
  try {
    await withTimeout(subscriber.connect(), timeoutMs, 'Redis change subscriber connect');
    await withTimeout(subscriber.subscribe(topic), timeoutMs, 'Redis SUBSCRIBE');
  } catch (error) {
    // Start anyway: ioredis keeps retrying and subscribes once Redis answers.
    if (!health.outage(error))
      options.logger?.warn({ err: error }, 'change bus: Redis subscriber not ready yet; retrying in the background');
    if (subscriber.status === 'wait' || subscriber.status === 'end') subscriber.connect().catch(() => undefined);
    void subscriber.subscribe(topic).catch(() => undefined);
  }
  let closed = false;
  return {
    kind: 'redis',
    connectionName,
    async publish(channel, message) {
      checkArguments(channel, message);
      if (closed) throw new Error('The change bus is closed.');
      deliverSoon(listeners, channel, message);
      const envelope: Envelope = { i: instance, c: channel, m: message };
      try {
        await withTimeout(redis.publish(topic, JSON.stringify(envelope)), timeoutMs, 'Redis PUBLISH');
      } catch (error) {
        // Logged once for the whole outage by the connection's health, not once per message.
        throw health.outage(error) ? new RedisUnavailableError(error) : error;
      }
    },
    subscribe: (channel, listener) => listeners.add(channel, listener),
    async close() {
      closed = true;
      listeners.clear();
      await withTimeout(subscriber.quit(), timeoutMs, 'Redis change subscriber quit').catch(() => subscriber.disconnect());
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: a pool publishes through pg_notify, one dedicated connection listens.
 * When that connection drops it is replaced with backoff and LISTENs again.
 */
async function createPostgresBus(namespace: string, options: ChangeBusOptions): Promise<ChangeBusHandle> {
  const timeoutMs = options.timeoutMs ?? BUS_TIMEOUT_MS;
  const instance = randomUUID();
  const topic = `nw_changes_${namespace}`;
  const listeners = new Listeners(options.logger);
  const applicationName = `nw-changes-${instance.slice(0, 8)}`;
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 2,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    application_name: `${applicationName}-pub`,
  });
  pool.on('error', () => undefined);
  let listener: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(RECONNECT_MIN_MS * 2 ** Math.min(attempts, 8), RECONNECT_MAX_MS);
    attempts += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const client = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      keepAlive: true,
      application_name: applicationName,
    });
    let dropped = false;
    const onDrop = () => {
      if (dropped) return;
      dropped = true;
      if (listener === client) listener = null;
      client.end().catch(() => undefined);
      if (!closed) options.logger?.warn({ bus: 'postgres' }, 'change bus: listener connection lost; reconnecting');
      scheduleReconnect();
    };
    client.on('error', onDrop);
    client.on('end', onDrop);
    client.on('notification', (notification) => {
      if (notification.channel !== topic || !notification.payload) return;
      const envelope = parseEnvelope(notification.payload);
      if (envelope && envelope.i !== instance) listeners.deliver(envelope.c, envelope.m);
    });
    try {
      await withTimeout(client.connect(), timeoutMs, 'PostgreSQL change listener connect');
      await withTimeout(client.query(`LISTEN ${topic}`), timeoutMs, 'PostgreSQL LISTEN');
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      listener = client;
      attempts = 0;
    } catch (error) {
      options.logger?.warn({ err: error }, 'change bus: PostgreSQL listener not ready; retrying');
      onDrop();
    }
  };

  await connect();
  return {
    kind: 'postgres',
    connectionName: applicationName,
    async publish(channel, message) {
      checkArguments(channel, message);
      if (closed) throw new Error('The change bus is closed.');
      deliverSoon(listeners, channel, message);
      const envelope: Envelope = { i: instance, c: channel, m: message };
      await withTimeout(pool.query('select pg_notify($1, $2)', [topic, JSON.stringify(envelope)]), timeoutMs, 'PostgreSQL NOTIFY');
    },
    subscribe: (channel, listenerFn) => listeners.add(channel, listenerFn),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      listeners.clear();
      const client = listener;
      listener = null;
      await Promise.all([
        client ? withTimeout(client.end(), timeoutMs, 'PostgreSQL listener end').catch(() => undefined) : undefined,
        withTimeout(pool.end(), timeoutMs, 'PostgreSQL notify pool end').catch(() => undefined),
      ]);
    },
  };
}

/**
 * The bus for this deployment: Redis when REDIS_URL is set (decision 1000), else PostgreSQL
 * LISTEN/NOTIFY when the database is PostgreSQL, else in process (SQLite is one instance).
 */
export async function createChangeBus(options: ChangeBusOptions): Promise<ChangeBusHandle> {
  const namespace = changeNamespace(options.databaseUrl);
  if (options.redis) return createRedisBus(options.redis, namespace, options);
  if (/^postgres(ql)?:\/\//.test(options.databaseUrl)) return createPostgresBus(namespace, options);
  return createMemoryBus(namespace, options.logger);
}
