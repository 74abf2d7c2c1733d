import { frameSize } from "./frame-size";

export interface FrameSizerOptions {
  /**
   * Keep the frame's size until `release()`: the simulator holds it until the view has its result,
   * so the page does not lay out again in the result's path.
   */
  held: boolean;
}

/**
 * BRG-7: applies a view's `ui/notifications/size-changed` to its frame, at most once per animation
 * frame (the latest report wins), reading the frame's width in the frame callback where layout is
 * due anyway. Neither host sends `containerDimensions`, so the container is flexible both ways and
 * the frame follows the view's width as well as its height; the page's CSS (`max-width: 100%`)
 * keeps it inside the column.
 *
 * Sizes are the view's viewport: the frame's inside, without its border. The frame's border is
 * added to what is set, and a reported width is compared with the frame's inside, so a view that
 * reports its own viewport width (ext-apps' App sends `innerWidth`) changes nothing, rather than
 * shrinking the frame by its border on every report.
 */
export class FrameSizer {
  private reported: { width?: unknown; height?: unknown } = {};
  private frame = 0;
  private ready: boolean;
  private stopped = false;

  constructor(
    private readonly iframe: HTMLIFrameElement,
    o: FrameSizerOptions,
  ) {
    this.ready = !o.held;
  }

  /** A size the view reported. */
  report({ width, height }: { width?: number; height?: number }): void {
    if (width !== undefined) this.reported = { ...this.reported, width };
    if (height !== undefined) this.reported = { ...this.reported, height };
    if (this.ready) this.schedule();
  }

  /** Applies what was held back, and follows every later report at once. */
  release(): void {
    if (this.ready) return;
    this.ready = true;
    this.schedule();
  }

  /** The frame is going: nothing more is applied. */
  stop(): void {
    this.stopped = true;
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.stopped) return;
      const f = this.iframe;
      // The width the view sees is the frame's content box (clientWidth), not its border box:
      // compared with the border box, a bordered frame's own viewport would read as a new width
      // and pin the frame 2 px narrower at every report, down to nothing.
      const size = frameSize(this.reported, { width: f.clientWidth });
      this.reported = {};
      // With box-sizing: border-box (the app's pages) a size set on the frame includes its border.
      const border = getComputedStyle(f).boxSizing === "border-box";
      if (size.height !== undefined)
        f.style.height = `${size.height + (border ? f.offsetHeight - f.clientHeight : 0)}px`;
      if (size.width !== undefined)
        f.style.width = `${size.width + (border ? f.offsetWidth - f.clientWidth : 0)}px`;
    });
  }
}
