import type { ContentTopic, ContentVersions, VersionStamp } from './content-version';

interface Entry<T> {
  stamp: VersionStamp;
  builtAt: number;
  value: Promise<T>;
  /** Set once the build has succeeded, so a current entry can be used without a promise. */
  settled?: { value: T };
}

/**
 * Values built from content, kept until one of their topics changes. Concurrent requests for a
 * missing or stale value share one build (a crowd arriving after a change reads the database
 * once, not once per visitor). The number of keys is bounded; the oldest go first. `maxAgeMs`
 * is a safety net only (a change message lost with a broken connection): changes themselves
 * take effect at the next request.
 */
export class VersionedCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(
    private readonly versions: ContentVersions,
    private readonly maxEntries = 2000,
    private readonly maxAgeMs = 5 * 60_000,
  ) {}

  /**
   * The value of a current entry whose build has finished, or undefined (missing, stale, still
   * building, or failed): lets the hot path answer without a promise and a turn of the microtask
   * queue per request. Whoever gets undefined calls `get`.
   */
  peek<T>(key: string): T | undefined {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (!entry?.settled || !this.versions.isCurrent(entry.stamp) || Date.now() - entry.builtAt >= this.maxAgeMs) return undefined;
    return entry.settled.value;
  }

  get<T>(key: string, topics: readonly ContentTopic[], build: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key) as Entry<T> | undefined;
    const now = Date.now();
    if (entry && this.versions.isCurrent(entry.stamp) && now - entry.builtAt < this.maxAgeMs) return entry.value;
    // The stamp is taken before the build reads anything: a change that lands while it reads
    // leaves the entry stale, and the next request builds again.
    const stamp = this.versions.stamp(topics);
    const value = build();
    const fresh: Entry<T> = { stamp, builtAt: now, value };
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, fresh);
    // A failed build is not kept: the next request tries again.
    value.then(
      (built) => {
        fresh.settled = { value: built };
      },
      () => {
        if (this.entries.get(key) === fresh) this.entries.delete(key);
      },
    );
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
