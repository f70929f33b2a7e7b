/**
 * Answers a first screen is drawn from, asked for as the app starts, beside the download of the
 * page's own code rather than after it (the Demo list's movies: a round trip and the page's
 * mounting less before its rows). A page takes its answer once; later loads ask as usual.
 */
const early = new Map<string, Promise<unknown>>();
/** The answers that have arrived, for a first render that can use them at once. */
const arrived = new Map<string, { value: unknown }>();

/** Starts `ask` now, unless an answer under `key` is already waiting to be taken. */
export function askEarly(key: string, ask: () => Promise<unknown>): void {
  if (early.has(key)) return;
  const answer = ask();
  // Whoever takes it handles a failure; until then it must not count as unhandled.
  answer.then(
    (value) => {
      if (early.get(key) === answer) arrived.set(key, { value });
    },
    () => undefined,
  );
  early.set(key, answer);
}

/** Whether an answer under `key` waits to be taken. */
export function hasEarly(key: string): boolean {
  return early.has(key);
}

/** The answer asked for under `key`, once; undefined if none was asked for (or it was taken). */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const answer = early.get(key) as Promise<T> | undefined;
  early.delete(key);
  arrived.delete(key);
  return answer;
}

/**
 * The answer under `key` if it has already arrived (taken with it), for a page's first render;
 * undefined if it has not (still on its way, failed, or never asked for), and it stays to take.
 */
export function takeArrived<T>(key: string): { value: T } | undefined {
  const answer = arrived.get(key) as { value: T } | undefined;
  if (answer) takeEarly(key);
  return answer;
}
