import { MODERN_VERSION, PROFILE_MIME, type UiToolReview } from "../host";
import type { ListSchemaProblem } from "../host/inspect";
import { decideCsp, decideMime, decidePermissions, effectiveUiMeta, type Verdict } from "../decide";
import { reviewPolicy } from "../host/inspect";
import { asRecord } from "../host/wire";
import { visibleText } from "../host/visible-text";
import type { ReviewInput } from "./collect";
import {
  analyzeView,
  STATIC_VIEW_LIMITS,
  undeclaredLoads,
  type StaticViewFindings,
} from "./static-view";
import {
  agentVisibilityFromWire,
  cspUnknownKeys,
  companionItem,
  everyToolItems,
  extensionIdItem,
  htmlDocumentVerdict,
  permissionSuggestions,
  protocolProbeItems,
  resourceWireItems,
  toolNamesItem,
  wireContent,
} from "./wire-checks";
import { nameUnknown } from "./wire-read";
import { judgeCall } from "./call-items";
import { LESSONS } from "./lessons";
import type { ItemStatus, Report, ReportItem } from "./items";

export type { ItemStatus, Report, ReportItem } from "./items";
export { LESSONS };

const json = (v: unknown) => JSON.stringify(v);

function fromVerdict(
  v: Verdict,
  failAs: ItemStatus = "fail",
): { status: ItemStatus; evidence: string } {
  return { status: v.verdict === "pass" ? "pass" : failAs, evidence: v.reason };
}

function hintProblems(hints: { ttlMs?: unknown; cacheScope?: unknown } | undefined): string[] {
  const out: string[] = [];
  const ttl = hints?.ttlMs;
  const scope = hints?.cacheScope;
  if (ttl === undefined) out.push("no ttlMs");
  else if (typeof ttl !== "number" || !Number.isInteger(ttl) || ttl < 0)
    out.push(`ttlMs ${json(ttl)} is not a non-negative integer`);
  if (scope === undefined) out.push("no cacheScope");
  else if (scope !== "public" && scope !== "private")
    out.push(`cacheScope ${json(scope)} is neither "public" nor "private"`);
  return out;
}

/** Server-level items, in the order a reader meets them: era, declaration, listing. */
function serverItems(input: ReviewInput): ReportItem[] {
  const r = input.review;
  const items: ReportItem[] = [...eraItems(input)];
  // Core 2026-07-28 requests the SDK client never sends, and the names the server advertises.
  items.push(...protocolProbeItems(input), extensionIdItem(input), toolNamesItem(input));
  if (r.toolSchemaProblems?.length) {
    const v = listSchemaVerdict("tools", r.toolSchemaProblems, r.tools.length);
    items.push({
      id: "tools-list-schema",
      title: "Every entry in tools/list matches the MCP schema",
      ...v,
      ruleIds: v.ruleIds,
      source: "core",
    });
  }
  if (r.resourceSchemaProblems?.length) {
    const v = listSchemaVerdict("resources", r.resourceSchemaProblems, r.resources.length);
    items.push({
      id: "resources-list-schema",
      title: "Every entry in resources/list matches the MCP schema",
      ...v,
      ruleIds: v.ruleIds,
      source: "core",
    });
  }

  const declared = declarationItem(input);
  if (declared) items.push(declared);
  items.push({
    id: "ui-tools",
    title: "UI tools found",
    status: r.uiTools.length ? "pass" : "warning",
    evidence: r.uiTools.length
      ? `${r.uiTools.length} of ${r.tools.length} tool(s) name a view: ${r.uiTools.map((t) => `${t.name} → ${t.resourceUri}`).join(", ")}`
      : `none of ${r.tools.length} tool(s) names a view in _meta.ui.resourceUri (or the flat key)`,
    ruleIds: ["TOOL-1"],
    lesson: LESSONS.resourceUri,
    source: "requirements",
  });
  return items;
}

/** NEG-6: the eras served, a refused initialize; under modern, server/discover and the hints. */
function eraItems(input: ReviewInput): ReportItem[] {
  const r = input.review;
  const items: ReportItem[] = [];
  const modern = r.era === "modern";

  // NEG-6: which clients can connect.
  {
    let status: ItemStatus;
    let evidence: string;
    if (!modern) {
      status = "warning";
      evidence =
        `legacy only: a dual-era probe was answered as a legacy server and the session opened with initialize (${r.protocolVersion ?? "?"}). ` +
        `A modern-only host (${MODERN_VERSION}) cannot connect; serving both eras fixes that.`;
    } else if (input.otherEra?.ok) {
      status = "pass";
      evidence = `dual-era: served ${MODERN_VERSION} to the dual-era client and also answered a legacy initialize`;
    } else {
      status = "warning";
      evidence =
        `modern only: a legacy client could not connect${input.otherEra && !input.otherEra.ok ? ` (${input.otherEra.error})` : ""}. ` +
        `Hosts that still speak only the legacy era cannot use this server (servers MAY serve both).`;
    }
    items.push({
      id: "era",
      title: "Protocol eras served",
      status,
      evidence,
      ruleIds: ["NEG-6"],
      lesson: LESSONS.compatibility,
      source: "core",
    });
  }

  // NEG-6 [core]: a modern-only server SHOULD name its versions when it refuses initialize, since a
  // legacy client cannot fall forward and shows that error to its user.
  if (modern && input.otherEra && !input.otherEra.ok) {
    const refusal = input.otherEra.refusal;
    const versions = [
      ...new Set(
        [r.protocolVersion, ...(r.discover?.supportedVersions ?? [])].filter(
          (v): v is string => typeof v === "string",
        ),
      ),
    ];
    const named = refusal === undefined ? [] : versions.filter((v) => refusal.includes(v));
    items.push({
      id: "initialize-refusal",
      title: "A refused initialize names the versions served",
      status: named.length > 0 ? "pass" : "warning",
      evidence:
        refusal === undefined
          ? "a legacy initialize got no answer to quote, so it names no version"
          : named.length > 0
            ? `the refusal names ${named.join(", ")}: ${refusal.slice(0, 240)}`
            : `the refusal names none of the versions served (${versions.join(", ") || "?"}): ${refusal.slice(0, 240)}`,
      ruleIds: ["NEG-6"],
      lesson: LESSONS.compatibility,
      source: "core",
    });
  }

  if (modern) {
    const ext = asRecord(
      asRecord(r.serverCapabilities?.extensions)?.["io.modelcontextprotocol/ui"],
    );
    items.push({
      id: "discover-extension",
      title: "server/discover advertises io.modelcontextprotocol/ui",
      status: ext ? "pass" : "fail",
      evidence: ext
        ? `capabilities.extensions["io.modelcontextprotocol/ui"] = ${json(ext)}`
        : `server/discover capabilities ${json(r.serverCapabilities ?? {})} list no io.modelcontextprotocol/ui, so no request has the extension in force`,
      ruleIds: ["NEG-3", "NEG-4"],
      lesson: LESSONS.serverDiscover,
      source: "review",
    });
    const problems = hintProblems(r.discover?.hints);
    items.push({
      id: "discover-hints",
      title: "server/discover carries ttlMs and cacheScope",
      status: problems.length ? "fail" : "pass",
      evidence: problems.length
        ? `server/discover result: ${problems.join(", ")}`
        : `server/discover result: ${json(r.discover?.hints)}${r.discover?.hintsFrom === "sdk" ? " (as the SDK parsed it: on stdio the probe runs on a separate process)" : ""}`,
      ruleIds: ["RES-5", "NEG-3"],
      lesson: LESSONS.caching,
      source: "core",
    });
    const bad = r.pages
      .map((p, i) => ({ p, i, problems: hintProblems(p.hints) }))
      .filter((x) => x.problems.length);
    items.push({
      id: "list-hints",
      title: "tools/list and resources/list pages carry ttlMs and cacheScope",
      status: bad.length ? "fail" : "pass",
      evidence: bad.length
        ? bad.map((x) => `${x.p.method} page: ${x.problems.join(", ")}`).join("; ")
        : `${r.pages.length} page(s): ${r.pages.map((p) => `${p.method} ${json(p.hints)}`).join("; ")}`,
      ruleIds: ["RES-5"],
      lesson: LESSONS.caching,
      source: "core",
    });
  }
  return items;
}

/**
 * NEG-5: UI tools for a client that declared nothing. Under legacy there is no server-side
 * declaration to judge (NEG-6): the reviewer's own initialize is not an item, since it could never
 * fail (issue #21).
 */
function declarationItem(input: ReviewInput): ReportItem | undefined {
  const r = input.review;
  const modern = r.era === "modern";
  if (!input.undeclared) return undefined;
  {
    const u = input.undeclared;
    const withUi = r.uiTools.map((t) => t.name);
    let status: ItemStatus;
    let evidence: string;
    if (!u.ok) {
      status = "not-checkable";
      evidence = `a second connection without the Apps declaration failed: ${u.error}`;
    } else if (modern) {
      const changed = r.tools.filter(
        (t) =>
          !(t.name in u.tools) ||
          u.tools[t.name] !== r.uiTools.find((x) => x.name === t.name)?.resourceUri,
      );
      const extra = Object.keys(u.tools).filter((n) => !r.tools.some((t) => t.name === n));
      // The core forbids variation per connection and allows it by authorization; variation by
      // the declared capabilities is not named either way, hence a warning, not a failure.
      status = changed.length || extra.length ? "warning" : "pass";
      evidence =
        status === "pass"
          ? `the same ${r.tools.length} tool(s), with the same views, for a request that declared no Apps support`
          : `the tool list changed with the declared capabilities (${[...changed.map((t) => t.name), ...extra].join(", ")}); under ${MODERN_VERSION} a tool's definition, _meta.ui included, should not depend on the client: the host decides per request whether to use the view`;
    } else {
      const still = withUi.filter((n) => u.tools[n] !== undefined);
      status = still.length ? "warning" : "pass";
      evidence = still.length
        ? `a client whose initialize declared no Apps support still got UI tools: ${still.join(", ")}. The Apps spec says servers SHOULD check client capabilities before registering UI tools (they may register text variants instead)`
        : withUi.length
          ? `UI tools were offered only to the client that declared Apps support`
          : "no UI tools either way";
    }
    return {
      id: "tools-by-declaration",
      title: modern
        ? "Tool list does not depend on the client's declaration"
        : "UI tools only for clients that declared Apps",
      status,
      evidence,
      ruleIds: ["NEG-5"],
      lesson: LESSONS.appsNegotiation,
      source: "requirements",
    };
  }
}

function toolItems(input: ReviewInput, t: UiToolReview): ReportItem[] {
  const modern = input.review.era === "modern";
  const items: ReportItem[] = [];
  const add = (item: Omit<ReportItem, "tool" | "id"> & { id: string }) =>
    items.push({ ...item, id: `${item.id}:${t.name}`, tool: t.name });

  // TOOL-1: which key names the view.
  {
    const k = resourceUriKeyVerdict(t);
    add({
      id: "resource-uri-key",
      title: "The view is named in _meta.ui.resourceUri",
      status: k.status,
      evidence: k.evidence,
      ruleIds: ["TOOL-1"],
      lesson: k.lesson,
      source: "review",
    });
  }

  add({
    id: "ui-scheme",
    title: "The view's URI uses the ui:// scheme",
    status: t.resourceUri.startsWith("ui://") ? "pass" : "fail",
    evidence: `resource URI ${t.resourceUri}`,
    ruleIds: ["RES-8", "TOOL-1"],
    lesson: LESSONS.resourceUri,
    source: "requirements",
  });

  const vis = t.decision.rows.find((x) => x.row === "visibility")!;
  add({
    id: "visibility",
    title: "The agent can see the tool",
    // Judged on the list as sent: the parse drops unknown values and a string counts as omitted.
    ...agentVisibilityFromWire(t, vis),
    ruleIds: vis.ruleIds,
    lesson: LESSONS.visibility,
    source: "review",
  });

  // Under legacy the row judges only this reviewer's own initialize, which always declares Apps:
  // it could never fail, so it is no item (issue #21). Under modern it rests on the server's
  // server/discover answer (NEG-3, NEG-4).
  if (modern) {
    add({
      id: "negotiation",
      title: "Extension negotiated on the request (NEG-2..4)",
      ...fromVerdict(t.negotiation),
      evidence: `${t.negotiation.reason}${t.declaration ? ` (declared on ${t.declaration.method})` : ""}`,
      ruleIds: t.negotiation.ruleIds,
      lesson: LESSONS.decisionTable,
      source: "review",
    });
  }

  // A read answered with no content item leaves nothing to render, nor to judge below.
  const empty = t.read.ok && t.read.result.contents.length === 0;
  add({
    id: "resource-read",
    title: "The view is fetched with resources/read",
    status: t.read.ok && !empty ? "pass" : "fail",
    evidence: !t.read.ok
      ? `resources/read ${t.resourceUri} failed: ${t.read.error}`
      : empty
        ? `resources/read ${t.resourceUri} answered with no content item ("contents": []): a host has no document to render (RES-3)`
        : `resources/read ${t.resourceUri} returned ${t.read.result.contents.length} content item(s)`,
    ruleIds: empty ? ["RES-1", "RES-3"] : ["RES-1", "TOOL-1"],
    lesson: LESSONS.fetching,
    source: "review",
  });
  if (!t.read.ok || empty) return items;

  const item = documentItems(t, add);
  metaItems(input, t, item, add, items);
  add({
    id: "text-fallback",
    title: "The tool returns useful text content",
    status: "not-checkable",
    evidence: `needs a tools/call, and a review calls none unless asked (a call may have side effects): add --call ${t.name} [--args '<json>'] to npm run review, or Run it on /review, to have its content judged`,
    ruleIds: ["OUT-1"],
    lesson: LESSONS.channels,
    source: "review",
  });
  add({
    id: "renders",
    title: "The view renders and completes ui/initialize",
    status: "not-checkable",
    evidence: "needs a browser: render the view in a host (or the academy's simulator) to check",
    ruleIds: ["SBX-1", "BRG-1"],
    lesson: LESSONS.render,
    source: "requirements",
  });
  return items;
}

type AddItem = (item: Omit<ReportItem, "tool" | "id"> & { id: string }) => void;

/** The view's document: its content item's mime type, its listing, a complete HTML document. */
function documentItems(t: UiToolReview, add: AddItem): Record<string, unknown> | undefined {
  if (!t.read.ok) return undefined;
  // The content item as sent (unknown keys kept), else as the SDK parsed it.
  const item = wireContent(t) ?? asRecord(t.read.result.contents[0]);
  const hasBody = typeof item?.text === "string" || typeof item?.blob === "string";
  add({
    id: "mime",
    title: "Content mimeType is exactly text/html;profile=mcp-app",
    ...fromVerdict(decideMime({ ok: true, mimeType: item?.mimeType, hasBody })),
    evidence: `${decideMime({ ok: true, mimeType: item?.mimeType, hasBody }).reason} (content item mimeType ${json(item?.mimeType)})`,
    ruleIds: ["RES-2", "RES-3"],
    lesson: LESSONS.fetching,
    source: "review",
  });

  add({
    id: "listing",
    title: "The resources/list entry (when listed) has the profile mime type",
    ...(!t.listing
      ? {
          status: "pass" as const,
          evidence: `${t.resourceUri} is not in resources/list; UI-only resources may be left out`,
        }
      : t.listing.mimeType === PROFILE_MIME
        ? { status: "pass" as const, evidence: `listed with mimeType ${PROFILE_MIME}` }
        : {
            status: "warning" as const,
            evidence: `listed with mimeType ${json(t.listing.mimeType)}; the listing SHOULD carry ${PROFILE_MIME}`,
          }),
    ruleIds: t.listing ? ["RES-2"] : ["RES-7"],
    lesson: LESSONS.unlisted,
    source: "requirements",
  });

  const html =
    typeof item?.text === "string"
      ? item.text
      : typeof item?.blob === "string"
        ? safeDecode(item.blob)
        : undefined;
  add({
    id: "html-document",
    title: "The view is a complete HTML5 document",
    ...htmlDocumentVerdict(
      html,
      typeof item?.text === "string" ? "text" : "base64 blob",
      item?.mimeType,
    ),
    ruleIds: ["RES-3"],
    lesson: LESSONS.fetching,
    source: "requirements",
  });

  return item;
}

/** The view's `_meta.ui` (RES-4's two places, CSP, permissions, border), cache hints, the wire. */
function metaItems(
  input: ReviewInput,
  t: UiToolReview,
  item: Record<string, unknown> | undefined,
  add: AddItem,
  items: ReportItem[],
): void {
  if (!t.read.ok) return;
  const modern = input.review.era === "modern";
  const listingMeta = t.onWire.listing?._meta ?? t.listing?._meta;
  const meta = effectiveUiMeta(item?._meta, listingMeta);
  const contentUi = asRecord(asRecord(item?._meta)?.ui);
  const listingUi = asRecord(asRecord(listingMeta)?.ui);
  const hidden =
    contentUi && listingUi ? Object.keys(listingUi).filter((k) => !(k in contentUi)) : [];
  add({
    id: "ui-meta-places",
    title: "Listing and content _meta.ui do not conflict",
    status: hidden.length ? "warning" : "pass",
    evidence: hidden.length
      ? `the content item's _meta.ui replaces the listing's as a whole, so the listing's ${hidden.join(", ")} ${hidden.length > 1 ? "are" : "is"} ignored`
      : `host acts on _meta.ui from ${meta.source === "none" ? "nowhere (none declared)" : `the ${meta.source}`}: ${json(meta.ui)}`,
    ruleIds: ["RES-4"],
    lesson: LESSONS.twoPlaces,
    source: "requirements",
  });

  {
    const c = cspVerdict(meta.ui);
    add({
      id: "csp",
      // The title says what was checked: a shape only when one was sent.
      title:
        "csp" in meta.ui
          ? "_meta.ui.csp is an object of origin lists"
          : "_meta.ui.csp left out: the restrictive default applies",
      status: c.status,
      evidence: c.evidence,
      ruleIds: c.ruleIds,
      lesson: LESSONS.csp,
      source: "review",
    });
  }

  // A review grants nothing: it judges the request's shape (PERM-1) and says what is asked for;
  // whether any of it is granted is each host's choice at run time (PERM-2).
  const perms = decidePermissions("permissions" in meta.ui, meta.ui.permissions, []);
  const asked = perms.requested.length
    ? `requests ${perms.requested.join(", ")}; each host decides at run time whether to grant them (PERM-2), and the view must work without them (PERM-3)`
    : perms.reason;
  add({
    id: "permissions",
    title:
      "permissions" in meta.ui
        ? "_meta.ui.permissions is an object of empty-object flags"
        : "_meta.ui.permissions left out: the view asks for no device access",
    ...fromVerdict(perms),
    evidence:
      "permissions" in meta.ui
        ? `${json(meta.ui.permissions)}: ${
            perms.verdict === "fail"
              ? perms.reason.replace(
                  /granted none(?:; not granted ([^.;]*))?/,
                  (_, list?: string) => (list ? `requests ${list}` : "requests nothing valid"),
                )
              : asked
          }${permissionSuggestions(meta.ui.permissions)}`
        : "no permissions requested",
    ruleIds: perms.ruleIds,
    lesson: LESSONS.permissions,
    source: "review",
  });

  add({
    id: "prefers-border",
    title: "prefersBorder set deliberately",
    status: typeof meta.ui.prefersBorder === "boolean" ? "pass" : "warning",
    evidence:
      typeof meta.ui.prefersBorder === "boolean"
        ? `prefersBorder ${String(meta.ui.prefersBorder)}`
        : "prefersBorder" in meta.ui
          ? `prefersBorder ${json(meta.ui.prefersBorder)} is not a boolean (true or false): hosts treat it as omitted and pick their own default`
          : "prefersBorder omitted: each host picks its own default",
    ruleIds: ["RES-6"],
    lesson: LESSONS.border,
    source: "requirements",
  });

  if (modern) {
    const problems = hintProblems(t.read.hints);
    add({
      id: "read-hints",
      title: "resources/read carries ttlMs and cacheScope",
      status: problems.length ? "fail" : "pass",
      evidence: problems.length
        ? `resources/read ${t.resourceUri}: ${problems.join(", ")}`
        : `resources/read ${t.resourceUri}: ${json(t.read.hints)}`,
      ruleIds: ["RES-5"],
      lesson: LESSONS.caching,
      source: "review",
    });
  }

  for (const wired of resourceWireItems(input, t, meta.ui)) items.push(wired);
}

/**
 * Every tool's items, in listing order (issue #21): a UI tool's view items, then the items every
 * tool gets (visibility as sent, app-only tools for clients without Apps, annotations, outputSchema).
 */
function itemsForTool(input: ReviewInput, name: string, options: BuildOptions): ReportItem[] {
  const r = input.review;
  const ui = r.uiTools.find((t) => t.name === name);
  const wire = ui?.onWire.tool ?? r.onWire?.tools.find((t) => t.name === name);
  const called = callItems(input, name);
  // A call asked for (--call) settles text-fallback: its item replaces the not-checkable one.
  const view = (
    ui
      ? [...toolItems(input, ui), ...staticViewItems(ui, options.staticFindings?.get(ui.name))]
      : []
  ).filter((i) => !(called.length && i.id.startsWith("text-fallback:")));
  // The items no review can settle from outside stay last in the tool's block, after the call's.
  const outside = (i: ReportItem) => /^(text-fallback|renders):/.test(i.id);
  return [
    ...view.filter((i) => !outside(i)),
    ...everyToolItems(input, name, wire, !!ui),
    ...[companionItem(input, name, wire, !!ui)].filter((i) => i !== undefined),
    ...called,
    ...view.filter(outside),
  ];
}

/** The items for the one tools/call a person asked for (--call), on the tool it named. */
function callItems(input: ReviewInput, name: string): ReportItem[] {
  return input.call && input.call.tool === name ? judgeCall(input.call) : [];
}

/**
 * TOOL-1's key: nested passes; both keys naming the same view pass (ext-apps' registerAppTool
 * writes the flat one, and so do other libraries: the evidence names no author); the flat key
 * alone is deprecated, with the spec's word on its removal.
 */
function resourceUriKeyVerdict(t: UiToolReview): {
  status: ItemStatus;
  evidence: string;
  lesson: string;
} {
  if (t.uriConflict)
    return {
      status: "fail",
      evidence: `_meta.ui.resourceUri is ${t.uriConflict.nested} but the deprecated _meta["ui/resourceUri"] is ${t.uriConflict.flat}: hosts disagree on which view to show`,
      lesson: LESSONS.flatKey,
    };
  if (t.uriKey === "flat")
    return {
      status: "warning",
      evidence:
        `only the deprecated flat key _meta["ui/resourceUri"] = ${t.resourceUri}. TOOL-1: the flat key is deprecated; the 2026-01-26 spec's deprecation notice says the flat format will be "removed before GA". ` +
        `Hosts built on ext-apps still read it today (its getToolUiResourceUri falls back to it); add _meta.ui.resourceUri before they stop`,
      lesson: LESSONS.flatKey,
    };
  if (t.uriKey === "both")
    return {
      status: "pass",
      evidence: `_meta.ui.resourceUri = ${t.resourceUri}; the deprecated flat key _meta["ui/resourceUri"] repeats it for older hosts (ext-apps' registerAppTool writes both, as do other libraries and hand-written servers; the review cannot tell which library wrote it). Nothing to change`,
      lesson: LESSONS.inTheWild,
    };
  return {
    status: "pass",
    evidence: `_meta.ui.resourceUri = ${t.resourceUri}`,
    lesson: LESSONS.resourceUri,
  };
}

/**
 * The csp item (CSP-1..4), from `_meta.ui` as sent: a key other than the four lists (such as
 * `connect_domains`) fails, since a host ignores it and the view gets none of those origins.
 */
function cspVerdict(ui: Record<string, unknown>): {
  status: ItemStatus;
  evidence: string;
  ruleIds: string[];
} {
  if (!("csp" in ui))
    return {
      status: "pass",
      evidence:
        "no csp declared: the view gets the restrictive default (no outbound connections); declare connectDomains/resourceDomains for any origin it uses",
      ruleIds: ["CSP-4"],
    };
  const csp = decideCsp(true, ui.csp, reviewPolicy(ui.csp));
  const unknown = cspUnknownKeys(ui.csp);
  const problems = [
    ...csp.refused.map((x) => x.detail),
    ...(unknown.length
      ? [
          `unknown key(s) ${nameUnknown(unknown)}: a host reads only connectDomains, resourceDomains, frameDomains and baseUriDomains, so the view gets none of those origins`,
        ]
      : []),
  ];
  return {
    status: problems.length ? "fail" : "pass",
    evidence: problems.length
      ? `${problems.join("; ")} (as sent: ${json(ui.csp)})`
      : `declared ${json(ui.csp)}`,
    ruleIds: problems.length ? ["CSP-1", "CSP-3"] : ["CSP-1", "CSP-2"],
  };
}

function safeDecode(blob: string): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

/** The view's HTML as resources/read gave it (text, or a blob decoded); undefined if unread. */
export function viewHtml(t: UiToolReview): string | undefined {
  if (!t.read.ok) return undefined;
  const item = asRecord(t.read.result.contents[0]);
  return typeof item?.text === "string"
    ? item.text
    : typeof item?.blob === "string"
      ? safeDecode(item.blob)
      : undefined;
}

/** Each static item's evidence is at most 2 KB of UTF-8, whatever the view holds (issue #39, item 3). */
const EVIDENCE_BYTES = 2048;
/** Findings named in one item; the rest are counted ("and N more"). */
const LISTED = 10;
/** One finding's text at most (an origin, an excerpt): a long one cannot fill the item alone. */
const ENTRY_CHARS = 300;
const utf8 = new TextEncoder();
const byteLength = (text: string) => utf8.encode(text).length;

/** `text` cut to 2 KB of UTF-8, whole characters and an ellipsis (a last guard: lists are sized to fit). */
function withinEvidence(text: string): string {
  if (byteLength(text) <= EVIDENCE_BYTES) return text;
  const { read } = utf8.encodeInto(text, new Uint8Array(EVIDENCE_BYTES - byteLength("…")));
  return `${text.slice(0, read)}…`;
}

/**
 * The first findings as text, joined by `separator`: at most LISTED, and only as many as fit in
 * 2 KB beside `around` (the rest of the item's evidence); then "and N more", N counting the
 * `unlisted` findings the analysis counted without keeping.
 */
function listed<T>(
  findings: readonly T[],
  show: (finding: T) => string,
  around: string,
  unlisted = 0,
  separator = "; ",
): string {
  const budget = EVIDENCE_BYTES - byteLength(around) - 40;
  const parts: string[] = [];
  let used = 0;
  for (const finding of findings) {
    if (parts.length >= LISTED) break;
    const text = show(finding);
    const part = text.length > ENTRY_CHARS ? `${text.slice(0, ENTRY_CHARS)}…` : text;
    const size = byteLength(part) + (parts.length ? separator.length : 0);
    if (used + size > budget) break;
    parts.push(part);
    used += size;
  }
  const more = findings.length - parts.length + unlisted;
  return more ? [...parts, `and ${more} more`].join(separator) : parts.join(separator);
}

/** What the static checks left unread or unchecked, in a sentence each; none when they read it all. */
function unread({ reading, dropped, loads }: StaticViewFindings): string[] {
  const notes: string[] = [];
  if (reading.stopped === "deadline")
    notes.push(
      `the static checks stopped after ${STATIC_VIEW_LIMITS.deadlineMs / 1000} s at line ${reading.line} (character ${reading.read} of ${reading.length}): the view after that was not read, so what it loads there, eval and display-mode requests are not seen`,
    );
  if (reading.stopped === "size")
    notes.push(
      `the static checks read the view's first ${reading.read} characters of ${reading.length} (their cap), so the view after line ${reading.line} was not read: what it loads there, eval and display-mode requests are not seen`,
    );
  if (dropped.loads)
    notes.push(
      `${dropped.loads} more load(s) of other origins, past the first ${loads.length} kept, were not checked against the CSP`,
    );
  return notes;
}

/**
 * Static checks of one tool's view HTML (issue #21, item 4; analysis in static-view.ts): the
 * origins it loads or fetches against its declared CSP, `eval`, and display-mode requests. None
 * when the view could not be read (the resource-read and html-document items say why). `found`:
 * the analysis when it ran elsewhere (the /review page's worker), else it runs here.
 */
export function staticViewItems(t: UiToolReview, found?: StaticViewFindings): ReportItem[] {
  const html = viewHtml(t);
  if (!t.read.ok || html === undefined) return [];
  const item = asRecord(t.read.result.contents[0]);
  const meta = effectiveUiMeta(item?._meta, t.listing?._meta);
  const declared = "csp" in meta.ui;
  const findings = found ?? analyzeView(html);
  const { loads, evals, displayModes, dropped } = findings;
  const needed = evals.filter((e) => !e.probe);
  const blocked = undeclaredLoads(loads, declared, meta.ui.csp);
  const items: ReportItem[] = [];
  const add = (i: Omit<ReportItem, "tool" | "id" | "source"> & { id: string }) =>
    items.push({
      ...i,
      evidence: withinEvidence(i.evidence),
      id: `${i.id}:${t.name}`,
      tool: t.name,
      source: "review",
    });
  const notes = unread(findings);
  // Each finding's verdict holds for the part read; this item says what that part leaves out.
  if (notes.length)
    add({
      id: "view-static-read",
      title: "The static checks read the whole view",
      status: "warning",
      evidence: `${notes.join("; ")}. A rendered view shows what it really loads (Preview or Run here, --render in the CLI)`,
      ruleIds: [],
      lesson: LESSONS.render,
    });
  const unseen = "URLs built at run time are not seen";
  const origins = [...new Set(loads.map((l) => l.origin))];
  const advice = declared ? "" : "; declare each in _meta.ui.csp";
  const allDeclared = `${origins.length} other origin(s) found in the HTML and inline scripts, all declared: `;
  add({
    id: "view-origins",
    title: "Every origin the view loads or fetches is declared in its CSP",
    status: blocked.length ? "fail" : "pass",
    evidence: blocked.length
      ? listed(blocked, (b) => `${b.origin} (${b.via}, line ${b.line}): ${b.reason}`, advice) +
        advice
      : origins.length
        ? `${allDeclared}${listed(origins, (o) => o, `${allDeclared} (${unseen})`, 0, ", ")} (${unseen})`
        : `no other origin found in the HTML or inline scripts (${unseen})`,
    ruleIds: declared ? ["CSP-2", "CSP-3", "CSP-6"] : ["CSP-4", "CSP-6"],
    lesson: declared ? LESSONS.builtPolicy : LESSONS.csp,
  });
  const why =
    ": no MCP Apps CSP allows it (script-src is 'self' 'unsafe-inline' plus resourceDomains, never 'unsafe-eval'), so this code throws in a host that follows the spec";
  const probes =
    "; under a spec host's CSP it throws, is caught, and the code takes its other path";
  add({
    id: "view-eval",
    title: "The view does not need eval or new Function",
    status: needed.length ? "warning" : "pass",
    evidence: needed.length
      ? listed(
          needed,
          (e) => `${e.what} at line ${e.line}: ${json(e.excerpt)}`,
          why,
          dropped.evals,
        ) + why
      : evals.length
        ? `only a feature test: ${listed(evals, (e) => `${e.what}"") in a try at line ${e.line}`, probes)}${probes}`
        : "no eval( or new Function( in the inline scripts",
    ruleIds: ["CSP-2", "CSP-4"],
    lesson: LESSONS.builtPolicy,
  });
  const { requests, reads } = displayModes;
  const lines = (of: number[], more: number) => listed(of, String, "", more, ", ");
  add({
    id: "view-display-mode",
    title: "Display mode requested only after reading availableDisplayModes (heuristic)",
    status: requests.length && !reads.length ? "warning" : "pass",
    evidence: !requests.length
      ? "heuristic: no display-mode request found in the inline scripts"
      : reads.length
        ? `heuristic: requests a display mode (line ${lines(requests, dropped.requests)}) and reads availableDisplayModes (line ${lines(reads, dropped.reads)})`
        : `heuristic: requests a display mode (line ${lines(requests, dropped.requests)}) but never reads the host's availableDisplayModes; the view must check the modes the host offers before asking`,
    ruleIds: ["BRG-6"],
    lesson: LESSONS.displayModes,
  });
  return items;
}

/**
 * The SDK client refused tools/list or resources/list (a field of the wrong type): a host built on
 * it gets none of that list. Each offending field is named as sent; the items that parse are used.
 */
function listSchemaVerdict(
  field: "tools" | "resources",
  problems: ListSchemaProblem[],
  parsed: number,
): { status: ItemStatus; evidence: string; ruleIds: string[]; lesson: string } {
  const annotations = field === "tools" && problems.some((p) => p.path.startsWith("annotations"));
  return {
    status: "fail",
    evidence:
      `the SDK client refused the whole ${field}/list result, so a host built on it gets ${field === "tools" ? "no tool" : "no resource listing"} of this server: ` +
      problems
        .map(
          (p) =>
            `${field}[${p.index}]${p.name !== undefined ? ` ${json(p.name)}` : ""} ${p.path || "(the entry)"} is ${p.sent}: ${p.message}`,
        )
        .join("; ") +
      `. The ${parsed} ${field === "tools" ? "tool(s)" : "resource(s)"} that parse one by one are reviewed below; a refused one is left out`,
    ruleIds: annotations ? ["TOOL-7"] : [],
    lesson: annotations
      ? LESSONS.annotations
      : field === "tools"
        ? LESSONS.resourceUri
        : LESSONS.unlisted,
  };
}

export interface BuildOptions {
  /**
   * Each UI tool's static view findings, by tool name, when they were worked out elsewhere (the
   * /review page runs them in a worker); a tool without them is analysed here.
   */
  staticFindings?: ReadonlyMap<string, StaticViewFindings>;
}

/** The checklist report for one reviewed server: a pure function of what was observed. */
export function buildReport(input: ReviewInput, options: BuildOptions = {}): Report {
  const r = input.review;
  const items = [
    ...serverItems(input),
    ...r.tools.flatMap((tool) => itemsForTool(input, tool.name, options)),
  ];
  const counts: Record<ItemStatus, number> = { pass: 0, fail: 0, warning: 0, "not-checkable": 0 };
  for (const i of items) counts[i.status]++;
  return {
    target: input.target,
    transport: input.transport,
    server: { name: r.serverInfo?.name, version: r.serverInfo?.version },
    era: r.era,
    ...(r.protocolVersion ? { protocolVersion: r.protocolVersion } : {}),
    eraSource: r.eraSource,
    counts,
    items,
  };
}

const LABEL: Record<ItemStatus, string> = {
  pass: "PASS",
  fail: "FAIL",
  warning: "WARN",
  "not-checkable": "N/C ",
};

/** The report as plain text for a terminal: one line per item, evidence indented below. */
const COLOR: Record<ItemStatus, string> = {
  pass: "\u001b[32m",
  fail: "\u001b[31m",
  warning: "\u001b[33m",
  "not-checkable": "\u001b[2m",
};

export function formatReport(
  report: Report,
  lessonBase = "",
  options: { color?: boolean } = {},
): string {
  const label = (s: ItemStatus) =>
    options.color
      ? `${COLOR[s]}${LABEL[s].trimEnd()}\u001b[0m${LABEL[s].slice(LABEL[s].trimEnd().length)}`
      : LABEL[s];
  const lines: string[] = [];
  // Server strings go to a terminal: control characters (escape sequences) and bidi overrides are
  // shown as markers, never written raw.
  const v = visibleText;
  lines.push(`MCP Apps review: ${v(report.target)} (${report.transport})`);
  lines.push(
    `Server: ${v(report.server.name ?? "(unnamed)")} ${v(report.server.version ?? "")}`.trimEnd() +
      ` | era: ${report.era}${report.protocolVersion ? ` (${report.protocolVersion})` : ""}`,
  );
  lines.push("Each check: PASS, FAIL, WARN (a warning), or N/C: not checkable from outside.");
  let tool: string | undefined;
  for (const item of report.items) {
    if (item.tool !== tool) {
      tool = item.tool;
      lines.push("", `Tool ${v(tool ?? "")}:`);
    } else if (tool === undefined && item === report.items[0]) {
      lines.push("");
    }
    // An item no course rule covers (a core naming rule) cites its spec lines in the evidence.
    const rules = item.ruleIds.length ? `  [${item.ruleIds.join(", ")}]` : "";
    lines.push(`${label(item.status)}  ${v(item.title)}${rules}`);
    lines.push(`      ${v(item.evidence)}`);
    lines.push(`      see ${lessonBase}${item.lesson}`);
  }
  const c = report.counts;
  lines.push(
    "",
    `${c.pass} pass, ${c.fail} fail, ${c.warning} warning(s), ${c["not-checkable"]} not checkable from outside`,
  );
  return lines.join("\n");
}

const MD_LABEL: Record<ItemStatus, string> = {
  pass: "pass",
  fail: "**fail**",
  warning: "warning",
  "not-checkable": "not checkable",
};

/**
 * Escapes server text for one Markdown table cell: HTML becomes entities and Markdown syntax is
 * backslash-escaped, so a server's `<img>`, `<b>`, links or emphasis reach a pull request as the
 * text the server sent, never as markup (issue #25). Pipes and newlines stay inside the cell.
 */
export const cell = (text: string) =>
  visibleText(text.replace(/\r?\n/g, " "))
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[\\`*_[\]|]/g, (c) => `\\${c}`);

/** A tool name as a code span when it is plain (core's tool-name characters), else escaped text. */
export const toolName = (name: string) =>
  /^[A-Za-z0-9_.-]+$/.test(name) ? `\`${name}\`` : cell(name);

/** The report as Markdown: a heading, the server line, and one table per tool (server first). */
export function formatReportMarkdown(report: Report, lessonBase = ""): string {
  const out: string[] = [
    `# MCP Apps review: ${cell(report.target)}`,
    "",
    `Server **${cell(report.server.name ?? "(unnamed)")}** ${cell(report.server.version ?? "")}, ` +
      `${report.transport}, era **${report.era}**${report.protocolVersion ? ` (${report.protocolVersion})` : ""}.`,
    "",
    `${report.counts.pass} pass, ${report.counts.fail} fail, ${report.counts.warning} warning(s), ` +
      `${report.counts["not-checkable"]} not checkable from outside.`,
  ];
  const groups = new Map<string | undefined, ReportItem[]>();
  for (const item of report.items) groups.set(item.tool, [...(groups.get(item.tool) ?? []), item]);
  for (const [tool, items] of groups) {
    out.push("", tool === undefined ? "## Server" : `## Tool ${toolName(tool)}`, "");
    out.push("| Status | Check | Evidence | Rules | Lesson |", "| --- | --- | --- | --- | --- |");
    for (const i of items) {
      out.push(
        `| ${MD_LABEL[i.status]} | ${cell(i.title)} | ${cell(i.evidence)} | ${i.ruleIds.join(", ")} | [lesson](${lessonBase}${i.lesson}) |`,
      );
    }
  }
  return out.join("\n") + "\n";
}
