/**
 * Review checks judged from the JSON a server sent (issue #21): the SDK's parse drops unknown keys,
 * so a misspelt annotation, a `visibility` given as a string, a `resourceURI` or a CSP key spelt
 * as another platform spells it would otherwise pass unseen. Every check here reads `onWire`
 * (the tools/list entry, resources/list entry and resources/read result as sent), names unknown
 * keys with the known key they most likely meant, and quotes the wire in its evidence.
 */
import { MODERN_VERSION, PROFILE_MIME, type UiToolReview } from "../host";
import { META_CLIENT_CAPABILITIES, UNSUPPORTED_VERSION } from "../decide/ids";
import type { RawAnswer } from "../host/probe";
import { codePointMarker, visibleText } from "../host/visible-text";
import { CSP_KEYS, PERMISSION_NAMES } from "../decide/vocabulary";
import { asRecord } from "../host/wire";
import type { ReviewInput } from "./collect";
import {
  ANNOTATION_KEYS,
  CONTENT_KEYS,
  json,
  likelyMeant,
  nameUnknown,
  RESOURCE_UI_KEYS,
  TOOL_UI_KEYS,
  unknownKeys,
  wireVisibility,
  type UnknownKey,
  type WireVisibility,
} from "./wire-read";
import type { ItemStatus, ReportItem } from "./items";
import { LESSONS } from "./lessons";

const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** True when the author meant the tool for views only: "app" without "model" (TOOL-3). */
function meantAppOnly(v: WireVisibility): boolean {
  const callers = v.kind === "list" ? v.sent : v.kind === "malformed" ? v.meant : [];
  return callers.includes("app") && !callers.includes("model");
}

/**
 * The `visibility:<tool>` item's status and evidence from the wire: a list with unknown values is
 * judged on what a host keeps but quoted as sent; a value that is not a list is a warning, since
 * what a host makes of it is not defined (read as omitted it reaches the agent).
 */
export function agentVisibilityFromWire(
  t: UiToolReview,
  judged: { verdict: string; reason: string },
): { status: ItemStatus; evidence: string } {
  const v = wireVisibility(t.onWire.tool);
  const appOnlyNote = "only views can call it, so no agent turn ever renders this view";
  if (v.kind === "malformed" && v.kept === undefined) {
    return {
      status: "warning",
      evidence: `${v.problem}: what a host does with it is not defined. A host that reads lists only ignores it and falls back to the default ["model", "app"], so the agent sees the tool; one that reads the string may hide it`,
    };
  }
  const pass = judged.verdict === "pass";
  const sentNote =
    v.kind === "malformed"
      ? `visibility sent as ${json(v.sent)}; a host keeps ${json(v.kept)}: `
      : "";
  return {
    status: pass ? "pass" : "warning",
    evidence: `${sentNote}${pass ? judged.reason : `${judged.reason}; ${appOnlyNote} (fine only for app-only helpers)`}`,
  };
}

type NewItem = Omit<ReportItem, "tool">;

/**
 * Items for every tool, with or without a view (deliverable 1): `_meta.ui` keys, visibility as
 * sent, app-only tools offered to a client that declared no Apps, annotations, outputSchema.
 */
export function everyToolItems(
  input: ReviewInput,
  name: string,
  wire: Record<string, unknown> | undefined,
  hasView: boolean,
): ReportItem[] {
  const items: ReportItem[] = [];
  const add = (item: NewItem) => items.push({ ...item, id: `${item.id}:${name}`, tool: name });
  const meta = asRecord(wire?._meta);

  // Tool _meta.ui keys (TOOL-1, TOOL-2): a misspelt resourceUri links no view at all.
  {
    const rawUi = meta?.ui;
    const ui = asRecord(rawUi);
    const near = Object.keys(meta ?? {})
      .filter((k) => k !== "ui" && k !== "ui/resourceUri")
      .map((key) => ({ key, meant: likelyMeant(key, ["ui", "ui/resourceUri"]) }))
      .filter((k): k is { key: string; meant: string } => k.meant !== undefined);
    const unknown = ui ? unknownKeys(ui, TOOL_UI_KEYS) : [];
    // `_meta["ui/visibility"]`, `_meta["ui.visibility"]`: an Apps key written flat or dotted. Only
    // resourceUri has a (deprecated) flat form; no host reads any other (heuristic: a guess at
    // what the author meant).
    const flattened = Object.keys(meta ?? {})
      .filter((k) => k !== "ui/resourceUri")
      .flatMap((key) => {
        const m = /^ui[./_:-]([A-Za-z]+)$/.exec(key);
        const meant = m
          ? TOOL_UI_KEYS.find((k) => k.toLowerCase() === m[1]!.toLowerCase())
          : undefined;
        return meant ? [{ key, meant }] : [];
      });
    if (rawUi !== undefined || near.length || flattened.length) {
      const lostLink =
        !hasView &&
        (unknown.some((k) => k.meant === "resourceUri") ||
          near.length > 0 ||
          (rawUi !== undefined && !ui));
      const problems = [
        ...(rawUi !== undefined && !ui ? [`_meta.ui is ${json(rawUi)}, not an object`] : []),
        ...(unknown.length ? [`_meta.ui has unknown key(s) ${nameUnknown(unknown)}`] : []),
        ...(near.length ? [`_meta has ${nameUnknown(near)}`] : []),
        ...flattened.map(
          (f) =>
            `_meta has ${json(f.key)} (heuristic: it looks like _meta.ui.${f.meant} written as one key, which no host reads${f.meant === "visibility" ? `, so the tool keeps the default visibility ["model", "app"] (TOOL-2) and the agent is offered it` : ""})`,
        ),
      ];
      // csp, permissions, domain and prefersBorder are the view's own fields (RES-4): on the tool
      // they are read by no host, so the view renders without them.
      const resourceFields = unknown
        .map((k) => k.key)
        .filter((k) => (RESOURCE_UI_KEYS as readonly string[]).includes(k));
      if (resourceFields.length)
        problems.push(
          `${resourceFields.map((k) => json(k)).join(", ")} ${resourceFields.length > 1 ? "are" : "is"} resource metadata: a host reads ${resourceFields.length > 1 ? "them" : "it"} from the view's content item _meta.ui (or its resources/list entry), never from the tool`,
        );
      add({
        id: "tool-ui-keys",
        title: "The tool's _meta.ui has only known keys",
        status: lostLink ? "fail" : problems.length ? "warning" : "pass",
        evidence: problems.length
          ? `${problems.join("; ")}. As sent: _meta ${clip(json(meta), 300)}${lostLink ? ". No host finds a view for this tool: it is listed as a plain tool" : ". Hosts ignore unknown keys"}`
          : `_meta.ui as sent: ${clip(json(ui))}`,
        ruleIds: ["TOOL-1", "TOOL-2"],
        lesson: LESSONS.resourceUri,
        source: "requirements",
      });
    }
  }

  const vis = wireVisibility(wire);
  if (vis.kind !== "absent") {
    add({
      id: "visibility-value",
      title: 'visibility is a list of "model" and "app"',
      status: vis.kind === "malformed" ? "fail" : vis.sent.length === 0 ? "warning" : "pass",
      evidence:
        vis.kind === "malformed"
          ? vis.kept === undefined
            ? `${vis.problem}. A host that reads lists only ignores it and falls back to the default ["model", "app"]: ${meantAppOnly(vis) ? "an app-only helper reaches the agent" : "the agent sees it"}`
            : `${vis.problem}. A host drops what it cannot read and keeps ${json(vis.kept)}`
          : vis.sent.length === 0
            ? "visibility [] as sent: neither the agent nor a view may call the tool"
            : `visibility ${json(vis.sent)} as sent`,
      ruleIds: ["TOOL-2", "TOOL-3", "TOOL-4"],
      lesson: LESSONS.visibility,
      source: "review",
    });
  }

  // App-only tools for a client that declared no Apps support (NEG-5; TOOL-6).
  if (meantAppOnly(vis) && input.undeclared) {
    const u = input.undeclared;
    const modern = input.review.era === "modern";
    const shown = json(vis.kind === "absent" ? undefined : vis.sent);
    let status: ItemStatus;
    let evidence: string;
    if (!u.ok) {
      status = "not-checkable";
      evidence = `a second connection without the Apps declaration failed: ${u.error}`;
    } else if (modern) {
      status = "not-checkable";
      evidence =
        `visibility ${shown}: under 2026-07-28 the tool list does not vary with the client, so a client that declared no Apps support lists this app-only tool too and, not reading _meta.ui.visibility, may offer it to its agent. ` +
        `The server must decide each call itself (TOOL-6), for example refusing a request that did not declare the extension (NEG-2); checking that needs a tools/call, which a review never makes`;
    } else {
      const offered = name in u.tools;
      status = offered ? "warning" : "pass";
      evidence = offered
        ? `a client whose initialize declared no Apps support was offered this app-only tool (visibility ${shown}, as it received it: ${clip(json(u.onWire?.find((t) => t.name === name)?._meta ?? null))}). Such a client does not read _meta.ui.visibility, so its agent sees the tool and may call it. ` +
          `The Apps spec says servers SHOULD check client capabilities before registering UI tools (NEG-5), and every call is the server's to decide (TOOL-6)`
        : `withheld from a client whose initialize declared no Apps support (visibility ${shown})`;
    }
    add({
      id: "app-only-undeclared",
      title: "App-only tools are not offered to clients without Apps",
      status,
      evidence,
      ruleIds: modern ? ["NEG-2", "TOOL-6"] : ["NEG-5", "TOOL-6"],
      lesson: LESSONS.appsNegotiation,
      source: "requirements",
    });
  }

  // Annotations (TOOL-7), from the wire: the SDK drops misspelt keys.
  {
    const raw = wire?.annotations;
    const a = asRecord(raw);
    const unknown = a ? unknownKeys(a, ANNOTATION_KEYS) : [];
    const notBoolean = a
      ? ANNOTATION_KEYS.filter((k) => k !== "title" && k in a && typeof a[k] !== "boolean")
      : [];
    const problems = [
      ...(raw !== undefined && !a ? [`annotations ${clip(json(raw))} is not an object`] : []),
      ...(unknown.length ? [`unknown key(s) ${nameUnknown(unknown)}: clients ignore them`] : []),
      ...notBoolean.map((k) => `${k} is ${json(a![k])}, not a boolean`),
    ];
    const empty = raw === undefined || (a !== undefined && Object.keys(a).length === 0);
    add({
      id: "annotations",
      title: "Tool annotations set",
      status: problems.length || empty ? "warning" : "pass",
      evidence: problems.length
        ? `annotations as sent ${clip(json(raw))}: ${problems.join("; ")}`
        : empty
          ? "no annotations: set readOnlyHint / destructiveHint / idempotentHint / openWorldHint to match what the tool does"
          : `annotations ${clip(json(raw))}`,
      ruleIds: ["TOOL-7"],
      lesson: LESSONS.annotations,
      source: "requirements",
    });
  }

  // outputSchema (OUT-2): optional; when declared, structuredContent must match it.
  {
    const raw = wire?.outputSchema;
    const present = wire !== undefined && "outputSchema" in wire;
    const ok = asRecord(raw) !== undefined;
    add({
      id: "output-schema",
      title: "outputSchema, when declared, is a JSON Schema object",
      status: present && !ok ? "fail" : "pass",
      evidence: !present
        ? `no outputSchema (optional)${hasView ? ": nothing describes the structuredContent the view renders, so no client can check it" : ""}`
        : ok
          ? `outputSchema ${clip(json(raw))}: structuredContent must match it`
          : `outputSchema is ${clip(json(raw))}, not a JSON Schema object`,
      ruleIds: ["OUT-2"],
      lesson: LESSONS.channels,
      source: "requirements",
    });
  }
  return items;
}

/** The first content item of a resources/read result as sent. */
export function wireContent(t: UiToolReview): Record<string, unknown> | undefined {
  const contents = asRecord(t.onWire.read)?.contents;
  return Array.isArray(contents) ? asRecord(contents[0]) : undefined;
}

/** The csp item's extra failure: keys other than the four lists (CSP-1), named as sent. */
export function cspUnknownKeys(csp: unknown): UnknownKey[] {
  const c = asRecord(csp);
  return c ? unknownKeys(c, CSP_KEYS) : [];
}

/** Suggestions for permission names a host does not know (PERM-1). */
export function permissionSuggestions(permissions: unknown): string {
  const p = asRecord(permissions);
  const unknown = p ? unknownKeys(p, PERMISSION_NAMES).filter((k) => k.meant) : [];
  return unknown.length
    ? ` (${unknown.map((k) => `${json(k.key)}: did you mean ${json(k.meant)}?`).join("; ")})`
    : "";
}

const LOCAL = /^(localhost|[a-z0-9.-]+\.localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * Declared origins a host is likely to refuse or that defeat the policy: a wildcard over a whole
 * top-level domain, a wildcard outside resourceDomains (CSP-6 documents them only there), and
 * `http:` / `ws:` origins other than localhost (mixed content from an https host page).
 */
function riskyOrigins(csp: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of CSP_KEYS) {
    const list = csp[key];
    if (!Array.isArray(list)) continue;
    for (const v of list) {
      if (typeof v !== "string") continue;
      const m = /^([a-z][a-z0-9+.-]*):\/\/([^/:]+)(:\d+)?$/i.exec(v.trim());
      if (!m) continue;
      const scheme = m[1]!.toLowerCase();
      const host = m[2]!.toLowerCase();
      if (host.startsWith("*.") && !host.slice(2).includes("."))
        out.push(
          `${key}: ${json(v)} is a wildcard over the whole .${host.slice(2)} top-level domain: any site there`,
        );
      else if (host.startsWith("*.") && key !== "resourceDomains")
        out.push(
          `${key}: ${json(v)} is a wildcard; the spec documents wildcard subdomains for resourceDomains only, so a host may refuse it`,
        );
      if ((scheme === "http" || scheme === "ws") && !LOCAL.test(host))
        out.push(
          `${key}: ${json(v)} is not secure (${scheme}:); a host page served over https blocks it as mixed content`,
        );
    }
  }
  return out;
}

/**
 * Items about the view's resource as sent (deliverables 2 and 3): the content `uri`, unknown
 * fields and `_meta.ui` keys, risky CSP origins, and `_meta.ui.domain`.
 */
export function resourceWireItems(
  input: ReviewInput,
  t: UiToolReview,
  effectiveUi: Record<string, unknown>,
): ReportItem[] {
  const items: ReportItem[] = [];
  const add = (item: NewItem) => items.push({ ...item, id: `${item.id}:${t.name}`, tool: t.name });
  const content = wireContent(t);

  {
    const sent = content?.uri;
    add({
      id: "content-uri",
      title: "The content item's uri is the URI that was read",
      status: sent === t.resourceUri ? "pass" : "fail",
      evidence:
        sent === t.resourceUri
          ? `contents[0].uri ${json(sent)}`
          : `resources/read ${t.resourceUri} answered with contents[0].uri ${sent === undefined ? "missing" : json(sent)}: the content must carry the URI it was read from`,
      ruleIds: ["RES-1", "TOOL-1"],
      lesson: LESSONS.fetching,
      source: "requirements",
    });
  }

  {
    const problems: string[] = [];
    const contentUnknown = content ? unknownKeys(content, CONTENT_KEYS) : [];
    if (contentUnknown.length) problems.push(`content item: ${nameUnknown(contentUnknown)}`);
    const places: [string, unknown][] = [
      ["content item _meta", content?._meta],
      ["resources/list entry _meta", t.onWire.listing?._meta],
    ];
    for (const [where, meta] of places) {
      const m = asRecord(meta);
      if (!m) continue;
      const near = Object.keys(m)
        .filter((k) => k !== "ui" && likelyMeant(k, ["ui"]) === "ui")
        .map((key) => ({ key, meant: "ui" }));
      if (near.length) problems.push(`${where}: ${nameUnknown(near)}`);
      const ui = asRecord(m.ui);
      const unknown = ui ? unknownKeys(ui, RESOURCE_UI_KEYS) : [];
      if (unknown.length) problems.push(`${where}.ui: ${nameUnknown(unknown)}`);
    }
    // _meta.ui on the read result itself: hosts read it from the content item (apps spec line
    // 1730) or the listing (RES-4), so it is ignored, csp and all.
    const resultUi = asRecord(asRecord(t.onWire.read?._meta)?.ui);
    const misplaced = resultUi
      ? `the resources/read result's own _meta.ui ${json(resultUi)} is not where a host looks: it reads _meta.ui from the content item (or the resources/list entry), so this is ignored; move it onto the content item`
      : undefined;
    add({
      id: "resource-keys",
      title: "The view's content item and _meta.ui have only known fields",
      status: problems.length || misplaced ? "warning" : "pass",
      evidence: misplaced
        ? [
            misplaced,
            ...(problems.length
              ? [`unknown keys, which hosts ignore: ${problems.join("; ")}`]
              : []),
          ].join("; ")
        : problems.length
          ? `unknown keys, which hosts ignore: ${problems.join("; ")}`
          : `content item keys as sent: ${json(Object.keys(content ?? {}))}`,
      ruleIds: ["RES-3", "RES-4", "RES-6"],
      lesson: LESSONS.twoPlaces,
      source: "review",
    });
  }

  const csp = asRecord(effectiveUi.csp);
  if (csp) {
    const risky = riskyOrigins(csp);
    add({
      id: "csp-origins",
      title: "Declared origins are narrow and secure",
      status: risky.length ? "warning" : "pass",
      evidence: risky.length
        ? risky.join("; ")
        : "every declared origin names a site (no TLD wildcard), wildcards only in resourceDomains, https/wss only (or localhost)",
      ruleIds: ["CSP-6", "CSP-5"],
      lesson: LESSONS.csp,
      source: "review",
    });
  }

  if ("domain" in effectiveUi) {
    const d = effectiveUi.domain;
    let serverHost: string | undefined;
    if (input.transport === "http") {
      try {
        serverHost = new URL(input.target).hostname.toLowerCase();
      } catch {
        serverHost = undefined;
      }
    }
    const host =
      typeof d === "string"
        ? d
            .trim()
            .toLowerCase()
            .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
            .replace(/[:/].*$/, "")
        : undefined;
    const own =
      host !== undefined &&
      serverHost !== undefined &&
      (host === serverHost || host.endsWith(`.${serverHost}`) || serverHost.endsWith(`.${host}`));
    add({
      id: "domain",
      title: "_meta.ui.domain is a host-specific sandbox domain",
      // Over stdio there is no server address to hold the domain against: the review cannot say
      // whether it is the server's own, so it says nothing either way (issue #37).
      status:
        typeof d !== "string"
          ? "fail"
          : own
            ? "warning"
            : serverHost === undefined
              ? "not-checkable"
              : "pass",
      evidence:
        typeof d !== "string"
          ? `domain is ${clip(json(d))}, not a string`
          : own
            ? `domain ${json(d)} is this MCP server's own domain (${serverHost}): the requirements checklist says a stable domain is host-specific and is not the server's own; its format comes from each host's documentation`
            : serverHost === undefined
              ? `domain ${json(d)}: over stdio the server has no address, so the review cannot tell whether this is the server's own domain; its format is host-specific (RES-6), and a server MUST follow each host's documentation for it (RES-8), which a review from outside cannot check`
              : `domain ${json(d)}: its format is host-specific, so check each host's documentation; it is not the MCP server's domain (${serverHost})`,
      ruleIds: ["RES-6", "RES-8"],
      lesson: LESSONS.border,
      source: "requirements",
    });
  }
  return items;
}

/**
 * Whether `html` holds a tag: `<p>`, `<br/>`, or a name, a space and a `>` somewhere after. One pass
 * (issue #39, item 3): the pattern this replaces read to the end of the text again from every
 * unclosed `<img `, 30 s for 400 KB of them.
 */
function hasTag(html: string): boolean {
  const lastGt = html.lastIndexOf(">");
  for (let i = html.indexOf("<"); i >= 0 && i < lastGt; i = html.indexOf("<", i + 1)) {
    if (!/[a-z]/i.test(html[i + 1] ?? "")) continue;
    let j = i + 2;
    while (j < lastGt && /[a-z0-9-]/i.test(html[j]!)) j++;
    const c = html[j]!;
    if (c === ">" || (c === "/" && html[j + 1] === ">") || (/\s/.test(c) && j < lastGt))
      return true;
  }
  return false;
}

/**
 * RES-3 under the Apps mime type: the content must be an HTML document. Text with no HTML markup
 * at all (a bare URL, JSON, plain text) fails, and so does markup without `<!doctype html>` and
 * `<html>` (a fragment).
 */
export function htmlDocumentVerdict(
  html: string | undefined,
  encoding: "text" | "base64 blob",
  mimeType: unknown,
): { status: ItemStatus; evidence: string } {
  if (html === undefined)
    return { status: "fail", evidence: "the content item has neither text nor a decodable blob" };
  const complete = /^\s*<!doctype html>/i.test(html) && /<html[\s>]/i.test(html);
  if (complete)
    return {
      status: "pass",
      evidence: `${encoding}, ${html.length} characters, starts with <!doctype html>`,
    };
  const markup = /<!doctype\s+html/i.test(html) || hasTag(html);
  if (!markup)
    return {
      status: "fail",
      evidence: `${encoding} ${json(clip(html, 80))} is not an HTML document (no markup at all)${mimeType === PROFILE_MIME ? `, yet it is served as ${PROFILE_MIME}, whose content must be an HTML5 document` : ""}`,
    };
  // RES-3 is a MUST (Apps line 270): a fragment is not a complete HTML5 document, so it fails
  // (it was a warning, softer than the spec and than the course, which teaches that it fails).
  return {
    status: "fail",
    evidence: `${html.length} characters of markup, but not a complete HTML5 document (no <!doctype html> and <html> element): ${json(html.slice(0, 60))}`,
  };
}

const CORE_VERSIONING = "core 2026-07-28 basic/versioning";
const CORE_BASIC = "core 2026-07-28 basic/index";
const CORE_TOOLS = "core 2026-07-28 server/tools";

/** A raw probe's answer in a sentence: the error as sent, or why none came. */
function answerText(a: RawAnswer): string {
  const http = a.httpStatus !== undefined ? ` (HTTP ${a.httpStatus})` : "";
  if (a.error) return `error ${clip(json(a.error), 300)}${http}`;
  if (a.result) return `a result, not an error: ${clip(json(a.result), 200)}${http}`;
  return `no JSON-RPC answer: ${clip(a.failure ?? "?", 200)}${http}`;
}

/**
 * The two raw requests of `collect.ts` (modern only). A request for an unsupported version MUST get
 * -32022 with `data.supported` listing versions (versioning line 50); one missing the required
 * clientCapabilities `_meta` key MUST get -32602 (basic/index line 380). Under legacy there are no
 * per-request versions to refuse, so the first is not checkable and the second does not exist.
 */
export function protocolProbeItems(input: ReviewInput): ReportItem[] {
  if (input.review.era !== "modern") {
    return [
      {
        id: "unsupported-version",
        title: "A request for an unsupported version gets -32022 with data.supported",
        status: "not-checkable",
        evidence: `the server speaks only the legacy era: its requests name no protocol version, so there is no modern request to refuse (${CORE_VERSIONING}, line 50, binds a server that serves ${MODERN_VERSION})`,
        ruleIds: ["NEG-6"],
        lesson: LESSONS.versionMismatch,
        source: "core",
      },
    ];
  }
  const probes = input.probes;
  const items: ReportItem[] = [];
  {
    const a = probes?.unsupportedVersion;
    const error = a?.error;
    const supported = asRecord(error?.data)?.supported;
    const listed =
      Array.isArray(supported) &&
      supported.length > 0 &&
      supported.every((v) => typeof v === "string");
    const ok = error?.code === -32022 && listed;
    items.push({
      id: "unsupported-version",
      title: "A request for an unsupported version gets -32022 with data.supported",
      status: ok ? "pass" : "fail",
      evidence: !a
        ? "the probe was not sent"
        : `tools/list naming protocol version ${UNSUPPORTED_VERSION} was answered with ${answerText(a)}` +
          (ok
            ? ""
            : error?.code === -32022
              ? `: -32022, but data.supported ${supported === undefined ? "is missing" : `${json(supported)} is not a list of versions`}`
              : `; ${CORE_VERSIONING} (line 50) requires UnsupportedProtocolVersionError -32022 listing the supported versions in data.supported`),
      ruleIds: ["NEG-6"],
      lesson: LESSONS.versionMismatch,
      source: "core",
    });
  }
  {
    const a = probes?.missingMeta;
    const coded = a?.error?.code === -32602;
    // On HTTP the refusal also MUST carry status 400 Bad Request (line 381); stdio has no status.
    const statusOk = a?.httpStatus === undefined || a.httpStatus === 400;
    const ok = coded && statusOk;
    items.push({
      id: "missing-meta",
      title: "A request without the required clientCapabilities _meta key gets -32602",
      status: ok ? "pass" : "fail",
      evidence: !a
        ? "the probe was not sent"
        : `tools/list naming ${MODERN_VERSION} without ${META_CLIENT_CAPABILITIES} in _meta was answered with ${answerText(a)}` +
          (a.httpStatus !== undefined ? ` (HTTP ${a.httpStatus})` : "") +
          (!coded
            ? `; ${CORE_BASIC} (line 380) requires a server to reject a request missing a required _meta field with -32602 (Invalid params)`
            : !statusOk
              ? `; ${CORE_BASIC} (line 381) requires that answer to carry HTTP status 400 Bad Request`
              : ""),
      ruleIds: ["NEG-2"],
      lesson: LESSONS.perRequest,
      source: "core",
    });
  }
  return items;
}

const LABEL = /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const KEY_NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;
// Top-level domains seen in practice; two-letter labels are country codes. A heuristic: it only
// tells `example.com/` (a domain in forward order) from `com.example/`.
const TLDS = new Set([
  "com",
  "org",
  "net",
  "io",
  "dev",
  "app",
  "ai",
  "edu",
  "gov",
  "mil",
  "int",
  "info",
  "biz",
  "cloud",
  "tech",
  "xyz",
  "co",
  "me",
  "sh",
  "so",
  "run",
  "page",
  "site",
  "online",
  "software",
]);
const isTld = (label: string) => TLDS.has(label.toLowerCase()) || /^[a-z]{2}$/i.test(label);

/** What is wrong with one extension identifier: `problem` breaks the MUST, `order` the SHOULD. */
function extensionIdProblems(key: string): { problem?: string; order?: string } {
  const slash = key.lastIndexOf("/");
  if (slash < 0)
    return { problem: "has no prefix (no slash): an extension identifier must have one" };
  const prefix = key.slice(0, slash);
  const name = key.slice(slash + 1);
  const labels = prefix.split(".");
  const bad = labels.filter((l) => !LABEL.test(l));
  if (bad.length)
    return {
      problem: `prefix ${json(`${prefix}/`)} has label(s) ${bad.map((l) => json(l)).join(", ")} that do not start with a letter and end with a letter or digit (letters, digits and hyphens between)`,
    };
  if (!KEY_NAME.test(name))
    return {
      problem: `name ${json(name)} must begin and end with a letter or digit, with only letters, digits, hyphens, underscores and dots between`,
    };
  if (labels.length === 1)
    return { order: `prefix ${json(`${prefix}/`)} is a single label, not a reverse-DNS name` };
  if (!isTld(labels[0]!) && isTld(labels.at(-1)!))
    return {
      order: `prefix ${json(`${prefix}/`)} reads as a domain in forward order; reverse DNS is ${json(`${[...labels].reverse().join(".")}/`)}`,
    };
  return {};
}

/**
 * Every key of the advertised `capabilities.extensions`, as sent: `server/discover` (modern) or the
 * `initialize` result (legacy). MUST: a valid `_meta`-key prefix (versioning line 86, basic/index
 * line 334); SHOULD: reverse DNS order (basic/index line 336). No rule ID in this course covers the
 * general naming rule (NEG-1 fixes only the Apps identifier), so the item cites the spec lines.
 */
export function extensionIdItem(input: ReviewInput): ReportItem {
  const r = input.review;
  const sent = r.capabilitiesOnWire;
  const caps = asRecord(sent ? sent.capabilities : r.serverCapabilities);
  const from = sent
    ? `the ${sent.from} result as sent`
    : `${r.era === "modern" ? "server/discover" : "initialize"} as the SDK parsed it (the message is not on this connection's wire)`;
  const ext = asRecord(caps?.extensions);
  const keys = Object.keys(ext ?? {});
  const found = keys.map((k) => ({ k, ...extensionIdProblems(k) }));
  const broken = found.filter((f) => f.problem);
  const unordered = found.filter((f) => !f.problem && f.order);
  const quote = (k: string) => json(visibleText(k));
  const where = `${CORE_VERSIONING} line 86, ${CORE_BASIC} lines 334-336`;
  return {
    id: "extension-ids",
    title: "Advertised extension identifiers carry a valid, reverse-DNS prefix",
    status: broken.length ? "fail" : unordered.length ? "warning" : "pass",
    evidence: !keys.length
      ? `${from}: no capabilities.extensions advertised, so no identifier to check`
      : broken.length || unordered.length
        ? `${from}: ${[...broken.map((f) => `${quote(f.k)} ${f.problem}`), ...unordered.map((f) => `${quote(f.k)}: ${f.order} (a SHOULD)`)].join("; ")} (${where})`
        : `${from}: ${keys.map(quote).join(", ")} (prefix valid and in reverse DNS order; ${where})`,
    ruleIds: [],
    lesson: LESSONS.extensionIds,
    source: "core",
  };
}

const TOOL_NAME_CHAR = /[A-Za-z0-9_.-]/;

/**
 * Tool names as sent: 1 to 128 characters of ASCII letters, digits, `_`, `-` and `.` (server/tools
 * lines 311-316, SHOULDs). Each offending name is quoted with its hidden characters made visible.
 */
export function toolNamesItem(input: ReviewInput): ReportItem {
  const r = input.review;
  const names = (r.onWire?.tools.length ? r.onWire.tools : r.tools).map((t) => t.name);
  const offending = names.flatMap((n) => {
    if (typeof n !== "string") return [`${json(n)} is not a string`];
    const chars = [...new Set([...n].filter((c) => !TOOL_NAME_CHAR.test(c)))];
    const problems = [
      ...(n.length < 1 || n.length > 128 ? [`${n.length} characters long (1 to 128)`] : []),
      ...(chars.length ? [`uses ${chars.map(codePointMarker).join(" ")}`] : []),
    ];
    return problems.length ? [`${json(visibleText(n))} ${problems.join(" and ")}`] : [];
  });
  return {
    id: "tool-names",
    title: "Tool names use only letters, digits, _, - and . (1 to 128 characters)",
    status: offending.length ? "warning" : "pass",
    evidence: offending.length
      ? `${offending.join("; ")}: ${CORE_TOOLS} (lines 311-316) says tool names SHOULD be 1 to 128 ASCII letters, digits, underscores, hyphens and dots`
      : `${names.length} tool name(s), all within the allowed characters and length (${CORE_TOOLS}, lines 311-316)`,
    ruleIds: ["TOOL-8"],
    lesson: LESSONS.toolName,
    source: "core",
  };
}

/** What a stdio server wrote to its stdout, summed over the processes one review started. */
export interface StdoutSeen {
  /** JSON-RPC messages, one a line. */
  messages: number;
  /** Lines that are not JSON-RPC messages, and the first of them (cut to 200 characters). */
  strayCount: number;
  strayFirst?: string;
  /** Text after the last newline when the process ended: its length and start. */
  unterminated?: { chars: number; head: string };
}

const STDIO_TRANSPORT = "core 2025-11-25 basic/transports, stdio";

/**
 * The stdio transport's MUST NOT: a server writes nothing to its stdout that is not a valid MCP
 * message, one a line (logs go to stderr). The SDK's client skips a line it cannot parse, so a
 * review can finish past a banner that another client fails on: an item, not only a note.
 */
export function stdoutItem(seen: StdoutSeen): ReportItem {
  const tail = seen.unterminated;
  const problems = [
    ...(seen.strayCount
      ? [
          `${seen.strayCount} line(s) that are not JSON-RPC messages, the first: ${json(visibleText(seen.strayFirst ?? ""))}`,
        ]
      : []),
    ...(tail
      ? [
          `${tail.chars.toLocaleString("en-US")} character(s) with no newline at the end, beginning ${json(visibleText(tail.head))}`,
        ]
      : []),
  ];
  return {
    id: "stdout-json-only",
    title: "The server writes only JSON-RPC messages to stdout, one a line",
    status: problems.length ? "fail" : "pass",
    evidence: problems.length
      ? `stdout had ${problems.join("; and ")}. A stdio server MUST NOT write anything to stdout that is not an MCP message, each ended by a newline; logs belong on stderr (${STDIO_TRANSPORT})`
      : `${seen.messages} JSON-RPC message(s) on stdout, each on its own line, and nothing else (${STDIO_TRANSPORT})`,
    // The academy's rules list has no entry for the core stdio transport: the spec is cited above.
    ruleIds: [],
    lesson: LESSONS.protocolChecks,
    source: "core",
  };
}

/** A description that says the tool is not for the model: internal, do not call, the view's own. */
const INTERNAL_WORDS =
  /\b(?:internal(?: use)?(?: only)?|do not call|don't call|never call|not for (?:the )?(?:model|llm|agent|assistant)|(?:only )?(?:called|used) (?:only )?by the (?:view|ui|widget|app|board|page)(?: only)?|for the (?:view|ui|widget) only)\b/i;
/** A name that says the tool saves state (a view's companion that persists what it edits). */
const SAVES_STATE =
  /^(?:save|store|persist|set|update|sync|write|put)(?:$|[_.-]|[A-Z])|[_.-](?:state|save|sync)$/;

/**
 * Companion tools the model should not see (#37), each a heuristic warning: a tool whose
 * description says it is internal yet whose visibility offers it to the agent, and, on a server
 * with UI tools, a plain tool that saves state with no visibility at all. Both rest on TOOL-2's
 * default (`["model", "app"]`) and TOOL-3 (without "model" the host MUST NOT list it to the agent):
 * whether a tool is meant for the view alone is the author's intent, which the wire only hints at.
 */
export function companionItem(
  input: ReviewInput,
  name: string,
  wire: Record<string, unknown> | undefined,
  hasView: boolean,
): ReportItem | undefined {
  const vis = wireVisibility(wire);
  const modelSees =
    vis.kind === "absent" ||
    (vis.kind === "malformed"
      ? (vis.kept ?? ["model"]).includes("model")
      : vis.sent.includes("model"));
  if (!modelSees) return undefined;
  const description = typeof wire?.description === "string" ? wire.description : "";
  const internal = INTERNAL_WORDS.exec(description)?.[0];
  const companion =
    !internal &&
    !hasView &&
    vis.kind === "absent" &&
    input.review.uiTools.length > 0 &&
    SAVES_STATE.test(name);
  if (!internal && !companion) return undefined;
  const shown =
    vis.kind === "absent"
      ? 'no _meta.ui.visibility (the default ["model", "app"], TOOL-2)'
      : `visibility ${json(vis.kind === "malformed" ? vis.kept : vis.sent)}`;
  const item: ReportItem = {
    id: "companion-visibility",
    title: "A tool meant for the view alone is hidden from the agent (heuristic)",
    status: "warning",
    evidence: internal
      ? `heuristic: its description says ${json(visibleText(internal))} (${clip(json(visibleText(description)), 160)}), yet with ${shown} the agent is offered it. If only views should call it, set _meta.ui.visibility ["app"]: a host MUST then keep it out of the agent's list (TOOL-3)`
      : `heuristic: a tool without a view on a server with UI tools, named like it saves state, with ${shown}: the agent is offered it too. If it is the view's companion, set _meta.ui.visibility ["app"], which a host MUST keep out of the agent's list (TOOL-3); the server still decides each call (TOOL-6)`,
    ruleIds: ["TOOL-2", "TOOL-3"],
    lesson: LESSONS.visibility,
    source: "review",
  };
  return { ...item, id: `${item.id}:${name}`, tool: name };
}
