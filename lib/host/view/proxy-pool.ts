import type { InboundEvent } from "./inbound";
import type { IssueProxy, ProxyPolicy, ProxyTicket } from "./proxy-ticket";
import { policyKey } from "./proxy-ticket";

/**
 * One sandbox proxy loaded ahead of the run that will use it, as a host may keep a proxy ready
 * before it knows which view comes next.
 *
 * A proxy document is tied to its CSP (the header is sent with the page, SBX-3/CSP-2) and its frame
 * to its `allow` attribute (PERM-2), so a spare is only useful for a run whose policy (effective
 * CSP + granted permissions) is the same; any other run loads its own. Spares wait for the last
 * runs' policies (up to MAX_SPARES, one per policy) and, when the pool is given one, for a kept
 * policy whose spare is never evicted and is loaded again after each run that took it (the
 * restrictive default CSP with no permission: a view that declares nothing). Each spare
 * is issued for a run id of its own and lives on that run's sandbox origin (r-<id>.sandbox…), so no
 * view of an earlier run can reach it. A spare serves exactly one run and never holds a view before
 * that: the view's HTML only arrives with `ui/notifications/sandbox-resource-ready`, after the run
 * has connected its bridge. What the proxy posts while it waits (its ready notification,
 * instrumentation) is kept and handed to that run's transport, which checks and traces each
 * message as if it had just arrived.
 */
export interface SpareProxy {
  iframe: HTMLIFrameElement;
  ticket: ProxyTicket;
  /** What the proxy posted before a run took it, oldest first. */
  early: InboundEvent[];
  /** Documents loaded in the frame since it got its URL: a spare that was navigated has 2 or more. */
  loads: number;
}

/** The most a waiting proxy may post; an honest one posts three (self-test, port-offer, ready). */
const MAX_EARLY = 8;
/**
 * Spares kept at once for the last runs' policies, one per policy, the most recently prepared
 * first: two, so a learner flipping one setting back and forth (a grant, hence a new `allow`)
 * still finds a spare. The kept policy's spare is not counted.
 */
const MAX_SPARES = 2;

type Entry = Omit<SpareProxy, "ticket"> & {
  ticket?: ProxyTicket;
  /** Settles when the ticket is set (or the pool gave up on this spare). */
  issued: Promise<unknown>;
  key: string;
  stop(): void;
};

export interface ProxyPoolOptions {
  /** Where the pool listens for what a waiting proxy posts; the page's window by default. */
  listenOn?: Window;
  /**
   * A policy whose spare `keepReady` keeps loaded at all times, and how to obtain its proxy URLs
   * (each spare gets a run id, origin and single-use signed URL of its own).
   */
  keep?: { policy: ProxyPolicy; issue: IssueProxy };
}

export class ProxyPool {
  private spares: Entry[] = [];
  private readonly listenOn: Window;
  private readonly keep?: { key: string; policy: ProxyPolicy; issue: IssueProxy };

  constructor(
    /** Where spare frames wait (hidden); a run shows the frame when it takes it. */
    private readonly container: HTMLElement,
    options: ProxyPoolOptions = {},
  ) {
    this.listenOn = options.listenOn ?? window;
    if (options.keep) this.keep = { ...options.keep, key: policyKey(options.keep.policy) };
  }

  /**
   * The spare prepared for `key`, detached from the pool, or why none is given. A spare is taken
   * as soon as it is prepared: if its signed URL is still being issued the run waits for it, and a
   * proxy document still loading is handed over as it is (the run counts its loads from there and
   * handles its messages as they come). Before handing it over the spare is verified: still in
   * the page, at most one document loaded (a navigation, by anyone, adds a load), and what it
   * posted came from its own origin, with at most one ready notification. Anything else and it is
   * dropped.
   */
  async take(key: string): Promise<{ spare?: SpareProxy; dropped?: string }> {
    const spare = this.spares.find((e) => e.key === key);
    if (!spare) return {};
    // Detached first: no other run can take it while this one waits for its URL.
    this.spares = this.spares.filter((e) => e !== spare);
    const drop = (why: string) => {
      spare.stop();
      spare.iframe.remove();
      return { dropped: why };
    };
    if (!spare.ticket) {
      try {
        await spare.issued;
      } catch {
        return drop("the spare proxy's URL could not be issued");
      }
    }
    spare.stop();
    if (!spare.ticket) return drop("the spare proxy had not started loading");
    if (!spare.iframe.isConnected || !spare.iframe.contentWindow)
      return drop("the spare proxy's frame is gone");
    if (spare.loads > 1)
      return drop(
        `the spare proxy's frame loaded ${spare.loads} documents, not 1: it was navigated`,
      );
    const origin = spare.ticket.origin;
    if (spare.early.some((e) => e.origin !== origin))
      return drop("the spare proxy posted from an unexpected origin");
    const readies = spare.early.filter(
      (e) => (e.data as { method?: unknown })?.method === "ui/notifications/sandbox-proxy-ready",
    ).length;
    if (readies > 1) return drop("the spare proxy said it was ready more than once");
    return {
      spare: { iframe: spare.iframe, ticket: spare.ticket, early: spare.early, loads: spare.loads },
    };
  }

  /**
   * Loads a hidden spare proxy for `policy` (a run id and URL of its own), unless one is waiting;
   * the oldest spare for another policy than the kept one goes when there are more than
   * MAX_SPARES of them.
   */
  prepare(policy: ProxyPolicy, issue: IssueProxy): void {
    const key = policyKey(policy);
    if (this.spares.some((e) => e.key === key)) return;
    const kept = key === this.keep?.key;
    if (!kept) {
      const evictable = () => this.spares.filter((e) => e.key !== this.keep?.key);
      while (evictable().length >= MAX_SPARES) this.remove(evictable().at(-1)!);
    }
    const iframe = createProxyFrame(policy.allow);
    iframe.hidden = true;
    iframe.dataset.simulator = "spare-proxy";
    // Which spare this is, for tests and the curious: the kept policy's, or a recent run's.
    iframe.dataset.spare = kept ? "kept" : "recent";
    // Appended blank first, so the listeners below are in place before the proxy can post.
    this.container.append(iframe);
    const early: InboundEvent[] = [];
    const entry: Entry = {
      iframe,
      key,
      early,
      loads: 0,
      issued: Promise.resolve(),
      stop: () => {
        this.listenOn.removeEventListener("message", listener);
        iframe.removeEventListener("load", onLoad);
      },
    };
    const listener = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow) return;
      // Bounded: a spare that floods the page is not kept.
      if (early.length >= MAX_EARLY) {
        this.remove(entry);
        return;
      }
      early.push({ source: event.source, origin: event.origin, data: event.data });
    };
    const onLoad = () => {
      entry.loads++;
    };
    this.listenOn.addEventListener("message", listener);
    iframe.addEventListener("load", onLoad);
    this.spares.unshift(entry);
    entry.issued = issue(policy).then(
      (ticket) => {
        // Evicted or discarded meanwhile (a spare being taken is still connected: it loads).
        if (!iframe.isConnected) return;
        entry.ticket = ticket;
        iframe.src = ticket.url;
      },
      (error: unknown) => {
        this.remove(entry);
        throw error;
      },
    );
    // A failure nobody waits for is not an unhandled rejection.
    entry.issued.catch(() => {});
  }

  /**
   * Loads the kept policy's spare if none is waiting (it was taken, dropped or never loaded).
   * Called once a run has settled, so its loading is not in any run's path.
   */
  keepReady(): void {
    if (this.keep) this.prepare(this.keep.policy, this.keep.issue);
  }

  /** True when `source` is a spare's window (its messages are its own listener's business). */
  isSpare(source: unknown): boolean {
    return (
      source !== null &&
      source !== undefined &&
      this.spares.some((e) => e.iframe.contentWindow === source)
    );
  }

  private remove(entry: Entry): void {
    this.spares = this.spares.filter((e) => e !== entry);
    entry.stop();
    entry.iframe.remove();
  }

  /** Removes every spare. */
  discard(): void {
    for (const e of [...this.spares]) this.remove(e);
  }
}

/**
 * A blank proxy frame, not yet in the page. SBX-2: exactly allow-scripts and allow-same-origin.
 * PERM-2: `allow` carries the granted features (a frame's permissions policy is fixed when it
 * navigates, so it is set before the URL); the proxy gives the view's frame the same list.
 */
export function createProxyFrame(allow = ""): HTMLIFrameElement {
  const iframe = document.createElement("iframe");
  iframe.title = "Sandbox proxy";
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin");
  if (allow) iframe.setAttribute("allow", allow);
  iframe.dataset.simulator = "proxy";
  return iframe;
}
