/** How long callers share one answer: long enough for one screen's components mounting together. */
export const SHARED_MS = 2000;

/**
 * One answer for every caller asking under the same key within SHARED_MS of the first; a later
 * call, or one under another key, asks again. A failed answer is not kept for the next caller.
 */
export function sharedAnswers<T>(ask: (key: string) => Promise<T>): (key: string, now?: number) => Promise<T> {
  let last: { key: string; at: number; answer: Promise<T> } | null = null;
  return (key, now = Date.now()) => {
    if (last && last.key === key && now - last.at < SHARED_MS) return last.answer;
    const answer = ask(key);
    const entry = { key, at: now, answer };
    last = entry;
    answer.catch(() => {
      if (last === entry) last = null;
    });
    return answer;
  };
}
