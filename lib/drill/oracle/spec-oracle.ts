// A second oracle for the drill items, for tests only. It is written from the rules reference
// (../shared/reference/mcp-apps-rules.md) and the host's policy line that every stem states, and it
// reads only what the learner is shown: the labelled JSON exhibits and the question. It imports
// nothing from lib/decide, lib/drill or lib/simulator (.dependency-cruiser.cjs holds that), so an
// engine fault cannot hide in a shared helper: where the two disagree, one of them is wrong.

/** One exhibit of a stem: a label and its JSON text. */
interface Exhibit {
  label: string;
  json: string;
}

/** What an item asks: its kind, the directive for a csp question, and the exhibits. */
export interface OracleQuestion {
  kind: string;
  directive?: string;
  shown: readonly Exhibit[];
}

/** The oracle's answer, per kind, and every statement of the kind's vocabulary true here. */
export type OracleAnswer =
  | {
      kind: "outcome";
      outcome: "rendered" | "text-unread" | "text-read" | "not-called" | "not-connected";
    }
  | { kind: "deciding-row"; failing: string[] }
  | { kind: "app-call"; answer: AppCallOutcome; alsoTrue: AppCallOutcome[] }
  | { kind: "csp-header"; directive: string | null; noPolicy?: true }
  | { kind: "allow"; allow: string | null }
  | { kind: "agent-list"; names: string[] }
  | { kind: "display-mode"; answer: ModeOutcome };

/** What a host does with a view's request for a display mode, in the oracle's own terms. */
type ModeOutcome = "switched" | "switched-undeclared" | "not-offered" | "not-declared";

type AppCallOutcome =
  | "forwarded"
  | "no-tool"
  | "no-app"
  | "other-server"
  | "no-app-other-server"
  | "consent"
  | "not-placed";

// NEG-1, NEG-2: the extension identifier and the one mime type a client must list.
const EXTENSION = "io.modelcontextprotocol/ui";
const PROFILE = "text/html;profile=mcp-app";
// PERM-1, PERM-2: the four flags and the iframe features they map to, in the SDK's order.
const FEATURES: readonly [string, string][] = [
  ["camera", "camera"],
  ["microphone", "microphone"],
  ["geolocation", "geolocation"],
  ["clipboardWrite", "clipboard-write"],
];
// CSP-1: the four lists.
const LISTS = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const get = (v: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), v);

interface Tool {
  name: string;
  server: "main" | "second";
  meta: unknown;
}

/** The exhibits, read by their labels as a learner reads them. */
function read(shown: readonly Exhibit[]) {
  const by = (start: string) => {
    const e = shown.find((x) => x.label.startsWith(start));
    return e ? (JSON.parse(e.json) as unknown) : undefined;
  };
  const label = (start: string) => shown.find((x) => x.label.startsWith(start))?.label ?? "";
  const client = label("Client");
  const server = label("Server");
  const tools = (start: string, where: Tool["server"]): Tool[] => {
    const list = get(by(start), "tools");
    return Array.isArray(list)
      ? list.map((t) => ({ name: String(get(t, "name")), server: where, meta: get(t, "_meta") }))
      : [];
  };
  const resources = get(by("resources/list entry"), "resources");
  const contents = get(by("resources/read"), "contents");
  return {
    // NEG-6: the eras each side speaks, as the labels say.
    clientEra: client.includes("dual-era")
      ? "dual"
      : client.includes("legacy era only")
        ? "legacy"
        : "modern",
    serverEra: server.includes("legacy era only")
      ? "legacy"
      : server.includes("both eras")
        ? "dual"
        : "modern",
    clientCapabilities: get(by("Client"), "io.modelcontextprotocol/clientCapabilities"),
    serverCapabilities: get(by("Server"), "capabilities"),
    main: tools("tools/list (the view's server)", "main"),
    second: tools("tools/list (a second connected server)", "second"),
    listing: Array.isArray(resources) ? (resources[0] as unknown) : undefined,
    content: Array.isArray(contents) ? (contents[0] as unknown) : undefined,
    host: by("This host's settings"),
    request: by("The view's request"),
    profile: profileOf(shown.find((e) => e.label.includes("'s profile (content/host-profiles/"))),
  };
}

/**
 * A real host's profile, read from its exhibit by the words it states (drills on real hosts):
 * what departs from the spec's host. Absent exhibit: the host of the policy line alone.
 */
function profileOf(e: Exhibit | undefined) {
  const p = e ? (JSON.parse(e.json) as Record<string, string>) : {};
  const says = (key: string, start: string) => (p[key] ?? "").startsWith(start);
  const looser = /^a looser default than CSP-4's: (.*)$/.exec(
    p["the default CSP (no csp declared)"] ?? "",
  );
  return {
    // CSP-3's further restriction: a list the host drops is never read.
    dropped: LISTS.filter((k) => says(`CSP ${k}`, "dropped")),
    cspNotApplied: says("a declared csp", "not applied"),
    cspNeverRead: says("a declared csp", "never read"),
    /** The policy for a view that declares no csp: CSP-4's (undefined), another header, or none. */
    noCsp: says("the default CSP (no csp declared)", "no policy at all")
      ? ("none" as const)
      : looser
        ? looser[1]!
        : undefined,
    listsEveryTool: says("app-only tools in the agent's list", "listed anyway"),
    appVisibilityUnchecked: says("visibility check on a view's tools/call", "not checked"),
    noConsent: says("consent for a view's tools/call", "no consent step"),
    /** BRG-6: the modes the host offers (its availableDisplayModes); the reference offers inline. */
    modes: (p["display modes offered"] ?? "inline").replace(/ \(.*$/, "").split(", "),
    switchesUndeclared: says("a request for an undeclared display mode", "switched to anyway"),
  };
}

/**
 * BRG-6, from the rules' text: a host switches only to a mode it offers; when the view declared
 * its modes, never to one it did not declare (a host profile that switches anyway breaks that);
 * either way it answers with the mode it is in afterwards.
 */
function displayMode(shown: readonly Exhibit[]): OracleAnswer {
  const profile = profileOf(
    shown.find((e) => e.label.includes("'s profile (content/host-profiles/")),
  );
  const view = shown.find((e) => e.label.startsWith("The view (rendered inline)"));
  if (!view) throw new Error("the oracle needs the view's exhibit for a display-mode item");
  const v = JSON.parse(view.json) as unknown;
  const asked = String(get(v, "request", "params", "mode"));
  const declared = get(v, "appCapabilities.availableDisplayModes");
  const answer: ModeOutcome = !profile.modes.includes(asked)
    ? "not-offered"
    : Array.isArray(declared) && declared.includes(asked)
      ? "switched"
      : profile.switchesUndeclared
        ? "switched-undeclared"
        : "not-declared";
  return { kind: "display-mode", answer };
}

/** TOOL-2: an omitted (or unreadable) visibility means both callers. */
function visibility(tool: Tool): string[] {
  const v = get(tool.meta, "ui", "visibility");
  return Array.isArray(v) ? v.map(String) : ["model", "app"];
}

/** CSP-1, CSP-6: scheme://host[:port], the host maybe led by "*.", and nothing else. */
const isOrigin = (v: unknown): v is string =>
  typeof v === "string" &&
  /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(v);

/** CSP-3, CSP-6: inside the approved list, as written or under an approved wildcard. */
function approved(origin: string, list: readonly unknown[]): boolean {
  return list.some((a) => {
    if (a === origin) return true;
    if (typeof a !== "string" || !a.includes("://*.") || origin.includes("://*.")) return false;
    const [scheme, rest] = a.split("://*.");
    return origin.startsWith(`${scheme}://`) && origin.endsWith(`.${rest}`);
  });
}

/** The directive `name` of a policy built by CSP-2 from `lists`, or CSP-4's default (null). */
function directive(name: string, lists: Record<(typeof LISTS)[number], string[]> | null): string {
  const d = lists;
  switch (name) {
    case "connect-src":
      return d ? ["connect-src 'self'", ...d.connectDomains].join(" ") : "connect-src 'none'";
    case "script-src":
      return ["script-src 'self' 'unsafe-inline'", ...(d?.resourceDomains ?? [])].join(" ");
    case "frame-src":
      // SBX-3: 'none' unless frameDomains, with or without a csp.
      return d?.frameDomains.length ? `frame-src ${d.frameDomains.join(" ")}` : "frame-src 'none'";
    case "base-uri":
      // SBX-3: 'self' unless baseUriDomains.
      return d?.baseUriDomains.length
        ? `base-uri ${d.baseUriDomains.join(" ")}`
        : "base-uri 'self'";
    default:
      throw new Error(`the oracle does not know the directive ${name}`);
  }
}

/** Decides an item from its exhibits, by the rules and this host's stated policy. */
export function oracle(q: OracleQuestion): OracleAnswer {
  if (q.kind === "display-mode") return displayMode(q.shown);
  const x = read(q.shown);
  const all = [...x.main, ...x.second];
  const failing: string[] = [];
  const uiTool = x.main.find((t) => typeof get(t.meta, "ui", "resourceUri") === "string");

  // NEG-6: a modern-only client and a legacy-only server share no era; a dual-era client falls
  // back to initialize; everyone else speaks 2026-07-28.
  // A legacy-only client reaches a server that speaks the legacy era, and no modern-only one.
  const era =
    x.clientEra === "legacy"
      ? x.serverEra === "modern"
        ? null
        : ("legacy" as const)
      : x.serverEra === "legacy"
        ? x.clientEra === "dual"
          ? ("legacy" as const)
          : null
        : ("modern" as const);
  const forAgent = (t: Tool) => x.profile.listsEveryTool || visibility(t).includes("model");
  if (q.kind === "agent-list")
    return {
      kind: "agent-list",
      names: era ? all.filter(forAgent).map((t) => t.name) : [],
    };

  const finish = (
    outcome: "rendered" | "text-unread" | "text-read" | "not-called" | "not-connected",
    rendered?: {
      csp: Record<(typeof LISTS)[number], string[]> | null | string | "none";
      allow: string;
    },
    call?: { answer: AppCallOutcome; alsoTrue: AppCallOutcome[] },
  ): OracleAnswer => {
    switch (q.kind) {
      case "outcome":
        return { kind: "outcome", outcome };
      case "deciding-row":
        return { kind: "deciding-row", failing };
      case "app-call":
        return { kind: "app-call", ...(call ?? { answer: "not-placed", alsoTrue: [] }) };
      case "csp-header":
        if (rendered?.csp === "none")
          return { kind: "csp-header", directive: null, noPolicy: true };
        return {
          kind: "csp-header",
          directive: !rendered
            ? null
            : typeof rendered.csp === "string"
              ? (rendered.csp
                  .split(";")
                  .map((d) => d.trim())
                  .find((d) => d.startsWith(`${q.directive} `)) ?? null)
              : directive(q.directive!, rendered.csp),
        };
      case "allow":
        return { kind: "allow", allow: rendered ? rendered.allow : null };
      default:
        throw new Error(`the oracle does not know the kind ${q.kind}`);
    }
  };

  if (!era) {
    failing.push("negotiation");
    return finish("not-connected");
  }
  // TOOL-3: without "model" the agent never sees the tool, so never calls it.
  if (!uiTool || !forAgent(uiTool)) {
    failing.push("visibility");
    return finish("not-called");
  }

  // NEG-2..5: the client declares the extension with the profile type (per request, or in
  // initialize on a legacy session); a modern server lists it in server/discover, a legacy one shows
  // support by listing a UI tool (it does: the tool names a view). Not both: this host uses the
  // text content and never reads the view (NEG-4 [seed], stated in the stem).
  const declared = get(x.clientCapabilities, "extensions", EXTENSION);
  const mimeTypes = get(declared, "mimeTypes");
  const clientOk = isObject(declared) && Array.isArray(mimeTypes) && mimeTypes.includes(PROFILE);
  const serverOk = era === "legacy" || isObject(get(x.serverCapabilities, "extensions", EXTENSION));
  if (!clientOk || !serverOk) {
    failing.push("negotiation");
    return finish("text-unread");
  }

  // TOOL-1, RES-1..3: the view the tool names must be served, as the profile type (compared
  // exactly, as this host says), with a body.
  const uri = get(uiTool.meta, "ui", "resourceUri");
  const content = get(x.content, "uri") === uri ? x.content : undefined;
  if (
    !content ||
    get(content, "mimeType") !== PROFILE ||
    (typeof get(content, "text") !== "string" && typeof get(content, "blob") !== "string")
  ) {
    failing.push("mime");
    return finish("text-read");
  }

  // RES-4 (draft, SDK; stated in the stem): the content item's _meta.ui, else the listing's, whole.
  const ui = isObject(get(content, "_meta", "ui"))
    ? (get(content, "_meta", "ui") as Json)
    : isObject(get(x.listing, "_meta", "ui"))
      ? (get(x.listing, "_meta", "ui") as Json)
      : {};

  // CSP-2..5: no csp, the restrictive default; a csp that is not an object, the same (this host's
  // stated choice) and a failing row; else every entry must be an approved origin, and one that is
  // not makes this host follow its setting: text, or the approved subset.
  let lists: Record<(typeof LISTS)[number], string[]> | null | string = null;
  const pr = x.profile;
  if (pr.cspNotApplied) lists = "none";
  else if (!("csp" in ui) || pr.cspNeverRead) lists = pr.noCsp ?? null;
  else {
    const csp = ui.csp;
    if (!isObject(csp)) failing.push("csp");
    else {
      const ok = Object.fromEntries(LISTS.map((k) => [k, [] as string[]])) as Record<
        (typeof LISTS)[number],
        string[]
      >;
      let refused = false;
      const approvedList = get(x.host, "approvedOrigins");
      for (const k of LISTS) {
        const v = csp[k];
        if (v === undefined || pr.dropped.includes(k)) continue;
        if (!Array.isArray(v)) {
          refused = true;
          continue;
        }
        for (const o of v) {
          if (isOrigin(o) && approved(o, Array.isArray(approvedList) ? approvedList : []))
            ok[k].push(o);
          else refused = true;
        }
      }
      lists = ok;
      if (refused) {
        failing.push("csp");
        if (get(x.host, "originsOutsidePolicy") === "fall back to text") return finish("text-read");
      }
    }
  }

  // PERM-1..3: flags set to {}; anything else is a fault and requests nothing; the host grants
  // what it can and renders either way.
  let allow = "";
  if ("permissions" in ui) {
    const p = ui.permissions;
    const grantable = get(x.host, "grantablePermissions");
    if (!isObject(p)) failing.push("permissions");
    else {
      const known = FEATURES.map(([flag]) => flag);
      if (Object.entries(p).some(([k, v]) => !known.includes(k) || !isObject(v)))
        failing.push("permissions");
      allow = FEATURES.filter(
        ([flag]) => isObject(p[flag]) && Array.isArray(grantable) && grantable.includes(flag),
      )
        .map(([, feature]) => feature)
        .join("; ");
    }
  }

  // BRG-5, TOOL-4, TOOL-5: the view's call meets visibility ("app", and the view's own server),
  // then the unknown-tool check, then consent; the first that refuses decides (the stated order).
  let call: { answer: AppCallOutcome; alsoTrue: AppCallOutcome[] } | undefined;
  const name = get(x.request, "params", "name");
  if (typeof name === "string") {
    const target = all.find((t) => t.name === name);
    if (!target) call = { answer: "no-tool", alsoTrue: [] };
    else {
      // A host that checks no visibility still passes a view's calls only to its own server.
      const noApp = !visibility(target).includes("app") && !x.profile.appVisibilityUnchecked;
      const other = target.server !== "main";
      if (noApp && other)
        call = { answer: "no-app-other-server", alsoTrue: ["no-app", "other-server"] };
      else if (noApp) call = { answer: "no-app", alsoTrue: [] };
      else if (other) call = { answer: "other-server", alsoTrue: [] };
      else {
        const consent = String(get(x.host, "consentForViewCalls"));
        const yes =
          x.profile.noConsent ||
          consent === "allow" ||
          consent === 'asks the user, who answers "allow"';
        call = { answer: yes ? "forwarded" : "consent", alsoTrue: [] };
      }
    }
    if (call.answer !== "forwarded") failing.push("app-call");
  }
  return finish("rendered", { csp: lists, allow }, call);
}
