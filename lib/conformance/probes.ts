/**
 * The conformance view's verdicts (issue 20, item 3): pure functions from what a view saw of the
 * host it runs in, and what the conformance server saw, to one verdict per host- or
 * proxy-directed entry of the requirements catalogue (`content/spec/*.json`; the ids are the
 * catalogue's). No DOM, no SDK: the view calls `judgeProbes` and the tests feed it observations.
 *
 * A verdict is PASS, FAIL or NOT OBSERVABLE, always with its evidence. NOT OBSERVABLE is said
 * plainly, with the reason, for everything a document inside the sandbox cannot see.
 */

import type { CatalogueId } from "./catalogue";
import { TOOLS, VIEW_URI } from "../conformance-ids";
import { row } from "./row";
import { SERVER_JUDGED, teardownPending } from "./teardown";
import type { FetchOutcome, InboundRecord, Observation, ProbeResult, Verdict } from "./types";

export type {
  ConformanceReport,
  FetchOutcome,
  InboundRecord,
  Observation,
  ProbeResult,
  ServerSeen,
} from "./types";

export { TOOLS, VIEW_URI };
/** The negative control's tool and view: the same view, under a CSP that declares both origins. */
export const CONTROL_TOOL = "conformance_run_csp_control";
export const CONTROL_VIEW_URI = "ui://conformance/probe-view-csp-control.html";
/** The view of conformance_run_default_csp, whose resource declares no csp (CSP-4). */
export const DEFAULT_CSP_VIEW_URI = "ui://conformance/probe-view-default-csp.html";
export const REPORT_URI = "conformance://report/latest";
/** The modes this view supports and declares in `appCapabilities` (BRG-6). */
export const VIEW_MODES = ["inline", "fullscreen"] as const;

const TOOL_INPUT = "ui/notifications/tool-input";
const TOOL_INPUT_PARTIAL = "ui/notifications/tool-input-partial";
const TOOL_RESULT = "ui/notifications/tool-result";

const r = row;

const describe = (m: InboundRecord) =>
  `#${m.seq} ${m.kind}${m.method ? ` ${m.method}` : ""}${m.answers ? ` (answer to ${m.answers})` : ""} at ${Math.round(m.at)} ms`;

/**
 * Everything a view inside the sandbox cannot see, per catalogue entry, in our words. The view
 * shows these rows as NOT OBSERVABLE with the reason, so nobody reads silence as a pass.
 */
export const NOT_OBSERVABLE: Partial<Record<CatalogueId, { why: string; rules: string[] }>> = {
  "messages/add-to-conversation": {
    why: "the conversation is outside the view; look at the host's transcript after the operator's message button",
    rules: ["BRG-4"],
  },
  "messages/consent": {
    why: "a host's question to the user is not shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/provide-future-turns": {
    why: "the model's context is never shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/overwrite": {
    why: "the model's context is never shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/defer": {
    why: "the model's context is never shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/dedupe": {
    why: "the model's context is never shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/last-wins": {
    why: "the model's context is never shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/display": {
    why: "what the host shows the user is outside the view",
    rules: ["BRG-4"],
  },
  "lifecycle/tool-input-partial": {
    why: "a MAY: partial input is optional, so its absence proves nothing (arrivals are listed under tool-input-partial-stop)",
    rules: ["BRG-3"],
  },
  "lifecycle/tool-input-partial-recover": {
    why: "the agent's raw stream is not visible to the view, only what the host made of it",
    rules: ["BRG-3"],
  },
  "lifecycle/tool-input-partial-stream": {
    why: "the agent's raw stream is not visible to the view, only what the host made of it",
    rules: ["BRG-3"],
  },
  "lifecycle/tool-cancelled": {
    why: "nothing cancels this run's call; a host that offers cancelling is checked by cancelling and watching the view's log",
    rules: ["BRG-3"],
  },
  "lifecycle/teardown-reason": {
    why: "seen only as the view ends (see teardown-notify)",
    rules: ["BRG-3"],
  },
  "security/iframe-sandboxed": {
    why: "a document cannot read its own frame's sandbox attribute across origins; see sandbox-distinct-origin for what it can test",
    rules: ["SBX-1"],
  },
  "security/external-domain-warning": {
    why: "a warning to the user is shown outside the view",
    rules: ["CSP-3"],
  },
  "security/global-allowlist": {
    why: "the host's own lists are not visible to the view",
    rules: ["CSP-5"],
  },
  "permissions/host-may-honour": {
    why: "this view requests no browser permissions, so there is nothing to grant",
    rules: ["PERM-2"],
  },
  "csp/host-may-restrict": {
    why: "a MAY: narrowing is the host's choice, and this view declares only one origin",
    rules: ["CSP-5"],
  },
  "security/csp-audit-log": { why: "the host's logs are outside the view", rules: ["CSP-3"] },
  "resource/prefetch": {
    why: "a MAY, and caching is invisible to the server and the view",
    rules: ["RES-1", "RES-5"],
  },
  "visibility/app-tool-hidden": {
    why: "the agent's tool list is not visible to the view or the server",
    rules: ["TOOL-3"],
  },
  "security/sandbox-proxy-required": {
    why: "the view can tell it is framed, not what frames it; sandbox-distinct-origin tests what it can",
    rules: ["SBX-2"],
  },
  "security/sandbox-permissions": {
    why: "the proxy frame's sandbox tokens are on an element the view cannot read",
    rules: ["SBX-2"],
  },
  "security/sandbox-proxy-ready": {
    why: "proxy and host exchange it before this document exists",
    rules: ["SBX-3"],
  },
  "security/permissions-allow-attr": {
    why: "this view requests no permissions",
    rules: ["PERM-2"],
  },
  "security/sandbox-no-self-requests": {
    why: "a request the proxy invented looks, to the view, like one from the host",
    rules: ["SBX-4"],
  },
  "transport/view-traffic-compliant": {
    why: "this view sends only well-formed traffic, so the host's checking is not exercised",
    rules: ["SBX-6"],
  },
  "transport/block-or-approve": {
    why: "a consent prompt is shown outside the view; the view sees only the answer",
    rules: ["BRG-5"],
  },
  "display-mode/unavailable-returns-current": {
    why: "a view may ask only for a mode the host lists (BRG-6), so this view never asks for an unavailable one",
    rules: ["BRG-6"],
  },
  "display-mode/decline-undeclared": {
    why: "a MAY, and this view declares its modes, so the case does not arise",
    rules: ["BRG-6"],
  },
};

/** Evidence for the order probes: every message the view received, in order. */
function orderProbes(o: Observation): ProbeResult[] {
  const early = o.inbound.filter(
    (m) => m.beforeInitialized && !(m.kind === "response" && m.answers === "ui/initialize"),
  );
  const all = o.inbound.map(describe).join("; ") || "nothing received";
  const out: ProbeResult[] = [];
  out.push(
    early.length
      ? r(
          "sandbox/no-messages-before-initialized",
          "FAIL",
          `${early.length} message(s) arrived before the view sent initialized: ${early.map(describe).join("; ")}`,
          ["SBX-5"],
        )
      : r(
          "sandbox/no-messages-before-initialized",
          "PASS",
          `nothing but the answer to ui/initialize arrived before initialized; everything received: ${all}`,
          ["SBX-5"],
        ),
  );

  const inputs = o.inbound.filter((m) => m.method === TOOL_INPUT);
  const results = o.inbound.filter((m) => m.method === TOOL_RESULT);
  const firstResult = results[0];
  const inputProblems: string[] = [];
  if (inputs.length === 0) inputProblems.push("no tool-input arrived");
  if (inputs.length > 1) inputProblems.push(`${inputs.length} tool-input notifications arrived`);
  if (inputs.some((m) => m.beforeInitialized))
    inputProblems.push("tool-input came before initialized");
  if (inputs[0] && firstResult && firstResult.seq < inputs[0].seq)
    inputProblems.push("tool-result came before tool-input");
  out.push(
    r(
      "lifecycle/tool-input",
      inputProblems.length ? "FAIL" : "PASS",
      inputProblems.length
        ? inputProblems.join("; ")
        : `one tool-input (${describe(inputs[0]!)}), after initialized and before tool-result`,
      ["BRG-3"],
    ),
  );

  const resultProblems: string[] = [];
  if (!firstResult) resultProblems.push("no tool-result arrived");
  if (results.some((m) => m.beforeInitialized))
    resultProblems.push("tool-result came before initialized");
  if (firstResult && o.server && o.resultRun !== undefined && !o.server.runIssued)
    resultProblems.push(`the result's run ${o.resultRun} is not one the server issued`);
  out.push(
    r(
      "lifecycle/tool-result",
      resultProblems.length ? "FAIL" : "PASS",
      resultProblems.length
        ? resultProblems.join("; ")
        : `tool-result ${describe(firstResult!)}${o.resultRun ? `, carrying run ${o.resultRun}, which the server issued` : ""}`,
      ["BRG-3"],
    ),
  );

  const partials = o.inbound.filter((m) => m.method === TOOL_INPUT_PARTIAL);
  const late = inputs[0] ? partials.filter((m) => m.seq > inputs[0]!.seq) : [];
  out.push(
    late.length
      ? r(
          "lifecycle/tool-input-partial-stop",
          "FAIL",
          `${late.length} tool-input-partial after tool-input: ${late.map(describe).join("; ")}`,
          ["BRG-3"],
        )
      : inputs[0]
        ? r(
            "lifecycle/tool-input-partial-stop",
            "PASS",
            `${partials.length} tool-input-partial before tool-input, none after`,
            ["BRG-3"],
          )
        : r("lifecycle/tool-input-partial-stop", "NOT OBSERVABLE", "no tool-input arrived", [
            "BRG-3",
          ]),
  );
  return out;
}

function initProbe(o: Observation): ProbeResult {
  const id = "host-context/initialize-hostcontext";
  if (!o.init) return r(id, "FAIL", "ui/initialize was never answered", ["BRG-2"]);
  if (!o.init.ok) return r(id, "FAIL", `ui/initialize failed: ${o.init.error}`, ["BRG-2"]);
  const ctx = o.init.hostContext;
  const caps = Object.keys(o.init.hostCapabilities ?? {});
  const fields = ctx ? Object.keys(ctx) : [];
  const evidence = `protocolVersion ${JSON.stringify(o.init.protocolVersion)}; hostCapabilities {${caps.join(", ")}}; hostContext {${fields.join(", ")}}${ctx?.theme ? `; theme ${JSON.stringify(ctx.theme)}` : ""}${ctx?.displayMode ? `; displayMode ${JSON.stringify(ctx.displayMode)}` : ""}`;
  const bad = typeof o.init.protocolVersion !== "string" || !ctx || fields.length === 0;
  return r(id, bad ? "FAIL" : "PASS", bad ? `incomplete answer: ${evidence}` : evidence, ["BRG-2"]);
}

function cspProbes(o: Observation): ProbeResult[] {
  if (!o.csp) {
    const why = "the CSP probes did not run";
    return [
      r("security/csp-construct-from-domains", "NOT OBSERVABLE", why, ["CSP-3"]),
      r("security/csp-block-undeclared", "NOT OBSERVABLE", why, ["CSP-3"]),
      r("security/csp-no-loosening", "NOT OBSERVABLE", why, ["CSP-3"]),
      r("security/sandbox-csp-enforced", "NOT OBSERVABLE", why, ["SBX-3", "CSP-2", "CSP-3"]),
    ];
  }
  const { declared, undeclared } = o.csp;
  const seen = o.server?.hits ?? [];
  const fetchText = (f: FetchOutcome) =>
    `${f.url}: ${f.ok ? `answered ${f.status}` : `failed (${f.error ?? "no answer"})`}${f.violations.length ? `, CSP violation ${f.violations.join(", ")}` : ""}`;
  const constructed: ProbeResult = declared.ok
    ? r(
        "security/csp-construct-from-domains",
        "PASS",
        `declared origin reachable: ${fetchText(declared)}${seen.includes("declared") ? "; the server saw it" : ""}`,
        ["CSP-3"],
      )
    : r(
        "security/csp-construct-from-domains",
        "FAIL",
        `the origin the resource declares in connectDomains was not reachable: ${fetchText(declared)}`,
        ["CSP-3"],
      );
  let blocked: Pick<ProbeResult, "verdict" | "evidence">;
  if (undeclared.ok || seen.includes("undeclared"))
    blocked = {
      verdict: "FAIL",
      evidence: `an origin the resource never declared was reached: ${fetchText(undeclared)}${seen.includes("undeclared") ? "; the server saw the request" : ""}`,
    };
  else if (undeclared.violations.length)
    blocked = {
      verdict: "PASS",
      evidence: `blocked by the CSP: ${fetchText(undeclared)}; the server saw no request`,
    };
  else
    blocked = {
      verdict: "NOT OBSERVABLE",
      evidence: `failed without a CSP violation, so the CSP cannot be credited (network?): ${fetchText(undeclared)}`,
    };
  // SBX-3: with no frameDomains declared, frame-src stays 'none': a frame of the declared origin
  // is blocked too. Without the frame probe (outside a browser) the CSP rows decide alone.
  const frame = o.frame;
  const frameSeen = seen.includes("frame");
  const frameText = frame
    ? `a frame of ${frame.url} ${frameSeen ? "was loaded (the server served it)" : frame.violations.length ? `was blocked (${frame.violations.join(", ")})` : "reported no CSP violation"}`
    : "the frame probe did not run";
  const frameVerdict: Verdict = !frame
    ? "PASS"
    : frameSeen
      ? "FAIL"
      : frame.violations.includes("frame-src") || frame.violations.includes("child-src")
        ? "PASS"
        : "NOT OBSERVABLE";
  const parts = [constructed.verdict, blocked.verdict, frameVerdict];
  const enforced = r(
    "security/sandbox-csp-enforced",
    parts.includes("FAIL") ? "FAIL" : parts.every((v) => v === "PASS") ? "PASS" : "NOT OBSERVABLE",
    `the declared origin ${constructed.verdict === "PASS" ? "was reachable" : "was not reachable"}, another ${blocked.verdict === "PASS" ? "was blocked" : blocked.verdict === "FAIL" ? "was reached" : "failed without a CSP report"}; ${frameText}`,
    ["SBX-3", "CSP-2", "CSP-3"],
  );
  return [
    constructed,
    r("security/csp-block-undeclared", blocked.verdict, blocked.evidence, ["CSP-3"]),
    r("security/csp-no-loosening", blocked.verdict, blocked.evidence, ["CSP-3"]),
    enforced,
  ];
}

/** The rows of the declared-origin CSP probes, with the rules each cites. */
const DECLARED_CSP_ROWS: [CatalogueId, string[]][] = [
  ["security/csp-construct-from-domains", ["CSP-3"]],
  ["security/csp-block-undeclared", ["CSP-3"]],
  ["security/csp-no-loosening", ["CSP-3"]],
  ["security/sandbox-csp-enforced", ["SBX-3", "CSP-2", "CSP-3"]],
];

/** The spec's restrictive default (Apps 2026-01-26 lines 275-283), as the row quotes it. */
const DEFAULT_WORDING =
  "line 275: “If `ui.csp` is omitted, Host MUST use: default-src 'none'; … connect-src 'none';” (lines 278-283)";

/**
 * CSP-4 from the view whose resource declares no csp: the spec's default blocks every connection,
 * to a probe origin and to the view's own origin alike (connect-src 'none', not 'self'), and
 * every frame (default-src 'none'). A request that left the view shows a looser default.
 */
function defaultCspProbe(o: Observation): ProbeResult {
  const id = "security/csp-default-deny";
  const d = o.defaultCsp;
  if (!d)
    return r(id, "NOT OBSERVABLE", "the default-CSP probes did not run (no browser)", ["CSP-4"]);
  const sent = (f: FetchOutcome) => f.ok || f.status !== undefined;
  const blocked = (f: FetchOutcome) => !sent(f) && f.violations.length > 0;
  const say = (f: FetchOutcome) =>
    `${f.url}: ${sent(f) ? `answered ${f.status}` : `failed (${f.error ?? "no answer"})`}${f.violations.length ? `, CSP violation ${f.violations.join(", ")}` : ""}`;
  const fetches = [d.declared, ...(d.self ? [d.self] : [])];
  const frameLoaded = d.frame && o.server?.hits.includes("frame");
  const evidence = [
    ...fetches.map(say),
    ...(d.self ? [] : ["the view's own origin is opaque, so a 'self' source was not tried"]),
    ...(d.frame
      ? [
          `a frame of ${d.frame.url} ${frameLoaded ? "was loaded" : d.frame.violations.length ? `was blocked (${d.frame.violations.join(", ")})` : "reported no violation"}`,
        ]
      : []),
  ].join("; ");
  const leaked = fetches.filter(sent);
  if (leaked.length || frameLoaded)
    return r(
      id,
      "FAIL",
      `with no csp declared, the view ${leaked
        .map(
          (f) =>
            `reached ${new URL(f.url).origin}${f === d.self ? " (its own origin: the default is connect-src 'none', not 'self')" : ""}`,
        )
        .concat(frameLoaded ? ["loaded a frame"] : [])
        .join(" and ")}: ${evidence}. ${DEFAULT_WORDING}`,
      ["CSP-4"],
    );
  if (fetches.every(blocked))
    return r(
      id,
      "PASS",
      `with no csp declared, every connection was blocked by the CSP: ${evidence}`,
      ["CSP-4"],
    );
  return r(
    id,
    "NOT OBSERVABLE",
    `a request failed without a CSP violation, so the default cannot be credited (network?): ${evidence}`,
    ["CSP-4"],
  );
}

/**
 * Line 477 (SBX-3): the document the view was parsed from against the HTML this server served for
 * its read (document.ts). It proves the HTML arrived unmodified, not how it travelled.
 */
function documentProbe(o: Observation): ProbeResult {
  const id = "security/sandbox-resource-ready";
  const d = o.document;
  if (!d)
    return r(
      id,
      "NOT OBSERVABLE",
      !o.readId
        ? "the view's document names no read of this server, so there is nothing to compare it with"
        : o.server?.read && !o.server.read.served
          ? "the server never served the read this document names (see resource/read-referenced)"
          : "the document was not compared (no browser to serialise it, or the server was not asked)",
      ["SBX-3"],
    );
  if (d.same)
    return r(
      id,
      "PASS",
      `the document the view was parsed from is the HTML this server served for read ${o.readId}, node for node (${d.length} characters of its serialisation, up to the view's own script): the host passed the server's HTML unmodified. How it travelled (in sandbox-resource-ready, or from a URL) cannot be seen`,
      ["SBX-3"],
    );
  return r(
    id,
    "FAIL",
    `the document the view was parsed from is not the HTML this server served for read ${o.readId}: they differ at character ${d.at} of ${d.length}; served “${d.served}”, loaded “${d.loaded}”. The host modified the server's HTML before loading it (Apps 2026-01-26 line 477: the raw HTML)`,
    ["SBX-3"],
  );
}

function displayModeProbes(o: Observation): ProbeResult[] {
  const d = o.displayMode;
  const ids = [
    "display-mode/no-undeclared-mode",
    "display-mode/return-resulting-mode",
    "host-context/context-changed",
  ] as const;
  if (!d || "skipped" in d)
    return ids.map((id) =>
      r(id, "NOT OBSERVABLE", d?.skipped ?? "the display-mode probe did not run", ["BRG-6"]),
    );
  const modes = [
    o.init?.ok ? o.init.hostContext?.displayMode : undefined,
    ...o.inbound.map((m) => m.displayMode),
  ].filter((m): m is string => typeof m === "string");
  const outside = modes.filter((m) => !d.viewModes.includes(m));
  const answer = (d.answer as { mode?: unknown } | undefined)?.mode;
  const changes = o.inbound.filter(
    (m) => m.method === "ui/notifications/host-context-changed" && m.displayMode,
  );
  const out: ProbeResult[] = [
    r(
      ids[0],
      outside.length || (typeof answer === "string" && !d.viewModes.includes(answer))
        ? "FAIL"
        : "PASS",
      `modes the host put the view in: ${modes.join(" → ") || "none reported"}${typeof answer === "string" ? `; answer ${answer}` : ""}; the view declared ${d.viewModes.join(", ")}`,
      ["BRG-6"],
    ),
  ];
  if (d.error || typeof answer !== "string")
    out.push(
      r(
        ids[1],
        "FAIL",
        `ui/request-display-mode ${d.requested}: ${d.error ?? `answer without a mode: ${JSON.stringify(d.answer)}`}`,
        ["BRG-6"],
      ),
    );
  else if (d.modeAfter !== undefined && d.modeAfter !== answer)
    out.push(
      r(ids[1], "FAIL", `answered ${answer}, but the host context then said ${d.modeAfter}`, [
        "BRG-6",
      ]),
    );
  else
    out.push(
      r(
        ids[1],
        "PASS",
        `asked for ${d.requested} (listed by the host: ${d.hostModes.join(", ")}), answered ${answer}, and the context agrees`,
        ["BRG-6"],
      ),
    );
  out.push(
    changes.length
      ? r(
          ids[2],
          "PASS",
          `host-context-changed told the view its display mode: ${changes.map((m) => m.displayMode).join(" → ")}`,
          ["BRG-3", "BRG-6"],
        )
      : r(
          ids[2],
          "NOT OBSERVABLE",
          answer === d.requested
            ? "the mode changed but no host-context-changed said so (a MAY)"
            : "the mode did not change",
          ["BRG-3", "BRG-6"],
        ),
  );
  return out;
}

/** Within the 2 px a frame's border or rounding may take. */
const near = (observed: number | undefined, requested: number) =>
  observed !== undefined && Math.abs(observed - requested) <= 2;

/**
 * The spec's words on a flexible width, quoted by the width row (Apps 2026-01-26, by line): a host
 * that keeps a requested width as a minimum (basic-host does, on purpose) is measured against them.
 */
export const SPEC_WIDTH_WORDING = {
  566: "Otherwise, container width is determined by the View's width, up to this maximum width (if defined)",
  718: "When using flexible dimensions (no fixed `height` or `width`), hosts MUST listen for `ui/notifications/size-changed` notifications from the View and update the iframe dimensions accordingly",
} as const;
const widthQuote = Object.entries(SPEC_WIDTH_WORDING)
  .reverse()
  .map(([line, words]) => `Apps 2026-01-26 line ${line}: “${words}”`)
  .join("; ");

/** BRG-7, one row per dimension: each operates independently (Apps 2026-01-26 line 673). */
function sizeProbes(o: Observation): ProbeResult[] {
  const id = "dimensions/listen-size-changed";
  const s = o.size;
  const both = (why: string) => [
    r(id, "NOT OBSERVABLE", why, ["BRG-7"], { probe: "height" }),
    r(id, "NOT OBSERVABLE", why, ["BRG-7"], { probe: "width" }),
  ];
  if (!s) return both("the size probe did not run");
  if ("skipped" in s) return both(s.skipped);
  const height = r(
    id,
    near(s.observedHeight, s.requestedHeight) ? "PASS" : "FAIL",
    `sent size-changed with height ${s.requestedHeight}; the view's viewport became ${s.observedHeight ?? "unchanged"} px within ${s.waitedMs} ms`,
    ["BRG-7"],
    { probe: "height" },
  );
  // A fixed width is the host's to keep: not asked, so nothing to judge.
  const width =
    s.requestedWidth === undefined
      ? r(
          id,
          "NOT OBSERVABLE",
          `width not asked: ${s.widthSkipped ?? "no reason given"}`,
          ["BRG-7"],
          {
            probe: "width",
          },
        )
      : near(s.observedWidth, s.requestedWidth)
        ? r(
            id,
            "PASS",
            `sent size-changed with width ${s.requestedWidth}; the view's viewport became ${s.observedWidth} px within ${s.waitedMs} ms`,
            ["BRG-7"],
            { probe: "width" },
          )
        : r(
            id,
            "FAIL",
            `sent size-changed with width ${s.requestedWidth} (narrower than before, inside any container); the view's viewport stayed ${s.observedWidth ?? "unchanged"} px after ${s.waitedMs} ms, as if the width were a minimum. ${widthQuote}`,
            ["BRG-7"],
            { probe: "width" },
          );
  return [height, width];
}

function callProbes(o: Observation): ProbeResult[] {
  const out: ProbeResult[] = [];
  const server = o.server;
  const modelSeen = server?.toolCalls.includes(TOOLS.modelOnly) ?? false;
  if (!o.modelOnlyCall)
    out.push(
      r("visibility/app-tool-call-guard", "NOT OBSERVABLE", "the call was not tried", [
        "TOOL-4",
        "BRG-5",
      ]),
    );
  else if (modelSeen || !o.modelOnlyCall.refused)
    out.push(
      r(
        "visibility/app-tool-call-guard",
        "FAIL",
        `the view's call to the model-only ${TOOLS.modelOnly} ${modelSeen ? "reached the server" : "was answered as a success"}: ${o.modelOnlyCall.detail}`,
        ["TOOL-4", "BRG-5"],
      ),
    );
  else
    out.push(
      r(
        "visibility/app-tool-call-guard",
        server ? "PASS" : "NOT OBSERVABLE",
        `the host refused the view's call to the model-only ${TOOLS.modelOnly} (${o.modelOnlyCall.detail})${server ? "; the server never saw it" : "; the server could not be asked"}`,
        ["TOOL-4", "BRG-5"],
      ),
    );
  const pingSeen = server?.toolCalls.includes(TOOLS.ping) ?? false;
  out.push(
    pingSeen
      ? r(
          "transport/server-passthrough",
          "PASS",
          `the view's tools/call ${TOOLS.ping} (app-only) reached the server, which saw: ${server!.toolCalls.join(", ")}`,
          ["SBX-6", "BRG-5"],
        )
      : o.appOnlyCall?.ok
        ? r(
            "transport/server-passthrough",
            "FAIL",
            `the host answered the view's ${TOOLS.ping} as a success, but the server never saw the call`,
            ["SBX-6", "BRG-5"],
          )
        : r(
            "transport/server-passthrough",
            "NOT OBSERVABLE",
            `${TOOLS.ping} was refused (${o.appOnlyCall?.detail ?? "not tried"}); a person may have said no, which a host may ask`,
            ["SBX-6", "BRG-5"],
          ),
  );
  out.push(readProbe(o));
  return out;
}

/**
 * RES-1, scoped to this document: the view names the read it came from (its settings), and the
 * server says whether it served that read, of which URI, and which run showed it first. Another
 * host's read never counts, and a cached copy (a MAY, line 392) is said as such.
 */
function readProbe(o: Observation): ProbeResult {
  const id = "resource/read-referenced";
  const uri = o.viewUri ?? VIEW_URI;
  const read = o.server?.read;
  if (!o.server) return r(id, "NOT OBSERVABLE", "the server could not be asked", ["RES-1"]);
  if (!o.readId || !read)
    return r(
      id,
      "NOT OBSERVABLE",
      "the view's document names no read of this server, so no read can be tied to this run",
      ["RES-1"],
    );
  if (!read.served)
    return r(
      id,
      "FAIL",
      `the view's document names read ${o.readId}, which this server never served: the host showed a document it did not get from resources/read here`,
      ["RES-1"],
    );
  if (read.uri !== uri)
    return r(id, "FAIL", `read ${o.readId} was of ${read.uri}, not of ${uri}`, ["RES-1"]);
  const cached =
    read.firstRun && o.resultRun && read.firstRun !== o.resultRun
      ? `; first shown by run ${read.firstRun}: a cached copy, which a host MAY keep (Apps 2026-01-26 line 392)`
      : "";
  return r(
    id,
    "PASS",
    `the server answered resources/read for ${uri} with this very document (read ${o.readId})${cached}`,
    ["RES-1"],
  );
}

/** An origin as a page reports it; "null" (opaque) names no origin to compare. */
const known = (origin: string | undefined) => (origin && origin !== "null" ? origin : undefined);

/**
 * SBX-2 from inside: the view's `self.origin` (its realm's origin; `location.origin` of a document
 * the proxy wrote says "null"), the origins of the frames around it (the proxy's first, the host
 * page's last, where the browser lists them) and whether the host page's document can be read.
 */
function distinctOriginProbe(o: Observation): ProbeResult {
  const id = "security/sandbox-distinct-origin";
  const t = o.top;
  if (!t) return r(id, "NOT OBSERVABLE", "not tried", ["SBX-2"]);
  const ancestors = t.ancestorOrigins ?? [];
  const hostOrigin = known(ancestors.at(-1));
  const proxyOrigin = known(ancestors[0]);
  const self = known(t.selfOrigin);
  const facts = [
    `self.origin ${t.selfOrigin ?? "not read"}`,
    ...(ancestors.length
      ? [`frames around it (innermost first): ${ancestors.join(", ")}`]
      : ["the browser lists no ancestor origins"]),
    t.detail,
  ].join("; ");
  const sameAsHost =
    hostOrigin !== undefined &&
    ((self !== undefined && self === hostOrigin) ||
      (ancestors.length > 1 && proxyOrigin === hostOrigin));
  if (t.reachable || sameAsHost)
    return r(id, "FAIL", `the view shares the host page's origin: ${facts}`, ["SBX-2"]);
  return r(id, "PASS", facts, ["SBX-2"]);
}

function isolationProbes(o: Observation): ProbeResult[] {
  const forwarded = o.inbound.filter((m) => m.kind === "response").length;
  return [
    distinctOriginProbe(o),
    r(
      "security/sandbox-message-forwarding",
      o.init?.ok && forwarded > 0 ? "PASS" : "FAIL",
      `${forwarded} answer(s) to the view's requests and ${o.inbound.length - forwarded} host message(s) came back through the proxy, including ui/initialize's answer`,
      ["SBX-4"],
    ),
  ];
}

/**
 * The operator's probes before the operator has acted. A host that does not advertise `openLinks`
 * opens no link (BRG-4 lets it say no), so there is nothing to ask the operator: the row says so.
 */
function personProbes(hostCapabilities?: Record<string, unknown>): ProbeResult[] {
  const offered = !!hostCapabilities && "openLinks" in hostCapabilities;
  return [
    r(
      "links/open-external",
      "NOT OBSERVABLE",
      offered
        ? "needs a person: press “Open the test link” in the view and confirm in the host"
        : `the host does not advertise openLinks (hostCapabilities {${Object.keys(hostCapabilities ?? {}).join(", ")}}), so it opens no link and there is nothing to try`,
      ["BRG-4"],
      { needsPerson: true },
    ),
  ];
}

/** Whether the host's ui/initialize answer advertises `openLinks` (the link button needs it). */
export const offersLinks = (o: Observation) =>
  !!o.init?.ok && !!o.init.hostCapabilities && "openLinks" in o.init.hostCapabilities;

/** The link probe after the operator pressed the button: did the page the host opened load? */
export function judgeLink(
  answer: { ok: boolean; detail: string },
  serverSawLink: boolean,
): ProbeResult {
  const rules = ["BRG-4"];
  if (serverSawLink)
    return r(
      "links/open-external",
      "PASS",
      `the host opened the link: the server served the page (${answer.detail})`,
      rules,
      { needsPerson: true },
    );
  if (!answer.ok)
    return r(
      "links/open-external",
      "NOT OBSERVABLE",
      `the host refused the link (${answer.detail}); a person's "no" is allowed`,
      rules,
      { needsPerson: true },
    );
  return r(
    "links/open-external",
    "FAIL",
    `the host answered success but the page was never loaded (${answer.detail})`,
    rules,
    { needsPerson: true },
  );
}

/** Every verdict, automatic probes first, then the person's, then what cannot be seen. */
export function judgeProbes(o: Observation): ProbeResult[] {
  const automatic = [
    initProbe(o),
    ...orderProbes(o),
    ...(o.noCsp ? [defaultCspProbe(o)] : cspProbes(o)),
    documentProbe(o),
    ...isolationProbes(o),
    ...sizeProbes(o),
    ...displayModeProbes(o),
    ...callProbes(o),
  ];
  const unseen = [
    ...(Object.entries(NOT_OBSERVABLE) as [CatalogueId, { why: string; rules: string[] }][]).map(
      ([id, n]) =>
        r(id, "NOT OBSERVABLE", `cannot be seen from inside the view: ${n.why}`, n.rules, {
          unseen: true,
        }),
    ),
    // Each view checks one side of the CSP: declared origins, or the default without csp.
    ...(o.noCsp
      ? DECLARED_CSP_ROWS.map(([id, rules]) =>
          r(
            id,
            "NOT OBSERVABLE",
            `not this view's: its resource declares no csp, so nothing declared is probed; ${TOOLS.run}'s view probes the declared origins`,
            rules,
            { unseen: true },
          ),
        )
      : [
          r(
            "security/csp-default-deny",
            "NOT OBSERVABLE",
            `not this view's: its resource declares a csp, so the default is not exercised; ${TOOLS.defaultCsp}'s view declares none and checks it`,
            ["CSP-4"],
            { unseen: true },
          ),
        ]),
  ];
  return [
    ...automatic,
    ...personProbes(o.init?.ok ? o.init.hostCapabilities : undefined),
    ...teardownPending(o),
    ...unseen,
  ];
}

/** The automatic probes only (the ones a host must pass without a person or the view's end). */
export const isAutomatic = (p: ProbeResult) =>
  !p.needsPerson && !p.unseen && !SERVER_JUDGED.has(p.id);
