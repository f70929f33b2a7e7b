/**
 * Atomic fixed-window limits for every feature: pick the process's store
 * (`app.rateLimitStore`: Redis when REDIS_URL is set, else the database) and declare a rule.
 *
 *   const perAddress = rateLimiter(app.rateLimitStore, { name: 'contact', max: 5, windowMs: 60_000, whenUnavailable: 'open' });
 *   const decision = await perAddress.consume(request.ip);
 *   if (!decision.allowed) ... answer 429 with Retry-After: decision.retryAfterSeconds
 */
export { type CounterStore, databaseStore, deleteEndedWindows, type Hit, memoryStore, redisStore } from './store';
export {
  decide,
  type Decision,
  type LimitRule,
  type LimiterOptions,
  RateLimitUnavailableError,
  rateLimiter,
  type RateLimiter,
  STORE_TIMEOUT_MS,
  warnOnStoreError,
} from './limiter';
