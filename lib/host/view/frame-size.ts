/** The largest height or width, in CSS pixels, the host gives a view's frame. */
const MAX_FRAME_PX = 4000;

/**
 * BRG-7: the frame size to set for a view's `ui/notifications/size-changed` when the container
 * is flexible in both directions (this host sends no `containerDimensions`, so height and width
 * are both the view's to choose). `current` is the view's viewport width now (the frame's inside).
 *
 * A reported width equal to the one the view already has changes nothing: views measure their
 * viewport (ext-apps' App reports `window.innerWidth`), so echoing it back as a fixed width would
 * pin the frame to that number and it would no longer follow the page's column.
 * The page keeps `max-width: 100%` on the frame, so a wider view is shown at the column's width.
 */
export function frameSize(
  report: { width?: unknown; height?: unknown },
  current: { width: number },
): { width?: number; height?: number } {
  const size: { width?: number; height?: number } = {};
  const { width, height } = report;
  if (typeof height === "number" && Number.isFinite(height) && height > 0)
    size.height = Math.min(Math.ceil(height), MAX_FRAME_PX);
  if (typeof width === "number" && Number.isFinite(width) && width > 0) {
    const w = Math.min(Math.ceil(width), MAX_FRAME_PX);
    if (Math.abs(w - current.width) > 1) size.width = w;
  }
  return size;
}
