// A UI tool's view resource as resources/read gave it: the content item's mime type, its listing,
// a complete HTML document, and its `_meta.ui` (the two places, CSP, permissions, border, hints).
import { PROFILE_MIME, type UiToolReview } from "../host";
import { decideCsp, decideMime, decidePermissions, effectiveUiMeta, type Verdict } from "../decide";
import { reviewPolicy } from "../host/inspect";
import { asRecord } from "../host/wire";
import { hintProblems } from "./cache-hints";
import type { ReviewInput } from "./collect";
import type { ItemStatus, ReportItem } from "./items";
import { LESSONS } from "./lessons";
import {
  cspUnknownKeys,
  htmlDocumentVerdict,
  permissionSuggestions,
  resourceWireItems,
  wireContent,
} from "./wire-checks";
import { json, nameUnknown } from "./wire-read";

/** A rule's verdict as an item's status and evidence; a failed verdict as `failAs`. */
export function fromVerdict(
  v: Verdict,
  failAs: ItemStatus = "fail",
): { status: ItemStatus; evidence: string } {
  return { status: v.verdict === "pass" ? "pass" : failAs, evidence: v.reason };
}

/** Adds one item of a UI tool (its id and tool are filled in). */
export type AddItem = (item: Omit<ReportItem, "tool" | "id"> & { id: string }) => void;

/** The view's document: its content item's mime type, its listing, a complete HTML document. */
export function documentItems(t: UiToolReview, add: AddItem): Record<string, unknown> | undefined {
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
export function metaItems(
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
