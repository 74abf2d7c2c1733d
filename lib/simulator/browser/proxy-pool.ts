import type { InboundEvent } from "./inbound";

/**
 * One sandbox proxy loaded ahead of the run that will use it, as a host may keep a proxy ready
 * before it knows which view comes next.
 *
 * A proxy document is tied to its CSP (the header is sent with the page, SBX-3/CSP-2), so a spare
 * is only useful for a run whose proxy URL (host origin + effective CSP) is the same; any other run
 * discards it and loads its own. A spare serves exactly one run and never holds a view before
 * that: the view's HTML only arrives with `ui/notifications/sandbox-resource-ready`, after the
 * run has connected its bridge. What the proxy posts while it waits (its ready notification,
 * instrumentation) is kept and handed to that run's transport, which checks and traces each
 * message as if it had just arrived.
 */
export interface SpareProxy {
  iframe: HTMLIFrameElement;
  url: string;
  /** What the proxy posted before a run took it, oldest first. */
  early: InboundEvent[];
}

export class ProxyPool {
  private spare?: SpareProxy & { stop: () => void };

  constructor(
    /** Where spare frames wait (hidden); a run shows the frame when it takes it. */
    private readonly container: HTMLElement,
    private readonly listenOn: Window = window,
  ) {}

  /**
   * The spare loaded for `url`, detached from the pool, or undefined (a spare for another URL is
   * removed). The caller owns the frame from here on, buffered messages included.
   */
  take(url: string): SpareProxy | undefined {
    const spare = this.spare;
    this.spare = undefined;
    if (!spare) return undefined;
    spare.stop();
    if (spare.url !== url || !spare.iframe.isConnected || !spare.iframe.contentWindow) {
      spare.iframe.remove();
      return undefined;
    }
    return { iframe: spare.iframe, url: spare.url, early: spare.early };
  }

  /** Loads a hidden spare proxy for `url`, replacing any other spare. */
  prepare(url: string): void {
    if (this.spare?.url === url) return;
    this.discard();
    const iframe = createProxyFrame();
    iframe.hidden = true;
    iframe.dataset.simulator = "spare-proxy";
    // Appended blank first, so the listener below is in place before the proxy can post.
    this.container.append(iframe);
    const early: InboundEvent[] = [];
    const listener = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow) return;
      // Bounded: a spare that floods the page is not kept.
      if (early.length >= 50) {
        if (this.spare?.iframe === iframe) this.discard();
        return;
      }
      early.push({ source: event.source, origin: event.origin, data: event.data });
    };
    this.listenOn.addEventListener("message", listener);
    iframe.src = url;
    this.spare = {
      iframe,
      url,
      early,
      stop: () => this.listenOn.removeEventListener("message", listener),
    };
  }

  /** True when `source` is the spare's window (its messages are its own listener's business). */
  isSpare(source: unknown): boolean {
    return source !== null && source !== undefined && source === this.spare?.iframe.contentWindow;
  }

  /** Removes the spare, if any. */
  discard(): void {
    const spare = this.spare;
    this.spare = undefined;
    spare?.stop();
    spare?.iframe.remove();
  }
}

/** A blank proxy frame (SBX-2: exactly allow-scripts and allow-same-origin), not yet in the page. */
export function createProxyFrame(): HTMLIFrameElement {
  const iframe = document.createElement("iframe");
  iframe.title = "Sandbox proxy";
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin");
  iframe.dataset.simulator = "proxy";
  return iframe;
}
