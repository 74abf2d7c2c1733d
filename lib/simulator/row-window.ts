/**
 * Windowed rendering for a long list that scrolls with the page (the simulator's message
 * sequence): which rows to put in the DOM for the part of the list the reader can see, plus some
 * rows either side, and how much space stands in for the rows left out above and below.
 * Pure: the caller measures heights and the viewport; nothing here touches the DOM.
 */

export interface WindowInput {
  /** Each row's height in pixels, in order (measured, or an estimate for rows never drawn). */
  heights: readonly number[];
  /** The visible part of the list, in pixels from the list's top (may be negative or past the end). */
  viewTop: number;
  viewBottom: number;
  /** Rows drawn beyond the visible ones on each side, so scrolling and Tab find them ready. */
  overscan: number;
  /** At least this many rows are drawn (when the list has them): short lists are drawn whole. */
  minRows: number;
}

export interface RowWindow {
  /** First row drawn (inclusive) and the row after the last one drawn (exclusive). */
  start: number;
  end: number;
  /** Pixels standing in for rows [0, start) and [end, length). */
  before: number;
  after: number;
}

/** The rows to draw for a view of the list; every row stays reachable by scrolling. */
export function rowWindow({
  heights,
  viewTop,
  viewBottom,
  overscan,
  minRows,
}: WindowInput): RowWindow {
  const n = heights.length;
  const offsets = new Array<number>(n + 1);
  offsets[0] = 0;
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i]! + Math.max(0, heights[i]!);
  const total = offsets[n]!;
  // First row whose bottom is below the view's top; last row whose top is above the view's bottom.
  let first = 0;
  while (first < n && offsets[first + 1]! <= viewTop) first++;
  let last = first;
  while (last < n && offsets[last]! < viewBottom) last++;
  let start = Math.max(0, Math.min(first, n) - overscan);
  let end = Math.min(n, Math.max(last, first) + overscan);
  const want = Math.min(n, Math.max(minRows, 0));
  if (end - start < want) {
    end = Math.min(n, start + want);
    start = Math.max(0, end - want);
  }
  return { start, end, before: offsets[start]!, after: total - offsets[end]! };
}
