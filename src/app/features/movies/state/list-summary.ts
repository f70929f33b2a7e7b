/**
 * A count with its thousands grouped by commas (1,200), as the app's English text writes it.
 * By hand: the first `toLocaleString` of a page sets up the browser's number formatting, which
 * cost the Demo list's first screen 85 ms on a phone-speed CPU (docs/performance.md, round 11).
 */
export function groupThousands(count: number): string {
  const digits = String(Math.trunc(Math.abs(count)));
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) grouped = digits.slice(Math.max(0, end - 3), end) + (grouped ? `,${grouped}` : '');
  return count < 0 ? `-${grouped}` : grouped;
}

/** The line above the list: how many movies show, of how many (read out as a status). */
export function listSummary(shown: number, total: number, favoritesOnly: boolean): string {
  const count = (n: number) => `${groupThousands(n)} ${n === 1 ? 'movie' : 'movies'}`;
  if (favoritesOnly) return `${count(shown)} in your favorites`;
  return shown === total ? count(total) : `${count(shown)} of ${groupThousands(total)}`;
}

export type EmptyReason = 'no-favorites' | 'every-genre-hidden' | 'no-match';

/** Why an empty list is empty, so the message offers the one way out that helps. */
export function emptyReason(view: { favoritesOnly: boolean; favoriteCount: number | null; everyGenreHidden: boolean }): EmptyReason {
  if (view.favoritesOnly && view.favoriteCount === 0) return 'no-favorites';
  return view.everyGenreHidden ? 'every-genre-hidden' : 'no-match';
}
