import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { dependencyFailure } from './lib/dependency-failure';

export interface RedisOptions {
  /** Connect and command timeout. */
  timeoutMs: number;
  /** Where outages are reported (once each, not once per reconnect attempt or failed command). */
  log?: () => FastifyBaseLogger | undefined;
}

type OutageLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** While Redis is away, it is asked again this often, so its return is noticed and logged. */
const PROBE_EVERY_MS = 1_000;

/**
 * A Redis command failed because Redis is away (refused, dropped, or no answer in time). The
 * outage is already in the log once (see RedisHealth), so whoever catches this logs nothing more.
 */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
  /** `cause`: the command's own error, whose message (e.g. "Redis PUBLISH timed out after 2000 ms") this keeps. */
  constructor(cause?: unknown) {
    super(cause instanceof Error ? cause.message : 'Redis is not reachable');
  }
}

export const isRedisUnavailable = (error: unknown): boolean => error instanceof RedisUnavailableError;

/**
 * Whether one Redis connection is reachable, shared by everything that uses it (change bus, rate
 * limits, live stream). It writes one warning when Redis becomes unreachable and one line when it
 * answers again, whatever the number of failed commands or reconnect attempts between, and never
 * a stack. "Unreachable" is learnt from the connection (refused, dropped) or from a command that
 * failed so (a frozen Redis keeps its connection and only stops answering); "back" from the
 * connection's ready event or a PING that answers.
 */
class RedisHealth {
  private down = false;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;
  private fallbackLog: OutageLog | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly log: () => OutageLog | undefined,
  ) {
    redis.on('error', () => this.markDown('unreachable'));
    redis.on('ready', () => this.markUp());
    redis.on('end', () => {
      this.closed = true;
      clearTimeout(this.probe);
    });
  }

  /** Where to report when the connection was made without a log (tests, scripts): the app's. */
  useLog(log: OutageLog | undefined): void {
    this.fallbackLog ??= log;
  }

  /**
   * Whether a command's error means Redis is away; if so the outage is noted (logged once). Other
   * errors (a bug, a wrong command) are the caller's to report.
   */
  outage(error: unknown): boolean {
    if (!(error instanceof Error)) return false;
    if (isRedisUnavailable(error)) return true;
    const timedOut = /timed out|did not answer/i.test(error.message.slice(0, 200));
    if (!timedOut && !dependencyFailure(error)) return false;
    this.markDown(timedOut ? 'timeout' : 'unreachable');
    return true;
  }

  private markDown(reason: 'timeout' | 'unreachable'): void {
    if (this.down || this.closed) return;
    this.down = true;
    (this.log() ?? this.fallbackLog)?.warn({ dependency: 'redis', reason }, 'Redis is not reachable');
    this.scheduleProbe();
  }

  private markUp(): void {
    clearTimeout(this.probe);
    if (!this.down) return;
    this.down = false;
    (this.log() ?? this.fallbackLog)?.info({ dependency: 'redis' }, 'Redis is reachable again');
  }

  private scheduleProbe(): void {
    clearTimeout(this.probe);
    this.probe = setTimeout(() => {
      if (!this.down || this.closed) return;
      this.redis.ping().then(
        () => this.markUp(),
        () => this.scheduleProbe(),
      );
    }, PROBE_EVERY_MS).unref();
  }
}

const healthOf = new WeakMap<Redis, RedisHealth>();

/** The health of a connection made by createRedis (or, for any other, a new one). */
export function redisHealth(redis: Redis): RedisHealth {
  let health = healthOf.get(redis);
  if (!health) healthOf.set(redis, (health = new RedisHealth(redis, () => undefined)));
  return health;
}

/** The Redis client of the server: every command fails within `timeoutMs` instead of hanging. */
export function createRedis(url: string, options: RedisOptions): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: options.timeoutMs,
    // A command that gets no answer (a frozen Redis) fails instead of waiting for ever.
    commandTimeout: options.timeoutMs,
    // While disconnected, fail at once rather than queue commands that would time out later.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Keep reconnecting, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  healthOf.set(redis, new RedisHealth(redis, () => options.log?.()));
  return redis;
}

/** Connects at start-up; a Redis that cannot be reached then is a start-up failure. */
export async function connectRedis(url: string, options: RedisOptions): Promise<Redis> {
  const redis = createRedis(url, options);
  try {
    await redis.connect();
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis at ${new URL(url).host}: ${(error as Error).message}`);
  }
}
