import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface RedisOptions {
  /** Connect and command timeout. */
  timeoutMs: number;
  /** Where outages are reported (once each, not once per reconnect attempt). */
  log?: () => FastifyBaseLogger | undefined;
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
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    options.log?.()?.error({ dependency: 'redis' }, `Redis connection failed: ${error.message}`);
  });
  redis.on('ready', () => {
    if (down) options.log?.()?.info({ dependency: 'redis' }, 'Redis connection restored');
    down = false;
  });
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
