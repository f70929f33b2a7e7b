/**
 * Which rows of a list of equal-height rows a scrolling element shows (docs/decisions/0300):
 * with one fixed row height, the window is arithmetic, not measurement.
 */
export interface RowWindowInput {
  /** How far the scrolling element is scrolled, in pixels. */
  scrollTop: number;
  /** The scrolling element's visible height, in pixels. */
  viewportHeight: number;
  /** Where the list starts inside the scrolling element (content above it moves it down). */
  listTop: number;
  rowHeight: number;
  count: number;
  /** Rows drawn beyond each edge of the view, so a quick scroll does not show blank space first. */
  overscan: number;
}

/** The rows to draw, `first` included and `end` excluded; an empty list gives `{ first: 0, end: 0 }`. */
export interface RowWindow {
  first: number;
  end: number;
}

export function rowWindow({ scrollTop, viewportHeight, listTop, rowHeight, count, overscan }: RowWindowInput): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { first: 0, end: 0 };
  const top = Math.max(0, scrollTop - listTop);
  const bottom = Math.max(0, scrollTop + Math.max(0, viewportHeight) - listTop);
  const first = Math.min(count, Math.max(0, Math.floor(top / rowHeight) - overscan));
  const end = Math.min(count, Math.ceil(bottom / rowHeight) + overscan);
  return { first: Math.min(first, end), end };
}

/** The scroll position that puts row `index` in the middle of the view (never above the top). */
export function centredScrollTop(index: number, viewportHeight: number, listTop: number, rowHeight: number): number {
  return Math.max(0, listTop + index * rowHeight - (viewportHeight - rowHeight) / 2);
}

export const sameWindow = (a: RowWindow, b: RowWindow) => a.first === b.first && a.end === b.end;
