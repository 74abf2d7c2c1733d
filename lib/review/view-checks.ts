import type { TraceEntry } from "../host/view/trace";
import { asRecord } from "../host/wire";
import { LESSONS } from "./lessons";
import type { ReportItem } from "./report";
import { REPORTED, type ViewFailure } from "./view-failures";

/**
 * What a rendered view did, judged against the requirements that bind the view itself: what its
 * `ui/initialize` carried, which display modes it asked for, whether it finished its handshake,
 * and what the browser blocked under its CSP. Pure: built from one run's trace of the bridge (the
 * live view's, whether the page or `npm run review -- --render` rendered it) and the failures the
 * host told apart. Only what the view was seen to do is judged; a view that never asked for a
 * display mode is not credited with checking the host's list.
 */
export interface RenderObservation {
  tool: string;
  /** The run's trace: the bridge entries are those between the host and the proxy (or view). */
  trace: readonly TraceEntry[];
  /** The live view's state when the observation ended. */
  state: string;
  failures: readonly ViewFailure[];
  /** ms from the proxy's load to the view's `initialized`, when it came. */
  initMs?: number;
  /** How long the view was watched after it rendered, in ms. */
  watchedMs: number;
}

const BRIDGE = new Set(["host-proxy", "host-view"]);
const VIEW_SIDE = new Set(["proxy", "view"]);

/** A message the view sent (the proxy relays it; the proxy's own `sandbox-*` ones excluded). */
function fromView(e: TraceEntry): boolean {
  return (
    BRIDGE.has(e.channel) &&
    VIEW_SIDE.has(e.from) &&
    e.kind !== "event" &&
    !(e.method ?? "").startsWith("ui/notifications/sandbox-")
  );
}

function toView(e: TraceEntry): boolean {
  return BRIDGE.has(e.channel) && e.from === "host" && VIEW_SIDE.has(e.to) && e.kind !== "event";
}

const params = (e: TraceEntry | undefined) => asRecord(asRecord(e?.message)?.params);
const result = (e: TraceEntry | undefined) => asRecord(asRecord(e?.message)?.result);
const quote = (v: unknown) => JSON.stringify(v) ?? "undefined";
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function stringList(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === "string") ? v : undefined;
}

/** One check's item, before its tool and source are filled in. */
type CheckItem = Omit<ReportItem, "id" | "tool" | "source"> & { id: string };

/** What the checks read of one run: the messages the view sent, and its handshake as seen. */
interface ViewRun {
  o: RenderObservation;
  sent: TraceEntry[];
  initialize: TraceEntry | undefined;
  answer: TraceEntry | undefined;
  initialized: TraceEntry | undefined;
  coreInitialize: TraceEntry | undefined;
  /** Why an item about ui/initialize cannot be judged. */
  noUiInitialize: string;
  /** The appCapabilities the view's ui/initialize carried. */
  caps: Record<string, unknown> | undefined;
}

function readRun(o: RenderObservation): ViewRun {
  const sent = o.trace.filter(fromView);
  const initialize = sent.find((e) => e.kind === "request" && e.method === "ui/initialize");
  const answer = o.trace.find(
    (e) =>
      toView(e) &&
      (e.kind === "response" || e.kind === "error") &&
      e.method === "ui/initialize" &&
      initialize !== undefined &&
      e.id === initialize.id,
  );
  const initialized = sent.find((e) => e.method === "ui/notifications/initialized");
  // The core MCP handshake sent to the host instead of the bridge's (BRG-2): a view built on an
  // MCP client library rather than an Apps one. Named, since "never sent ui/initialize" hides it.
  const coreInitialize = sent.find((e) => e.kind === "request" && e.method === "initialize");
  const noUiInitialize = coreInitialize
    ? `the view sent the core MCP "initialize" instead of "ui/initialize": the bridge's handshake is ui/initialize, which sets up this frame's channel with the host and is not the core protocol's session handshake (BRG-2)`
    : "the view never sent ui/initialize";
  const caps = asRecord(params(initialize)?.appCapabilities);
  return { o, sent, initialize, answer, initialized, coreInitialize, noUiInitialize, caps };
}

/** The checks of one rendered view, each a report item for its tool. */
export function viewChecks(o: RenderObservation): ReportItem[] {
  const run = readRun(o);
  return [
    ...initializeItems(run),
    ...displayModeItems(run),
    ...handshakeOrderItems(run),
    ...partialInputItems(run),
    ...cspObservedItems(run),
  ].map((item) => ({ ...item, id: `${item.id}:${o.tool}`, tool: o.tool, source: "requirements" }));
}

/** The handshake: the view completes ui/initialize, and its request carries appCapabilities. */
function initializeItems(run: ViewRun): CheckItem[] {
  const { o, initialize, initialized, coreInitialize, noUiInitialize, caps } = run;
  const items: CheckItem[] = [];
  const add = (item: CheckItem) => items.push(item);

  // The handshake, as the host saw it.
  const timedOut = o.failures.find((f) => f.kind === "init-timeout");
  add({
    id: "renders",
    title: "The view renders and completes ui/initialize",
    status: initialized ? "pass" : "fail",
    evidence: initialized
      ? `ui/notifications/initialized ${o.initMs !== undefined ? `${Math.round(o.initMs)} ms after the proxy loaded` : "received"}`
      : [
          ...(coreInitialize && !initialize ? [noUiInitialize] : []),
          timedOut?.message ??
            `no ui/notifications/initialized (the view ended "${o.state}"${initialize ? ", after sending ui/initialize" : ", without sending ui/initialize"})`,
        ].join("; "),
    ruleIds: ["SBX-1", "BRG-1", "BRG-2"],
    lesson: LESSONS.render,
  });

  add({
    id: "app-capabilities",
    title: "ui/initialize carries the view's appCapabilities",
    status: !initialize ? "not-checkable" : caps ? "pass" : "fail",
    evidence: !initialize
      ? noUiInitialize
      : caps
        ? `appCapabilities ${quote(caps)}`
        : `ui/initialize params ${quote(params(initialize))}: no appCapabilities object (the view MUST include its capabilities there)`,
    ruleIds: ["BRG-2"],
    lesson: LESSONS.displayModes,
  });
  return items;
}

/** Display modes: what the view declared, what the host offered, what the view asked for. */
function displayModeItems(run: ViewRun): CheckItem[] {
  const { o, sent, initialize, answer, noUiInitialize, caps } = run;
  const items: CheckItem[] = [];
  const add = (item: CheckItem) => items.push(item);

  const declared = stringList(caps?.availableDisplayModes);
  const offered = stringList(asRecord(result(answer)?.hostContext)?.availableDisplayModes);
  const requests = sent.filter((e) => e.method === "ui/request-display-mode");
  const asked = requests.map((e) => params(e)?.mode);
  const undeclared = declared ? asked.filter((m) => !declared.includes(String(m))) : [];
  add({
    id: "declares-modes",
    title: "The view declares the display modes it supports",
    status: !initialize
      ? "not-checkable"
      : undeclared.length > 0 || (!declared && asked.length > 0)
        ? "fail"
        : declared
          ? "pass"
          : "warning",
    evidence: !initialize
      ? noUiInitialize
      : undeclared.length > 0
        ? `declared ${quote(declared)} but asked for ${quote(undeclared)}`
        : declared
          ? `appCapabilities.availableDisplayModes ${quote(declared)}`
          : asked.length
            ? `asked for ${quote(asked)} but declared no appCapabilities.availableDisplayModes: a view MUST declare the modes it supports there before it asks for one (BRG-6), and a host that sees none may refuse the change`
            : `no appCapabilities.availableDisplayModes: the spec asks a view to list every mode it supports; a host that sees none may refuse any change of mode`,
    ruleIds: ["BRG-6"],
    lesson: LESSONS.displayModes,
  });

  const unoffered = offered ? asked.filter((m) => !offered.includes(String(m))) : [];
  // Seen to ask before the host's answer carried its list: it cannot have checked the list.
  const unread = requests.filter((e) => answer === undefined || e.seq < answer.seq);
  add({
    id: "requests-offered-modes",
    title: "The view asks only for display modes the host offers",
    status:
      requests.length === 0
        ? "not-checkable"
        : unread.length
          ? "fail"
          : !offered
            ? "not-checkable"
            : unoffered.length
              ? "fail"
              : "pass",
    evidence:
      requests.length === 0
        ? `asked for no display mode while watched for ${seconds(o.watchedMs)}`
        : unread.length
          ? `asked for ${quote(unread.map((e) => params(e)?.mode))} before the host answered ui/initialize, whose hostContext carries availableDisplayModes: a view MUST check the host's list before it asks (BRG-6), and this one could not have`
          : !offered
            ? `asked for ${quote(asked)}; the host's hostContext listed no availableDisplayModes`
            : unoffered.length
              ? `asked for ${quote(unoffered)}; the host offered ${quote(offered)} in hostContext.availableDisplayModes`
              : `asked for ${quote(asked)}, all in hostContext.availableDisplayModes ${quote(offered)}`,
    ruleIds: ["BRG-6"],
    lesson: LESSONS.displayModes,
  });
  return items;
}

/** Order: the handshake's answer comes before anything else the view asks of the host. */
function handshakeOrderItems(run: ViewRun): CheckItem[] {
  const { sent, initialize, answer, noUiInitialize } = run;
  const items: CheckItem[] = [];
  const add = (item: CheckItem) => items.push(item);

  const early = sent.filter(
    (e) =>
      e !== initialize &&
      e.method !== "ping" &&
      e.kind !== "response" &&
      e.kind !== "error" &&
      (answer === undefined ? initialize !== undefined : e.seq < answer.seq),
  );
  add({
    id: "handshake-first",
    title: "The view waits for its ui/initialize answer before other messages",
    status: !initialize ? "not-checkable" : early.length ? "warning" : "pass",
    evidence: !initialize
      ? noUiInitialize
      : early.length
        ? `sent ${quote(early.map((e) => e.method))} before the host answered ui/initialize: the lifecycle puts the answer first, and a host may refuse these`
        : `nothing but ui/initialize${answer ? " before its answer" : ""}`,
    ruleIds: ["BRG-2"],
    lesson: LESSONS.render,
  });
  return items;
}

/** BRG-3: what the view did while only partial tool arguments had arrived. */
function partialInputItems(run: ViewRun): CheckItem[] {
  const { o, sent } = run;
  const items: CheckItem[] = [];
  const add = (item: CheckItem) => items.push(item);

  // BRG-3: partial arguments may stream before the complete ones; a view MUST NOT rely on them for
  // critical operations. Whether an operation is critical is the view's business: a call or a
  // message placed while only partial arguments had arrived is a warning, not a failure.
  const partial = o.trace.find(
    (e) => toView(e) && e.method === "ui/notifications/tool-input-partial",
  );
  const complete = o.trace.find((e) => toView(e) && e.method === "ui/notifications/tool-input");
  const onPartial = partial
    ? sent.filter(
        (e) =>
          (e.method === "tools/call" || e.method === "ui/message") &&
          e.kind === "request" &&
          e.seq > partial.seq &&
          (complete === undefined || e.seq < complete.seq),
      )
    : [];
  add({
    id: "partial-input",
    title: "The view waits for the complete tool-input before it calls a tool or sends a message",
    status: !partial ? "not-checkable" : onPartial.length ? "warning" : "pass",
    evidence: !partial
      ? "the host sent no ui/notifications/tool-input-partial, so there was nothing to wait past"
      : onPartial.length
        ? `sent ${quote(onPartial.map((e) => (e.method === "tools/call" ? `tools/call ${String(params(e)?.name)}` : e.method)))} after ui/notifications/tool-input-partial and before the complete ui/notifications/tool-input: views MUST NOT rely on partial arguments for critical operations (BRG-3); fine if it was not one`
        : `nothing called or sent between ui/notifications/tool-input-partial and ${complete ? "the complete tool-input" : "the end of the watch (no complete tool-input came)"}`,
    ruleIds: ["BRG-3"],
    lesson: LESSONS.render,
  });
  return items;
}

/** What the browser blocked under the view's CSP, as the sandbox reported it. */
function cspObservedItems(run: ViewRun): CheckItem[] {
  const { o } = run;
  const items: CheckItem[] = [];
  const add = (item: CheckItem) => items.push(item);

  // A refused eval is often a library's feature test (zod probes new Function and carries on):
  // one the host found at a probe passes, said harmless; any other warns; a blocked load is
  // something the view wanted and did not get.
  const blocked = o.failures.filter((f) => f.kind === "csp-blocked");
  const isEval = (f: (typeof blocked)[number]) =>
    f.blockedURI === "eval" || f.blockedURI === "wasm-eval";
  const loads = blocked.filter((f) => !isEval(f));
  const evals = blocked.filter((f) => isEval(f) && !f.probe);
  const probes = blocked.filter((f) => f.probe);
  add({
    id: "csp-observed",
    title: "Nothing the view loads is blocked by its CSP",
    status: loads.length ? "fail" : evals.length ? "warning" : "pass",
    // The blocks come from the sandbox document's reports, which the view could forge: said as
    // reports, never as fact (issue #39), here and in the Markdown export built from this text.
    evidence:
      (blocked.length ? REPORTED : "") +
        [
          ...loads.map((f) => `${f.directive} blocked ${f.blockedURI}`),
          ...(evals.length
            ? [
                `${evals[0]!.directive} refused ${evals.map((f) => f.blockedURI).join(", ")}: no MCP Apps CSP allows code from strings; harmless if it was a library's feature test, a broken view if the view needs it`,
              ]
            : []),
          ...(probes.length
            ? [
                `${probes[0]!.directive} refused eval${probes.length > 1 ? ` ${probes.length} times, each time` : ""} at a feature probe (new Function("") inside a try, as zod bundled with ext-apps' App runs when it loads): the view catches the refusal and carries on, so it is harmless (the policy a host MUST build, CSP-2 and CSP-3, never has 'unsafe-eval')`,
              ]
            : []),
        ].join("; ") || `no CSP violation reported while watched for ${seconds(o.watchedMs)}`,
    ruleIds: ["CSP-3", "CSP-4"],
    lesson: LESSONS.builtPolicy,
  });
  return items;
}
