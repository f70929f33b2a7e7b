/** The line above the list: how many movies show, of how many (read out as a status). */
export function listSummary(shown: number, total: number, favoritesOnly: boolean): string {
  const count = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'movie' : 'movies'}`;
  if (favoritesOnly) return `${count(shown)} in your favorites`;
  return shown === total ? count(total) : `${count(shown)} of ${total.toLocaleString('en')}`;
}

export type EmptyReason = 'no-favorites' | 'every-genre-hidden' | 'no-match';

/** Why an empty list is empty, so the message offers the one way out that helps. */
export function emptyReason(view: { favoritesOnly: boolean; favoriteCount: number | null; everyGenreHidden: boolean }): EmptyReason {
  if (view.favoritesOnly && view.favoriteCount === 0) return 'no-favorites';
  return view.everyGenreHidden ? 'every-genre-hidden' : 'no-match';
}
