import type { McpUiToolVisibility } from "@modelcontextprotocol/ext-apps";
import type { ReadObservation, Verdict } from "../decide";
import { toolVisibility } from "../decide/visibility";
import { effectiveUiMeta } from "../decide/ui-meta";
import { readObservation, type UiToolReview } from "../host/inspect";
import { asRecord } from "../host/wire";
import type { ReviewInput } from "./collect";
import type { StaticViewFindings, ViewLoad } from "./static-view-findings";

// What the review knows about one UI tool that a host profile can act on (issue 33, "Works in"):
// the engine's inputs as observed, the view's `_meta.ui` (csp, domain), the display modes its
// scripts ask for and declare, and whether its results carry structuredContent. Gathered here
// once, so the prediction (works-in.ts) is a pure function of these facts and a profile.

/** One display-mode request the static checks found, with the mode when the script names it. */
export interface ModeRequest {
  /** `inline`, `fullscreen` or `pip`; undefined when the mode is not a literal near the call. */
  mode: string | undefined;
  line: number;
}

export interface ViewFacts {
  tool: string;
  resourceUri: string;
  /** The engine's inputs, as the review observed them. */
  uiToolVisibility: UiToolReview["visibility"];
  negotiation: Verdict;
  read: ReadObservation;
  /** The effective `_meta.ui.csp` (RES-4): present or not, and its value as sent. */
  csp: { present: boolean; value: unknown };
  /** `_meta.ui.domain` as sent, when the view gives one. */
  domain: unknown;
  /** The other origins the view's HTML and inline scripts load (static: URLs built later unseen). */
  loads: ViewLoad[];
  modeRequests: ModeRequest[];
  /** The modes the view declares in its `appCapabilities.availableDisplayModes`, when found. */
  viewModes: string[] | undefined;
  /** Why the tool's results carry structuredContent, in a phrase; undefined when nothing says so. */
  structured: string | undefined;
  /** Where the view sends ui/message and ui/update-model-context (heuristic; first line each). */
  bridge: BridgeUse;
  /** The tools the view calls itself (BRG-5), once each, with the target as the server lists it. */
  appCalls: AppCallUse[];
}

/** One tool a view calls (an app-initiated `tools/call`), and the target as the server lists it. */
interface AppCallUse {
  name: string;
  /** The line of the first call in the view's HTML; undefined when only a Run or --render saw it. */
  line: number | undefined;
  /** `static`: read in the view's scripts (heuristic); `run`: placed while a Run or --render watched. */
  via: "static" | "run";
  /** The target's `_meta.ui.visibility` as listed (TOOL-2); undefined when omitted or not listed. */
  visibility: McpUiToolVisibility[] | undefined;
  /** Whether the server lists a tool of that name at all. */
  listed: boolean;
}

/** A call of the SDK's method with the tool named as a literal: `.callServerTool({ name: "x"`. */
const SDK_CALL = /\.callServerTool\s*\(\s*\{[^{}]{0,80}?\bname\s*:\s*["'`]([^"'`$\\]+)["'`]/g;
/** The request written by hand: `method: "tools/call", params: { name: "x"`. */
const BY_HAND_CALL =
  /["']?method["']?\s*:\s*["']tools\/call["']\s*,\s*["']?params["']?\s*:\s*\{[^{}]{0,80}?["']?name["']?\s*:\s*["']([^"'$\\]+)["']/g;

/**
 * The tools a view's scripts call by a literal name, first line each (a heuristic, as the
 * display-mode check is: a name built at run time is not seen; a bundled App class's own
 * definition passes its parameter on, never a literal name, so it is not read as a call).
 */
function calledInScripts(html: string): { name: string; line: number }[] {
  const found = new Map<string, number>();
  for (const re of [SDK_CALL, BY_HAND_CALL])
    for (const m of html.matchAll(re))
      if (!found.has(m[1]!)) found.set(m[1]!, html.slice(0, m.index).split("\n").length);
  return [...found].map(([name, line]) => ({ name, line })).sort((a, b) => a.line - b.line);
}

/** The view's calls: read in its scripts, then any more a Run or --render saw it place. */
function appCallsOf(
  input: ReviewInput,
  html: string | undefined,
  observed: readonly string[],
): AppCallUse[] {
  const tools = input.review.tools ?? [];
  const use = (name: string, line: number | undefined, via: AppCallUse["via"]): AppCallUse => {
    const tool = tools.find((t) => t.name === name);
    return { name, line, via, visibility: tool && toolVisibility(tool), listed: !!tool };
  };
  const read = html === undefined ? [] : calledInScripts(html);
  const seen = new Set(read.map((c) => c.name));
  return [
    ...read.map((c) => use(c.name, c.line, "static")),
    ...[...new Set(observed)].filter((n) => !seen.has(n)).map((n) => use(n, undefined, "run")),
  ];
}

/** The first line of each bridge request a host profile treats apart; undefined: none found. */
interface BridgeUse {
  message: number | undefined;
  modelContext: number | undefined;
}

/**
 * A view's own `ui/message` and `ui/update-model-context` requests: a call of the SDK's method
 * (`.sendMessage(`, `.updateModelContext(`), or the method name written by hand when the document
 * does not define that method itself (a bundled App class names it inside its own definition).
 * A heuristic, as the display-mode check is: a call built at run time is not seen.
 */
function bridgeUse(html: string): BridgeUse {
  const lineOf = (at: number) => (at < 0 ? undefined : html.slice(0, at).split("\n").length);
  const find = (method: string, wire: string) => {
    const call = new RegExp(`\\.${method}\\s*\\(`).exec(html);
    if (call) return lineOf(call.index);
    const defined = new RegExp(`\\b${method}\\s*\\([^()]*\\)\\s*\\{`).test(html);
    return defined ? undefined : lineOf(html.search(new RegExp(`["']${wire}["']`)));
  };
  return {
    message: find("sendMessage", "ui/message"),
    modelContext: find("updateModelContext", "ui/update-model-context"),
  };
}

const MODES = ["inline", "fullscreen", "pip"];
/** How far past a request (in characters) its mode is looked for. */
const MODE_WINDOW = 160;
const CALL = /\.requestDisplayMode\s*\(/g;
const BY_HAND = /["']ui\/request-display-mode["']/g;
const MODE_LITERAL = /(?:mode\s*:\s*)?["'](inline|fullscreen|pip)["']/;

/**
 * The mode each display-mode request names, read from the request's line: the first `"pip"`,
 * `"fullscreen"` or `"inline"` literal within MODE_WINDOW characters after the call. A mode held
 * in a variable is not read (the request is kept, its mode undefined).
 */
export function requestedModes(html: string, lines: readonly number[]): ModeRequest[] {
  const text = html.split("\n");
  const out: ModeRequest[] = [];
  for (const line of new Set(lines)) {
    const source = text[line - 1] ?? "";
    const found: ModeRequest[] = [];
    // A line with a call of the SDK's method is read for those calls only: a bundled App class
    // on the same (minified) line names the wire method inside its own definition.
    const calls = [...source.matchAll(CALL)];
    for (const m of calls.length ? calls : source.matchAll(BY_HAND)) {
      const after = source.slice(m.index + m[0].length, m.index + m[0].length + MODE_WINDOW);
      found.push({ mode: MODE_LITERAL.exec(after)?.[1], line });
    }
    out.push(...(found.length ? found : [{ mode: undefined, line }]));
  }
  return out;
}

/** The view's own `availableDisplayModes: [...]` (in its ui/initialize), when written as a list. */
export function declaredViewModes(html: string): string[] | undefined {
  const m = /availableDisplayModes["']?\s*:\s*\[([^\]]{0,200})\]/.exec(html);
  if (!m) return undefined;
  return [...m[1]!.matchAll(/["']([a-z]+)["']/g)]
    .map((x) => x[1]!)
    .filter((x) => MODES.includes(x));
}

/** Why this tool's results carry structuredContent: its outputSchema, or a call that returned it. */
function structuredUse(input: ReviewInput, t: UiToolReview): string | undefined {
  if (t.tool.outputSchema)
    return "the tool declares an outputSchema, so its results carry structuredContent";
  const call = input.call;
  if (
    call?.tool === t.name &&
    call.outcome.kind === "result" &&
    "structuredContent" in call.outcome.result
  )
    return "the result of --call carried structuredContent";
  return undefined;
}

/**
 * The facts of one UI tool; `findings` and `html` are the static checks' (absent: none read),
 * `observed` the tools a Run or `--render` saw its view call.
 */
export function viewFacts(
  input: ReviewInput,
  t: UiToolReview,
  findings: StaticViewFindings | undefined,
  html: string | undefined,
  observed: readonly string[] = [],
): ViewFacts {
  const item = t.read.ok ? asRecord(t.read.result.contents[0]) : undefined;
  const meta = effectiveUiMeta(item?._meta, t.listing?._meta);
  return {
    tool: t.name,
    resourceUri: t.resourceUri,
    uiToolVisibility: t.visibility,
    negotiation: t.negotiation,
    read: readObservation(t.read, t.listing?._meta),
    csp: { present: "csp" in meta.ui, value: meta.ui.csp },
    domain: meta.ui.domain,
    loads: findings?.loads ?? [],
    modeRequests:
      findings && html !== undefined ? requestedModes(html, findings.displayModes.requests) : [],
    viewModes: html === undefined ? undefined : declaredViewModes(html),
    structured: structuredUse(input, t),
    bridge: html === undefined ? { message: undefined, modelContext: undefined } : bridgeUse(html),
    appCalls: appCallsOf(input, html, observed),
  };
}

/** The eras a reviewed server serves, as the review saw them (NEG-6). */
export function serverEras(input: ReviewInput): "modern" | "legacy" | "dual" {
  if (input.review.era === "legacy") return "legacy";
  return input.otherEra?.ok ? "dual" : "modern";
}
