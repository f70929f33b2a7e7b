/**
 * Pure bookkeeping of drop episodes: from the first item dropped because the buffer is full
 * until the database takes a batch again. The log gets one line when an episode starts and one,
 * with its count, when it ends, never one per beacon.
 */
export function dropEpisodes() {
  let startedAt: number | null = null;
  let count = 0;
  return {
    /** Counts `items` dropped at `atMs`; true when this starts an episode. */
    drop(items: number, atMs: number): boolean {
      count += items;
      if (startedAt !== null) return false;
      startedAt = atMs;
      return true;
    },
    /** Ends the open episode (a batch was written): its count and length, or null when none was open. */
    end(atMs: number): { dropped: number; forMs: number } | null {
      if (startedAt === null) return null;
      const episode = { dropped: count, forMs: Math.max(0, atMs - startedAt) };
      startedAt = null;
      count = 0;
      return episode;
    },
  };
}
