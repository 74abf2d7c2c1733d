// The report's server-level items: the eras served, the core requests the SDK never sends, the
// names advertised, the list schemas, the tool list by declaration and the UI tools found.
import { MODERN_VERSION } from "../host";
import type { ListSchemaProblem } from "../host/inspect";
import { asRecord } from "../host/wire";
import type { ReviewInput } from "./collect";
import { hintProblems } from "./cache-hints";
import type { ItemStatus, ReportItem } from "./items";
import { LESSONS } from "./lessons";
import { extensionIdItem, protocolProbeItems, toolNamesItem } from "./wire-checks";
import { json } from "./wire-read";

/** Server-level items, in the order a reader meets them: era, declaration, listing. */
export function serverItems(input: ReviewInput): ReportItem[] {
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
