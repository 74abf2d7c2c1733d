/**
 * The conformance view's run, without the DOM: it speaks the bridge protocol itself (JSON-RPC 2.0
 * through a `post` / `onMessage` pair the caller wires to `window.parent`), records every message
 * the host sends in order, runs the automatic probes and hands the observation to `judgeProbes`.
 * Browser-only probes (CSP fetches, beacons, `window.top`, the viewport, the view's own document)
 * come in through `ViewProbeEnv`, so vitest can run the same session against a real `AppBridge`
 * with those left out, or played by the kit's test host (fixtures/test-host.ts).
 */
import { compareDocuments } from "./document";
import { TEARDOWN_ANSWER_DELAY_MS, teardownBeaconUrl, type TeardownStep } from "./teardown";
import {
  judgeProbes,
  TOOLS,
  VIEW_MODES,
  type ConformanceReport,
  type FetchOutcome,
  type InboundRecord,
  type Observation,
  type ServerSeen,
} from "./probes";

/** The bridge protocol version this view speaks (the Apps spec of 2026-01-26). */
const PROTOCOL_VERSION = "2026-01-26";

export interface ViewProbeEnv {
  /** Posts one JSON-RPC message to the host (through the proxy). */
  post(message: object): void;
  /** Registers the receiver of the host's messages (already checked to come from the parent). */
  listen(receive: (message: unknown) => void): void;
  now(): number;
  /** The resource the view's document came from (from the view's document). */
  viewUri?: string;
  /** The id of the resources/read that served this document (from the view's document). */
  readId?: string;
  /** This view's resource declares no csp: probe the default (CSP-4), not declared origins. */
  noCsp?: boolean;
  /** The view's own origin (`self.origin`), for the default-CSP probe's 'self' request. */
  selfOrigin?: string;
  /**
   * The view's document as it was delivered, serialised: up to the view's script as the script
   * started, then what followed it once parsing ended; undefined while it cannot tell (browser only).
   */
  ownDocument?(): string | undefined;
  /** Serialises served HTML the way `ownDocument` serialises the view's (identity without it). */
  normaliseDocument?(html: string): string;
  /** Where the conformance server's probe endpoints are (from the view's document). */
  probeOrigins?: { declared: string; undeclared: string };
  /** Fetches a probe URL and reports CSP violations for its origin (browser only). */
  fetchProbe?(url: string): Promise<FetchOutcome>;
  /** Adds an iframe of `url` and reports CSP violations for it (browser only). */
  frameProbe?(url: string): Promise<{ url: string; violations: string[] }>;
  /** Tries to read `window.top.document` (browser only). */
  tryTop?(): { reachable: boolean; detail: string };
  /** The viewport's size now (browser only). */
  viewport?(): { width: number; height: number };
  /**
   * After size-changed: waits for the viewport to reach `size` (each given dimension, ±2 px), or
   * `ms`, and returns the viewport then (browser only).
   */
  waitForSize?(
    size: { width?: number; height: number },
    ms: number,
  ): Promise<{ width: number; height: number }>;
  /** Called with the host context after ui/initialize and after each change (the theme). */
  onContext?(context: Record<string, unknown>): void;
  /**
   * Sends a beacon to `url` (navigator.sendBeacon in a browser): whether it was queued, and the
   * CSP violations it caused. The view's end is heard through these (teardown.ts).
   */
  beacon?(url: string): Promise<{ queued: boolean; violations: string[] }>;
  /** Called with each log line, for the view's own log. */
  log?(line: string): void;
  /** How long to wait for tool-input and tool-result (default 10 s). */
  resultTimeoutMs?: number;
}

interface Rpc {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { message?: unknown };
}

/** The ping's answer as the conformance server sends it; anything else is not trusted. */
function isServerSeen(v: unknown): v is ServerSeen {
  const s = v as Partial<Record<keyof ServerSeen, unknown>> | undefined;
  return (
    !!s &&
    typeof s.runIssued === "boolean" &&
    [s.toolCalls, s.hits].every(
      (list) => Array.isArray(list) && list.every((x) => typeof x === "string"),
    ) &&
    (s.read === undefined || (typeof s.read === "object" && s.read !== null))
  );
}

/** A read as the observation keeps it: everything but the served document itself. */
function stripDocument(read: NonNullable<ServerSeen["read"]>): NonNullable<ServerSeen["read"]> {
  if (!read.served) return read;
  return {
    served: true,
    uri: read.uri,
    ...(read.firstRun ? { firstRun: read.firstRun } : {}),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One view's conversation with its host, recorded. */
export class ConformanceSession {
  readonly observation: Observation;
  private initializedSent = false;
  private nextId = 1;
  private pending = new Map<number, { method: string; done(m: Rpc): void }>();
  private waiters: { test(m: InboundRecord): boolean; done(): void }[] = [];
  private toolInput?: Record<string, unknown>;
  private context: Record<string, unknown> = {};
  /** Where teardown stands: not arrived, arrived (answer pending), answered. */
  private teardown: "none" | "received" | "answered" = "none";
  private token?: string;
  private gone = false;

  constructor(private env: ViewProbeEnv) {
    this.observation = {
      inbound: [],
      ...(env.noCsp ? { noCsp: true } : {}),
      ...(env.viewUri ? { viewUri: env.viewUri } : {}),
      ...(env.readId ? { readId: env.readId } : {}),
    };
    env.listen((m) => this.receive(m));
  }

  private log(line: string) {
    this.env.log?.(line);
  }

  private receive(raw: unknown) {
    const m = raw as Rpc;
    if (!m || typeof m !== "object" || m.jsonrpc !== "2.0") return;
    const method = typeof m.method === "string" ? m.method : undefined;
    const isResponse = method === undefined;
    const pending = isResponse && typeof m.id === "number" ? this.pending.get(m.id) : undefined;
    const record: InboundRecord = {
      seq: this.observation.inbound.length,
      at: this.env.now(),
      kind: isResponse ? "response" : m.id !== undefined ? "request" : "notification",
      beforeInitialized: !this.initializedSent,
      ...(method ? { method } : {}),
      ...(pending ? { answers: pending.method } : {}),
    };
    const mode = (m.params as { displayMode?: unknown } | undefined)?.displayMode;
    if (method === "ui/notifications/host-context-changed") {
      Object.assign(this.context, m.params ?? {});
      if (typeof mode === "string") record.displayMode = mode;
      this.env.onContext?.(this.context);
    }
    if (method === "ui/notifications/tool-input")
      this.toolInput = (m.params?.arguments ?? {}) as Record<string, unknown>;
    if (method === "ui/notifications/tool-result") {
      const sc = m.params?.structuredContent as
        { run?: unknown; reportToken?: unknown } | undefined;
      if (typeof sc?.run === "string") this.observation.resultRun = sc.run;
      // Kept out of the observation and the report: it only lets this view write its report.
      if (typeof sc?.reportToken === "string") this.token = sc.reportToken;
    }
    this.observation.inbound.push(record);
    this.log(`← ${record.kind} ${method ?? `answer to ${record.answers ?? m.id}`}`);
    if (pending) {
      this.pending.delete(m.id as number);
      pending.done(m);
    }
    // Requests from the host are answered as any view would: teardown and ping with {}. Before
    // answering teardown the view tells the server (its beacons, teardown.ts), which is how a
    // removal it cannot report itself still gets seen (BRG-3).
    if (record.kind === "request") {
      const id = m.id;
      const answer = (known: boolean) =>
        this.env.post(
          known
            ? { jsonrpc: "2.0", id, result: {} }
            : {
                jsonrpc: "2.0",
                id,
                error: { code: -32601, message: `Method not found: ${method}` },
              },
        );
      if (method === "ui/resource-teardown") void this.onTeardown().then(() => answer(true));
      else answer(method === "ping");
    }
    for (const w of [...this.waiters]) if (w.test(record)) w.done();
  }

  /** One beacon to the server's declared origin, for this run; nothing when it cannot be sent. */
  private async sendBeacon(step: TeardownStep) {
    const origin = this.env.probeOrigins?.declared;
    const run = this.observation.resultRun;
    if (!origin || !run || !this.env.beacon) return undefined;
    const url = teardownBeaconUrl(origin, run, step);
    return { url, ...(await this.env.beacon(url)) };
  }

  /** BRG-3: say teardown arrived, stay TEARDOWN_ANSWER_DELAY_MS, say so again, then answer. */
  private async onTeardown() {
    if (this.teardown !== "none") return;
    this.teardown = "received";
    await this.sendBeacon("received").catch(() => undefined);
    await sleep(TEARDOWN_ANSWER_DELAY_MS);
    await this.sendBeacon("answering").catch(() => undefined);
    this.teardown = "answered";
  }

  /**
   * The view's frame is going (the browser's pagehide). If teardown has not arrived, or arrived
   * and was not yet answered, one beacon says so: the host removed the view without telling it
   * first, or without waiting. Once only.
   */
  async pageHide(): Promise<void> {
    if (this.gone) return;
    this.gone = true;
    if (this.teardown === "answered") return;
    await this.sendBeacon(
      this.teardown === "none" ? "gone-before-teardown" : "gone-during-teardown",
    ).catch(() => undefined);
  }

  /** Sends a request; resolves with its answer, or with an error after `ms`. */
  request(
    method: string,
    params: object,
    ms = 15_000,
  ): Promise<{ result?: unknown; error?: string }> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ error: `no answer within ${ms} ms` });
      }, ms);
      this.pending.set(id, {
        method,
        done: (m) => {
          clearTimeout(timer);
          resolve(m.error ? { error: String(m.error.message ?? "error") } : { result: m.result });
        },
      });
      this.log(`→ ${method}`);
      this.env.post({ jsonrpc: "2.0", id, method, params });
    });
  }

  notify(method: string, params: object = {}) {
    this.log(`→ ${method}`);
    this.env.post({ jsonrpc: "2.0", method, params });
  }

  /** Resolves when a matching message has arrived (now or later), or after `ms`. */
  private waitFor(test: (m: InboundRecord) => boolean, ms: number): Promise<boolean> {
    if (this.observation.inbound.some(test)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const w = {
        test,
        done: () => {
          clearTimeout(timer);
          this.waiters.splice(this.waiters.indexOf(w), 1);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        resolve(false);
      }, ms);
      this.waiters.push(w);
    });
  }

  /** BRG-2: the handshake, then initialized (SBX-5: nothing should arrive before it). */
  async initialize(): Promise<Record<string, unknown> | undefined> {
    const answer = await this.request("ui/initialize", {
      protocolVersion: PROTOCOL_VERSION,
      appInfo: { name: "mcp-apps-conformance-view", version: "1.0.0" },
      appCapabilities: { availableDisplayModes: [...VIEW_MODES] },
    });
    if (answer.error) {
      this.observation.init = { ok: false, error: answer.error };
      return undefined;
    }
    const res = (answer.result ?? {}) as Record<string, unknown>;
    this.observation.init = {
      ok: true,
      protocolVersion: res.protocolVersion,
      hostInfo: res.hostInfo as { name?: string; version?: string },
      hostCapabilities: res.hostCapabilities as Record<string, unknown>,
      hostContext: res.hostContext as Record<string, unknown>,
    };
    this.context = { ...((res.hostContext as object) ?? {}) };
    this.env.onContext?.(this.context);
    this.initializedSent = true;
    this.notify("ui/notifications/initialized");
    return this.context;
  }

  /** The host context as the view knows it now (initialize's answer plus every change). */
  get hostContext(): Record<string, unknown> {
    return this.context;
  }

  /** The report token the server issued with this run's result (conformance_report needs it). */
  get reportToken(): string | undefined {
    return this.token;
  }

  get input(): Record<string, unknown> | undefined {
    return this.toolInput;
  }

  /** Calls one of the conformance server's tools through the host (BRG-5). */
  async callTool(name: string, args: object) {
    const answer = await this.request("tools/call", { name, arguments: args }, 120_000);
    const result = answer.result as
      { isError?: boolean; structuredContent?: unknown; content?: { text?: string }[] } | undefined;
    const text = result?.content?.map((c) => c.text ?? "").join(" ");
    return {
      ok: !answer.error && !result?.isError,
      detail: answer.error ?? (result?.isError ? `isError: ${text}` : "answered"),
      structured: result?.structuredContent,
    };
  }

  /** Runs every automatic probe and returns the report (not yet sent to the server). */
  async run(): Promise<ConformanceReport> {
    const o = this.observation;
    const ctx = await this.initialize();
    const resultMs = this.env.resultTimeoutMs ?? 10_000;
    if (ctx) {
      await this.waitFor((m) => m.method === "ui/notifications/tool-result", resultMs);
      // A late duplicate or a partial after the input would show up here.
      await sleep(300);
    }
    const run = o.resultRun ?? `unknown-${Math.round(this.env.now())}`;

    const origins = this.env.probeOrigins;
    if (ctx && origins && this.env.fetchProbe) {
      const q = `?run=${encodeURIComponent(run)}`;
      if (this.env.noCsp) {
        // CSP-4: the default blocks them all, the view's own origin included.
        const self = this.env.selfOrigin;
        const [declared, own] = await Promise.all([
          this.env.fetchProbe(`${origins.declared}/probe/csp${q}`),
          self && self !== "null"
            ? this.env.fetchProbe(`${self}/conformance-default-csp-probe`)
            : undefined,
        ]);
        o.defaultCsp = {
          declared,
          ...(own ? { self: own } : {}),
          ...(this.env.frameProbe
            ? { frame: await this.env.frameProbe(`${origins.declared}/probe/frame${q}`) }
            : {}),
        };
      } else {
        const [declared, undeclared] = await Promise.all([
          this.env.fetchProbe(`${origins.declared}/probe/csp${q}`),
          this.env.fetchProbe(`${origins.undeclared}/probe/csp${q}`),
        ]);
        o.csp = { declared, undeclared };
        if (this.env.frameProbe)
          o.frame = await this.env.frameProbe(`${origins.declared}/probe/frame${q}`);
      }
    }
    // Whether a beacon can reach the server from this frame: if not, the teardown rows say why.
    if (ctx) {
      const beacon = await this.sendBeacon("channel").catch(() => undefined);
      if (beacon) o.beacon = beacon;
    }
    if (this.env.tryTop) o.top = this.env.tryTop();
    if (ctx) await this.probeSize(ctx);
    if (ctx) await this.probeDisplayMode();
    if (ctx) {
      const refused = await this.callTool(TOOLS.modelOnly, { run });
      o.modelOnlyCall = { refused: !refused.ok, detail: refused.detail };
      const ping = await this.callTool(TOOLS.ping, {
        run,
        ...(this.env.readId ? { read: this.env.readId, document: !!this.env.ownDocument } : {}),
      });
      o.appOnlyCall = { ok: ping.ok, detail: ping.detail };
      if (ping.ok && isServerSeen(ping.structured)) {
        const { read, ...seen } = ping.structured;
        // The served document is compared here and kept out of the observation (it is large).
        const served = read?.served ? read.document : undefined;
        o.server = { ...seen, ...(read ? { read: stripDocument(read) } : {}) };
        if (served !== undefined && this.env.ownDocument) {
          const normalise = this.env.normaliseDocument ?? ((html: string) => html);
          const own = this.env.ownDocument();
          if (own === undefined)
            o.documentUnseen =
              "the view could not take its whole document: parsing had not ended when the server's HTML came back, or its script did not know its own element";
          else o.document = compareDocuments(own, normalise(served));
        }
      }
    }
    const init = o.init?.ok ? o.init : undefined;
    return {
      run,
      finishedAt: new Date().toISOString(),
      host: {
        name: init?.hostInfo?.name,
        version: init?.hostInfo?.version,
        protocolVersion:
          typeof init?.protocolVersion === "string" ? init.protocolVersion : undefined,
      },
      results: judgeProbes(o),
    };
  }

  /**
   * BRG-7: with a flexible height (and width), size-changed should become the viewport's size. The
   * width asked is narrower than the viewport, so it is inside any container's bounds; the view
   * then reports its first width again, so what follows is laid out as before.
   */
  private async probeSize(ctx: Record<string, unknown>) {
    const dims = ctx.containerDimensions as { height?: unknown; width?: unknown } | undefined;
    if (typeof dims?.height === "number") {
      this.observation.size = {
        skipped: `the host gave a fixed height (${dims.height} px), so size-changed need not be followed`,
      };
      return;
    }
    if (!this.env.waitForSize || !this.env.viewport) {
      this.observation.size = { skipped: "no viewport to measure outside a browser" };
      return;
    }
    const requestedHeight = 321;
    const before = this.env.viewport();
    const fixedWidth = typeof dims?.width === "number";
    const requestedWidth =
      fixedWidth || before.width < 200 ? undefined : Math.round(before.width - 60);
    const widthSkipped = fixedWidth
      ? `the host gave a fixed width (${String(dims?.width)} px)`
      : requestedWidth === undefined
        ? `the viewport is too narrow to ask for less (${before.width} px)`
        : undefined;
    const started = this.env.now();
    const asked = { height: requestedHeight, ...(requestedWidth ? { width: requestedWidth } : {}) };
    this.notify("ui/notifications/size-changed", asked);
    const seen = await this.env.waitForSize(asked, 3000);
    this.observation.size = {
      requestedHeight,
      observedHeight: seen.height,
      ...(requestedWidth ? { requestedWidth, observedWidth: seen.width } : { widthSkipped }),
      waitedMs: Math.round(this.env.now() - started),
    };
    if (requestedWidth) this.notify("ui/notifications/size-changed", { width: before.width });
  }

  /** BRG-6: ask only for a mode both sides list, then return to where the view started. */
  private async probeDisplayMode() {
    const hostModes = (this.context.availableDisplayModes as string[] | undefined) ?? [];
    const current = this.context.displayMode as string | undefined;
    const viewModes = [...VIEW_MODES] as string[];
    const target = hostModes.find((m) => m !== current && viewModes.includes(m));
    if (!target || !current) {
      this.observation.displayMode = {
        skipped: !current
          ? "the host context names no current display mode"
          : `the host lists no other mode this view supports (host: ${hostModes.join(", ") || "none"})`,
      };
      return;
    }
    const answer = await this.request("ui/request-display-mode", { mode: target });
    const mode = (answer.result as { mode?: unknown } | undefined)?.mode;
    if (typeof mode === "string" && mode !== current)
      await this.waitFor((m) => m.displayMode === mode, 1000);
    this.observation.displayMode = {
      requested: target,
      answer: answer.result,
      ...(answer.error ? { error: answer.error } : {}),
      hostModes,
      viewModes,
      modeAfter: this.context.displayMode as string | undefined,
    };
    // Put the view back where the host had it, so the page is as the operator left it.
    if (typeof mode === "string" && mode !== current) {
      await this.request("ui/request-display-mode", { mode: current });
      await this.waitFor((m) => m.displayMode === current && m.seq > 0, 1000);
    }
  }
}
