import { frameSize } from "../simulator/browser/frame-size";

export interface FrameSizerOptions {
  /**
   * BRG-7: with no `containerDimensions` sent the container is flexible both ways, so the frame
   * follows the view's width as well as its height; false follows the height only.
   */
  followWidth: boolean;
  /**
   * Keep the frame's size until `release()`: the simulator holds it until the view has its result,
   * so the page does not lay out again in the result's path.
   */
  held: boolean;
}

/**
 * BRG-7: applies a view's `ui/notifications/size-changed` to its frame, at most once per animation
 * frame (the latest report wins), reading the frame's width in the frame callback where layout is
 * due anyway.
 */
export class FrameSizer {
  private reported: { width?: unknown; height?: unknown } = {};
  private frame = 0;
  private ready: boolean;
  private stopped = false;

  constructor(
    private readonly iframe: HTMLIFrameElement,
    private readonly o: FrameSizerOptions,
  ) {
    this.ready = !o.held;
  }

  /** A size the view reported. */
  report({ width, height }: { width?: number; height?: number }): void {
    if (width !== undefined && this.o.followWidth) this.reported = { ...this.reported, width };
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
      // The width the view sees is the frame's content box (clientWidth), not its border box:
      // compared with the border box, a bordered frame's own viewport would read as a new width
      // and pin the frame 2 px narrower at every report, down to nothing.
      const size = frameSize(this.reported, { width: this.iframe.clientWidth });
      this.reported = {};
      if (size.height !== undefined) this.iframe.style.height = `${size.height}px`;
      if (size.width !== undefined) this.iframe.style.width = `${size.width}px`;
    });
  }
}
