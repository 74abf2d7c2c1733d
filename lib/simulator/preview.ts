import { EXTENSION_ID } from "./constants";
import { clientCapabilitiesFor } from "./capabilities";
import { decide, type Decision, type DecisionInputs } from "./rules";
import type { Scenario } from "./scenario";

/**
 * What the host will observe for this scenario, derived from the scenario alone. The decision
 * table can then be shown within a frame of a change, before the real run (which talks to the
 * real server) confirms it; a unit test keeps the two in agreement for every preset.
 * Consent on "ask" is taken from `consentAnswer` (the learner's answer in a real run).
 */
export function previewInputs(s: Scenario): DecisionInputs {
  const r = s.resource;
  const declared: Record<string, unknown> = {};
  if (r.csp !== undefined) declared.csp = r.csp;
  if (r.permissions !== undefined) declared.permissions = r.permissions;
  const listing =
    r.metaLocation === "content" || !Object.keys(declared).length ? undefined : { ui: declared };
  const content =
    r.metaLocation === "content"
      ? Object.keys(declared).length
        ? { ui: declared }
        : undefined
      : r.metaLocation === "split"
        ? { ui: { prefersBorder: true } }
        : undefined;
  const exists = r.uri === s.uiTool.resourceUri;
  const inputs: DecisionInputs = {
    uiToolVisibility: s.uiTool.visibility,
    clientCapabilities: clientCapabilitiesFor(s),
    serverCapabilities: s.server.extension ? { extensions: { [EXTENSION_ID]: {} } } : {},
    read: exists
      ? {
          ok: true,
          mimeType: r.mimeType,
          hasBody: true,
          contentMeta: content,
          listingMeta: listing,
        }
      : { ok: false, error: `no resource at ${s.uiTool.resourceUri}` },
    policy: s.host,
  };
  if (s.action.kind === "view-calls-tool") {
    const name = s.action.tool;
    const other = s.otherTools.find((t) => t.name === name);
    const target = other
      ? { name, server: other.server, visibility: other.visibility }
      : name === s.uiTool.name
        ? { name, server: "main", visibility: s.uiTool.visibility }
        : undefined;
    const consent = s.consent === "ask" ? (s.consentAnswer ?? "deny") : s.consent;
    inputs.appCall = { target, requestedName: name, viewServer: "main", consent: () => consent };
  }
  return inputs;
}

/** The decision table for a scenario, computed without running anything. */
export function previewDecision(s: Scenario): Decision {
  return decide(previewInputs(s));
}
