import { cacheBudget, planEviction } from './cache-budget';
import { getAll, get, write } from './idb';

interface CacheRecord {
  key: string;
  value: unknown;
  bytes: number;
  savedAt: number;
}

/**
 * Lists kept on the device so the app opens with its last data offline (40 MB by default,
 * at least 1 MB; oldest evicted first). Failures only cost the offline copy, never the page.
 */
export async function readCached<T>(key: string): Promise<T | null> {
  try {
    const record = await get<CacheRecord>('cache', key);
    return record ? (record.value as T) : null;
  } catch {
    return null;
  }
}

export async function saveCached(key: string, value: unknown, budget = cacheBudget()): Promise<void> {
  try {
    const json = JSON.stringify(value);
    const record: CacheRecord = { key, value, bytes: json.length * 2, savedAt: Date.now() };
    const existing = (await getAll<CacheRecord>('cache')).map(({ key: k, bytes, savedAt }) => ({ key: k, bytes, savedAt }));
    const plan = planEviction(existing, record, budget);
    await write('cache', plan.keepNew ? [record] : [], plan.keepNew ? plan.evict : [...plan.evict, key]);
  } catch {
    // Storage full or unavailable (private mode): the app still works online.
  }
}
