import { refusalLabel, type Decision, type Verdict } from "../decide";
import { PROFILE_MIME } from "../decide/ids";
import type { RuleId } from "../rules";
import { keyVerdict, rulesOf, type DrillKind, type ListedTool } from "./answers";
import type { NearMiss } from "./near-misses";

// The explanation: why the key is right, why each distractor is not (in words that never call a
// true statement false: a distractor is false here, and says what would make it true), and which
// of the host's stated choices the item turned on.

/** A host choice, draft reading or SDK behaviour the item turns on (stated in every stem). */
export interface HostPolicyNote {
  ruleIds: RuleId[];
  note: string;
}

/** Why the key is right: the row it rests on, or every reached row passing. */
export function keyExplanation(kind: DrillKind, d: Decision): string {
  const kv = keyVerdict(kind, d);
  return kv
    ? `Right: the ${kv.row} row says ${kv.reason}${rulesOf(kv)}.`
    : `Right: every row the call reaches passes, and the outcome is ${d.outcome}.`;
}

/** What holds here, for a distractor's explanation. */
export function keyWhy(kind: DrillKind, d: Decision): string {
  const kv = keyVerdict(kind, d);
  return kv
    ? `Here the ${kv.row} row says ${kv.reason}${rulesOf(kv)}.`
    : "Here every row the call reaches passes.";
}

/** Why a distractor that a near miss would make right is not right here. */
export function nearMissWhy(kind: DrillKind, n: NearMiss, here: string): string {
  const v = keyVerdict(kind, n.decision);
  return `Not here, but it would be if ${n.change}: then ${v ? `the ${v.row} row would say ${v.reason}${rulesOf(v)}` : "every row would pass"}. ${here}`;
}

/** The host's choices (and draft or SDK readings) that the rows an item rests on turn on. */
export function hostPolicyOf(deciding: Verdict[], d: Decision, mimeType: string): HostPolicyNote[] {
  const notes: HostPolicyNote[] = [];
  for (const v of deciding) {
    if (v.row === "negotiation" && v.verdict === "fail" && d.outcome === "text") {
      notes.push({
        ruleIds: ["NEG-4"],
        note: "falling back to the tool's text content without reading the view is this host's policy (NEG-4, checklist advice); core lets the side that supports the extension fall back or reject",
      });
    } else if (
      v.row === "mime" &&
      v.verdict === "fail" &&
      mimeType.replace(/\s+/g, "").toLowerCase() === PROFILE_MIME
    ) {
      notes.push({
        ruleIds: ["RES-2"],
        note: `comparing the mimeType with ${PROFILE_MIME} as an exact string is the review checklist's reading (RES-2, checklist advice), resting on the server's MUST; media types compare type and subtype case-insensitively`,
      });
    } else if (v.row === "csp" && v.verdict === "fail") {
      notes.push(
        v.refusal === "host-policy" || d.csp?.refused.some((r) => r.why === "out-of-policy")
          ? {
              ruleIds: ["CSP-5"],
              note: `what happens to origins outside the approved list is this host's policy (CSP-5, checklist advice): this host's setting is ${d.outcome === "text" || !d.csp?.render ? "to fall back to text" : "to render with the approved subset"}; the spec only lets a host restrict further`,
            }
          : d.csp?.refused.some((r) => r.key === "csp")
            ? {
                ruleIds: ["CSP-5"],
                note: "rendering a view whose csp is not an object under the restrictive default is this simulator's choice, which no rule settles (CSP-1 gives the shape, CSP-3 forbids allowing anything undeclared); CSP-5 (checklist advice) is the nearest rule, the latitude for origins outside policy",
              }
            : {
                ruleIds: ["CSP-5"],
                note: `an entry that is not a valid origin is dropped, and this host then applies its setting for refused origins (${d.outcome === "rendered" ? "render the approved subset" : "fall back to text"}), the latitude of CSP-5 (checklist advice)`,
              },
      );
    } else if (v.row === "app-call" && d.appCall?.askedConsent) {
      notes.push({
        ruleIds: ["BRG-5"],
        note: "the consent gate is this host's policy (BRG-5, checklist advice: this host asks as its settings say); only the visibility gate is a spec MUST",
      });
    } else if (
      v.row === "permissions" &&
      (v.verdict === "fail" ||
        (d.permissions?.granted.length ?? 0) < (d.permissions?.requested.length ?? 0))
    ) {
      notes.push({
        ruleIds: ["PERM-3"],
        note: "rendering without a requested grant is this host's policy (PERM-3, checklist advice); the Apps spec is silent on it",
      });
    }
  }
  if (
    d.uiMetaSource === "listing" &&
    deciding.some((v) => v.row === "csp" || v.row === "permissions")
  )
    notes.push({
      ruleIds: ["RES-4"],
      note: "reading _meta.ui from the resources/list entry when the content item has none is the draft's and the SDK's behaviour (RES-4), not the 2026-01-26 spec's",
    });
  return notes;
}

/**
 * Every decision row with its verdict, rules and reason, each in a paragraph of its own (the page
 * renders paragraphs), then the outcome, and which of the host's stated choices the item turned on.
 */
export function rowsExplanation(
  decision: Decision,
  hostPolicy: HostPolicyNote[],
  listed: readonly ListedTool[] = [],
): string {
  return [
    ...(listed.length
      ? [
          "The agent's tool list, tool by tool:",
          ...listed.map(
            (t) =>
              `- **${t.name}** (${t.server === "main" ? "the view's server" : "a second server"}): ${t.listed ? "listed" : "left out"}${rulesOf(t)} — ${t.reason}`,
          ),
        ]
      : []),
    "The engine's decision rows for this scenario:",
    ...decision.rows.map(
      (r) =>
        `- **${r.row}**: ${refusalLabel(r)}${rulesOf(r)}${r.verdict === "skip" ? "" : ` — ${r.reason}`}`,
    ),
    `Outcome: **${decision.outcome}**.`,
    ...(hostPolicy.length
      ? [
          `**Host policy, not a spec MUST:** this item turned on this host's choices and readings: ${hostPolicy
            .map((h) => h.note)
            .join("; and ")}.`,
        ]
      : []),
  ].join("\n\n");
}
