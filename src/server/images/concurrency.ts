/**
 * Runs at most `limit` of the given tasks at once; the others wait their turn in order.
 * Resizing a picture takes a core for a fraction of a second: uploads must not starve the
 * requests of visitors.
 */
export function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
