import type { McpUiToolVisibility } from "@modelcontextprotocol/ext-apps";
import type { Client, ReadResourceResult, Resource, Tool } from "@modelcontextprotocol/client";
import { ResourceSchema, ToolSchema } from "@modelcontextprotocol/core";
import { PERMISSION_NAMES } from "../decide/vocabulary";
import {
  decide,
  parseOrigin,
  toolVisibility,
  type Decision,
  type HostPolicy,
  type ReadObservation,
  type Verdict,
} from "../decide";
import type { Declaration, HostConnection } from "./connect";
import { decideNegotiationForEra } from "./negotiation";
import { asRecord, type WireLog } from "./wire";

/** RES-5's two hints as a result carried them on the wire (absent keys stay undefined). */
interface Hints {
  ttlMs?: unknown;
  cacheScope?: unknown;
}

/** Where a tool named its view (TOOL-1: the flat key is deprecated). */
export type UriKey = "nested" | "flat" | "both";

export interface UiToolReview {
  name: string;
  tool: Tool;
  resourceUri: string;
  uriKey: UriKey;
  /** Both keys present with different URIs: which one a host uses is up to it. */
  uriConflict?: { nested: string; flat: string };
  visibility: McpUiToolVisibility[] | undefined;
  /** The resources/list entry for the URI, when the server lists it (RES-7: it MAY not). */
  listing: Resource | undefined;
  read: { ok: true; result: ReadResourceResult; hints: Hints } | { ok: false; error: string };
  /** The declaration the negotiation row was judged from (see `judgedOn`). */
  declaration: Declaration | undefined;
  /** The host's decision table for this tool, its inputs all taken from the wire. */
  decision: Decision;
  negotiation: Verdict;
  /**
   * The JSON the server sent, before the SDK's parse dropped unknown keys: the tool from its
   * tools/list page, the resources/list entry, and the resources/read result (issue #21).
   */
  onWire: {
    tool: Record<string, unknown> | undefined;
    listing: Record<string, unknown> | undefined;
    read: Record<string, unknown> | undefined;
  };
}

/** What one review of a connected server found, all of it observed on the wire. */
export interface ServerReview {
  era: HostConnection["era"];
  eraSource: HostConnection["eraSource"];
  clientEra: HostConnection["clientEra"];
  protocolVersion: string | undefined;
  serverInfo: HostConnection["serverInfo"];
  serverCapabilities: HostConnection["serverCapabilities"];
  /** Modern only: the `server/discover` result and the hints it carried on the wire. */
  discover?: {
    supportedVersions: string[];
    hints: Hints | undefined;
    /** `wire`: read from the message; `sdk`: the stdio probe ran on a sibling process, off this wire. */
    hintsFrom: "wire" | "sdk";
  };
  /** The client's Apps declaration as sent: `initialize` (legacy) or a request's `_meta` (modern). */
  declaration: Declaration | undefined;
  tools: Tool[];
  resources: Resource[];
  /** One entry per page the server returned, with its hints (RES-5 under modern). */
  pages: { method: "tools/list" | "resources/list"; hints: Hints; nextCursor: boolean }[];
  uiTools: UiToolReview[];
  /**
   * When the SDK client refused the tools/list result (a field of the wrong type: a real host on
   * the SDK then sees no tool at all), each offending field as sent; the tools that do parse are
   * reviewed on. Absent when the list parsed.
   */
  toolSchemaProblems?: ListSchemaProblem[];
  /** The same for resources/list: each refused field; the resources that parse are used. */
  resourceSchemaProblems?: ListSchemaProblem[];
  /** Every tool and resource as the server sent it (all pages), unknown keys kept. */
  onWire: { tools: Record<string, unknown>[]; resources: Record<string, unknown>[] };
  /**
   * The server's capabilities as sent (unknown keys kept): from `server/discover` (modern) or the
   * `initialize` result (legacy). Absent when that message is not on this wire (the stdio probe
   * runs on a sibling process); then `serverCapabilities` (the SDK's parse) is all there is.
   */
  capabilitiesOnWire?: { from: "server/discover" | "initialize"; capabilities: unknown };
}

/**
 * A host policy for reviewing, not for rendering: every origin that parses is approved and every
 * permission grantable, so the csp and permissions rows judge the declared *shape* only (CSP-1,
 * CSP-3, PERM-1), never a particular host's lists (CSP-5 is host latitude).
 */
export function reviewPolicy(declaredCsp: unknown): HostPolicy {
  const origins: string[] = [];
  const csp = asRecord(declaredCsp);
  for (const list of Object.values(csp ?? {})) {
    if (!Array.isArray(list)) continue;
    for (const v of list) {
      const p = parseOrigin(v);
      if (p.ok) origins.push(p.origin);
    }
  }
  return {
    approvedOrigins: origins,
    outOfPolicy: "subset",
    grantablePermissions: PERMISSION_NAMES,
  };
}

/** TOOL-1: the view a tool names, from the nested key or the deprecated flat one. */
export function toolResourceUri(
  tool: Tool,
): { uri: string; key: UriKey; conflict?: { nested: string; flat: string } } | undefined {
  const meta = asRecord(tool._meta);
  const nested = asRecord(meta?.ui)?.resourceUri;
  const flat = meta?.["ui/resourceUri"];
  const n = typeof nested === "string" ? nested : undefined;
  const f = typeof flat === "string" ? flat : undefined;
  if (n && f)
    return { uri: n, key: "both", ...(n !== f ? { conflict: { nested: n, flat: f } } : {}) };
  if (n) return { uri: n, key: "nested" };
  if (f) return { uri: f, key: "flat" };
  return undefined;
}

/** One field of one listed item (a tool or a resource), as sent, that the SDK's schema refuses. */
export interface ListSchemaProblem {
  /** Position in the list result as sent, and the item's name (tools) or uri (resources). */
  index: number;
  name?: string;
  /** Dotted path inside the item, e.g. `annotations.readOnlyHint`. */
  path: string;
  /** The schema's complaint, and the value sent at that path (JSON). */
  message: string;
  sent: string;
}

const valueAt = (v: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (at, k) =>
      at !== null && typeof at === "object" ? (at as Record<PropertyKey, unknown>)[k] : undefined,
    v,
  );

/**
 * A list request through the SDK; when the SDK refuses the result as invalid, the pages it
 * received (on the wire) are parsed one item at a time instead, so one bad field is named and the
 * other items are still reviewed. Any other failure is thrown as before.
 */
async function listLenient<T>(
  list: () => Promise<T[]>,
  wire: WireLog,
  method: "tools/list" | "resources/list",
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: unknown }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  label: (raw: Record<string, unknown>) => unknown,
): Promise<{ items: T[]; problems?: ListSchemaProblem[] }> {
  try {
    return { items: await list() };
  } catch (e) {
    const field = method === "tools/list" ? "tools" : "resources";
    const sent = wireItems(wire.results(method), field);
    if (
      !new RegExp(`Invalid result for ${method}`).test(e instanceof Error ? e.message : "") ||
      !sent.length
    )
      throw e;
    const items: T[] = [];
    const problems: ListSchemaProblem[] = [];
    sent.forEach((raw, index) => {
      const parsed = schema.safeParse(raw);
      if (parsed.success) return void items.push(parsed.data as T);
      const name = label(raw);
      for (const issue of parsed.error.issues) {
        problems.push({
          index,
          ...(typeof name === "string" ? { name } : {}),
          path: issue.path.map(String).join("."),
          message: issue.message,
          sent: JSON.stringify(valueAt(raw, issue.path)) ?? "undefined",
        });
      }
    });
    return { items, problems };
  }
}

/** tools/list, leniently (see listLenient): the tools that parse, and each refused field. */
export async function listToolsLenient(
  client: Client,
  wire: WireLog,
): Promise<{ tools: Tool[]; problems?: ListSchemaProblem[] }> {
  const { items, problems } = await listLenient<Tool>(
    async () => (await client.listTools(undefined, { cacheMode: "bypass" })).tools,
    wire,
    "tools/list",
    ToolSchema,
    (raw) => raw.name,
  );
  return { tools: items, ...(problems ? { problems } : {}) };
}

/** resources/list, leniently (see listLenient): the resources that parse, and each refused field. */
async function listResourcesLenient(
  client: Client,
  wire: WireLog,
): Promise<{ resources: Resource[]; problems?: ListSchemaProblem[] }> {
  const { items, problems } = await listLenient<Resource>(
    async () => (await client.listResources(undefined, { cacheMode: "bypass" })).resources,
    wire,
    "resources/list",
    ResourceSchema,
    (raw) => raw.uri,
  );
  return { resources: items, ...(problems ? { problems } : {}) };
}

/**
 * Why the SDK client refused a resources/read result, said from the result as sent (the SDK's
 * own message is a schema dump): each content item without a body or a uri, keys quoted.
 */
function refusedRead(sent: Record<string, unknown>, sdkMessage: string): string {
  const contents = sent.contents;
  const problems = Array.isArray(contents)
    ? contents.flatMap((c, i) => {
        const item = asRecord(c);
        if (!item) return [`contents[${i}] is ${JSON.stringify(c)}, not an object`];
        const out: string[] = [];
        if (typeof item.text !== "string" && typeof item.blob !== "string")
          out.push(
            `contents[${i}] has neither text nor blob (keys as sent: ${JSON.stringify(Object.keys(item))})`,
          );
        if (typeof item.uri !== "string") out.push(`contents[${i}] has no uri`);
        return out;
      })
    : [`contents is ${JSON.stringify(contents) ?? "missing"}, not a list`];
  return (
    "the SDK client refused the result, so a host built on it has nothing to render: " +
    (problems.length ? problems.join("; ") : sdkMessage.split("\n")[0]!)
  );
}

/** The items of one array field across every page of a list result, as sent. */
export function wireItems(
  pages: Record<string, unknown>[],
  field: string,
): Record<string, unknown>[] {
  return pages.flatMap((p) => {
    const list = p[field];
    return Array.isArray(list)
      ? list.map((x) => asRecord(x)).filter((x): x is Record<string, unknown> => x !== undefined)
      : [];
  });
}

const hintsOf = (r: Record<string, unknown> | undefined): Hints => ({
  ...(r && "ttlMs" in r ? { ttlMs: r.ttlMs } : {}),
  ...(r && "cacheScope" in r ? { cacheScope: r.cacheScope } : {}),
});

/**
 * Lists every tool and resource (all pages) on a connection, finds the UI tools by either URI key,
 * reads each view, and walks the host's decision table for each, judging negotiation by the
 * connection's era. It calls no tool: a review must not cause side effects on the server.
 */
export async function inspectServer(conn: HostConnection): Promise<ServerReview> {
  const { client, wire } = conn;
  // No cursor: the SDK walks every page itself; "bypass" keeps every page on the wire.
  const { tools, problems: toolSchemaProblems } = await listToolsLenient(client, wire);
  const caps = conn.serverCapabilities;
  const { resources, problems: resourceSchemaProblems } = caps?.resources
    ? await listResourcesLenient(client, wire)
    : { resources: [] as Resource[], problems: undefined };
  const pages: ServerReview["pages"] = [];
  for (const method of ["tools/list", "resources/list"] as const) {
    for (const r of wire.results(method)) {
      pages.push({ method, hints: hintsOf(r), nextCursor: typeof r.nextCursor === "string" });
    }
  }

  const onWire = {
    tools: wireItems(wire.results("tools/list"), "tools"),
    resources: wireItems(wire.results("resources/list"), "resources"),
  };
  const uiTools: UiToolReview[] = [];
  for (const tool of tools) {
    const found = toolResourceUri(tool);
    if (!found) continue;
    let read: UiToolReview["read"];
    let readOnWire: Record<string, unknown> | undefined;
    const sentRead = () =>
      wire
        .requests("resources/read")
        .filter((r) => r.params?.uri === found.uri)
        .map((r) => wire.responseTo(r.id)?.result)
        .at(-1);
    try {
      const result = await client.readResource({ uri: found.uri }, { cacheMode: "bypass" });
      readOnWire = sentRead();
      read = { ok: true, result, hints: hintsOf(readOnWire) };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const sent = /Invalid result for resources\/read/.test(message) ? sentRead() : undefined;
      read = { ok: false, error: sent ? refusedRead(sent, message) : message };
    }
    // The declaration on the request that fetched the view (modern: per request, NEG-2).
    const declaration =
      conn.era === "legacy" ? conn.declaration() : conn.declaration("resources/read");
    const negotiation = decideNegotiationForEra(conn.era, declaration, caps, found.uri);
    const listing = resources.find((r) => r.uri === found.uri);
    const item = read.ok ? asRecord(read.result.contents[0]) : undefined;
    const observation = readObservation(read, listing?._meta);
    const ui = asRecord(asRecord(item?._meta)?.ui) ?? asRecord(asRecord(listing?._meta)?.ui);
    const decision = decide({
      uiToolVisibility: toolVisibility(tool),
      clientCapabilities: declaration?.capabilities,
      serverCapabilities: caps,
      negotiation,
      read: observation,
      policy: reviewPolicy(ui?.csp),
    });
    uiTools.push({
      name: tool.name,
      tool,
      resourceUri: found.uri,
      uriKey: found.key,
      ...(found.conflict ? { uriConflict: found.conflict } : {}),
      visibility: toolVisibility(tool),
      listing,
      read,
      declaration,
      decision,
      negotiation,
      onWire: {
        tool: onWire.tools.find((t) => t.name === tool.name),
        listing: onWire.resources.find((r) => r.uri === found.uri),
        read: readOnWire,
      },
    });
  }

  const discoverResult = conn.era === "modern" ? wire.results("server/discover").at(-1) : undefined;
  const initResult = conn.era === "legacy" ? wire.results("initialize").at(-1) : undefined;
  const capsSent = discoverResult ?? initResult;
  return {
    era: conn.era,
    eraSource: conn.eraSource,
    clientEra: conn.clientEra,
    protocolVersion: conn.protocolVersion,
    serverInfo: conn.serverInfo,
    serverCapabilities: caps,
    ...(conn.era === "modern" && conn.discover
      ? {
          discover: {
            supportedVersions: conn.discover.supportedVersions,
            // The stdio probe runs on a sibling process, off this wire: then the SDK's copy is used.
            hints: hintsOf(discoverResult ?? (conn.discover as unknown as Record<string, unknown>)),
            hintsFrom: discoverResult ? ("wire" as const) : ("sdk" as const),
          },
        }
      : {}),
    declaration: conn.era === "legacy" ? conn.declaration() : conn.declaration("tools/list"),
    tools,
    resources,
    pages,
    uiTools,
    ...(toolSchemaProblems ? { toolSchemaProblems } : {}),
    ...(resourceSchemaProblems ? { resourceSchemaProblems } : {}),
    onWire,
    ...(capsSent
      ? {
          capabilitiesOnWire: {
            from: discoverResult ? ("server/discover" as const) : ("initialize" as const),
            capabilities: capsSent.capabilities,
          },
        }
      : {}),
  };
}

/**
 * What the host read for a view, as `decide()` takes it: the first content item's mime type, body
 * and `_meta`, beside the `resources/list` entry's `_meta` (RES-2, RES-4).
 */
export function readObservation(
  read: { ok: true; result: ReadResourceResult } | { ok: false; error: string },
  listingMeta: unknown,
): ReadObservation {
  if (!read.ok) return { ok: false, error: read.error };
  const item = asRecord(read.result.contents[0]);
  if (!item) return { ok: false, error: "resources/read returned no contents" };
  return {
    ok: true,
    mimeType: item.mimeType,
    hasBody: typeof item.text === "string" || typeof item.blob === "string",
    contentMeta: item._meta,
    listingMeta,
  };
}

/** RES-3: the document is in `text`, or base64 in `blob`. */
export function decodeHtml(result: ReadResourceResult): string | undefined {
  const item = result.contents[0] as { text?: unknown; blob?: unknown } | undefined;
  if (typeof item?.text === "string") return item.text;
  if (typeof item?.blob === "string") {
    const bytes = Uint8Array.from(atob(item.blob), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  }
  return undefined;
}
