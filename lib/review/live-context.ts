import type { DisplayMode } from "../decide";
import type { ViewSession } from "../host/view";
import { Trace, type TraceEntry } from "../host/view/trace";
import type { AppCallRecord, LiveView, LiveViewOptions, LiveViewState } from "./live-types";

/** Records kept per list at most (calls, links, messages, logs, reports). */
export const MAX_RECORDS = 500;
/**
 * Characters of a message's or log's JSON a record keeps (what the page shows), with a count of
 * the rest: the view's handler had it whole, and a redraw never writes it again (issue #39).
 */
export const RECORD_CHARS = 300;

export const keep = <T>(list: T[], item: T) => {
  list.push(item);
  if (list.length > MAX_RECORDS) list.splice(0, list.length - MAX_RECORDS);
};

/**
 * What the live view's parts share: the options, the view as the page sees it, its trace, and the
 * ways to note, record and stop.
 */
export interface LiveContext {
  o: LiveViewOptions;
  view: LiveView;
  trace: Trace;
  /** The modes this host offers (BRG-6); the first is where the view starts. */
  hostModes: readonly DisplayMode[];
  /** ms since the session started. */
  since(): number;
  /** Anything changed: the page redraws. */
  changed(): void;
  /** On the host–server lane. */
  note(text: string, status?: TraceEntry["status"]): void;
  /** On the host–view lane. */
  viewNote(text: string, status?: TraceEntry["status"]): void;
  /** One app-initiated call, as the host decided it (and to every observer). */
  record(r: Omit<AppCallRecord, "at">): void;
  /** Ends the session in `state`, for `reason`; returns the view. */
  stop(state: LiveViewState, reason: string): LiveView;
  /** The rendered view's session, once there is one. */
  session?: ViewSession;
}

/** The live view before anything happened, and the context its parts share. */
export function createLiveContext(o: LiveViewOptions): LiveContext {
  const trace = new Trace();
  const started = performance.now();
  const hostModes = o.displayModes?.length ? o.displayModes : (["inline", "fullscreen"] as const);
  const watchers: { calls: AppCallRecord[] }[] = [];
  const ctx: LiveContext = {
    o,
    trace,
    hostModes,
    view: {
      state: "calling",
      trace,
      tools: [],
      appCalls: [],
      links: [],
      messages: [],
      logs: [],
      displayMode: hostModes[0]!,
      reports: [],
      failures: [],
      timings: { start: started },
      observe: (ms) => observe(ctx, watchers, ms),
      setDisplayMode: (mode) => {
        if (ctx.session) ctx.session.setDisplayMode(mode);
        else ctx.view.displayMode = mode;
      },
      dispose: async () => {
        await ctx.session?.dispose();
        const view = ctx.view;
        if (view.state !== "torn-down" && view.state !== "failed") view.state = "closed";
        if (o.ownsConnection) await o.connection.close().catch(() => undefined);
      },
    },
    since: () => Math.round((performance.now() - started) * 10) / 10,
    changed: () => o.onChange?.(ctx.view),
    note: (text, status = "delivered") =>
      trace.event("host-server", "host", "server", text, status),
    viewNote: (text, status = "delivered") =>
      trace.event("host-view", "host", "view", text, status),
    record: (r) => {
      const view = ctx.view;
      keep(view.appCalls, { at: ctx.since(), ...r });
      for (const w of watchers) w.calls.push(view.appCalls.at(-1)!);
      ctx.changed();
    },
    stop: (state, reason) => {
      ctx.view.state = state;
      ctx.view.reason = reason;
      ctx.changed();
      return ctx.view;
    },
  };
  const push = trace.entries.push.bind(trace.entries);
  trace.entries.push = (...items: TraceEntry[]) => {
    const n = push(...items);
    ctx.changed();
    return n;
  };
  return ctx;
}

/** The calls the view places in the next `ms` (all app-initiated ones, refused ones too). */
function observe(
  ctx: LiveContext,
  watchers: { calls: AppCallRecord[] }[],
  ms: number,
): Promise<AppCallRecord[]> {
  return new Promise<AppCallRecord[]>((resolve) => {
    const w = { calls: [] as AppCallRecord[] };
    watchers.push(w);
    ctx.viewNote(`observing app-initiated calls for ${Math.round(ms / 1000)} s`);
    setTimeout(() => {
      watchers.splice(watchers.indexOf(w), 1);
      ctx.viewNote(`observation ended: ${w.calls.length} app-initiated call(s)`);
      resolve(w.calls);
    }, ms);
  });
}
