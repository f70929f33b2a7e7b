/** How long callers share one answer: long enough for one screen's components mounting together. */
export const SHARED_MS = 2000;

export interface SharedAnswers<T> {
  (key: string, now?: number): Promise<T>;
  /** The shared answer under `key` if it has already arrived: a first render can draw it at once. */
  arrived(key: string, now?: number): { value: T } | undefined;
}

/**
 * One answer for every caller asking under the same key within SHARED_MS of the first, or for as
 * long as `stillStarting()` says (the first screen: on a slow phone its parts mount seconds apart);
 * a later call, or one under another key, asks again. A failed answer is not kept for the next caller.
 */
export function sharedAnswers<T>(ask: (key: string) => Promise<T>, stillStarting: () => boolean = () => false): SharedAnswers<T> {
  let last: { key: string; at: number; answer: Promise<T>; value?: { value: T } } | null = null;
  const current = (key: string, now: number) => (last && last.key === key && (now - last.at < SHARED_MS || stillStarting()) ? last : null);
  const shared = (key: string, now = Date.now()) => {
    const kept = current(key, now);
    if (kept) return kept.answer;
    const answer = ask(key);
    const entry: NonNullable<typeof last> = { key, at: now, answer };
    last = entry;
    answer.then(
      (value) => {
        entry.value = { value };
      },
      () => {
        if (last === entry) last = null;
      },
    );
    return answer;
  };
  shared.arrived = (key: string, now = Date.now()) => current(key, now)?.value;
  return shared;
}
