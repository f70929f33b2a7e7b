import { LIVE } from '../../../common/constants';

export interface CacheEntryInfo {
  key: string;
  bytes: number;
  savedAt: number;
}

/** The configured size, never under 1 MB. */
export function cacheBudget(configured: number = LIVE.deviceCacheBytes): number {
  return Math.max(LIVE.deviceCacheMinBytes, Number.isFinite(configured) ? configured : LIVE.deviceCacheBytes);
}

/**
 * Which entries to drop so that everything, the new entry included, fits the budget: the
 * oldest first. The new entry itself is never dropped for others; if it alone is too big, it is
 * not kept (returned as `keepNew: false`).
 */
export function planEviction(
  existing: readonly CacheEntryInfo[],
  incoming: CacheEntryInfo,
  budget: number,
): { evict: string[]; keepNew: boolean } {
  if (incoming.bytes > budget) return { evict: [], keepNew: false };
  const others = existing.filter((entry) => entry.key !== incoming.key).sort((a, b) => a.savedAt - b.savedAt);
  let total = others.reduce((sum, entry) => sum + entry.bytes, 0) + incoming.bytes;
  const evict: string[] = [];
  for (const entry of others) {
    if (total <= budget) break;
    evict.push(entry.key);
    total -= entry.bytes;
  }
  return { evict, keepNew: true };
}
