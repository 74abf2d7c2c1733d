import { EXTENSION_ID } from "./constants";
import { clientCapabilitiesFor } from "./capabilities";
import { decideEraNegotiation } from "./era";
import { decide, decideNotConnected, type Decision, type DecisionInputs } from "../decide";
import { REFERENCE_BEHAVIOURS, type Eras, type HostBehaviours } from "../decide/host-profile";
import type { Scenario } from "./scenario";

/**
 * What the host will observe for this scenario, derived from the scenario alone. The decision
 * table can then be shown within a frame of a change, before the real run (which talks to the
 * real server) confirms it; a unit test keeps the two in agreement for every preset.
 * Consent on "ask" is taken from `consentAnswer` (the learner's answer in a real run).
 * `behaviours` is a host profile's (issue 33); the reference's by default, which is today's table.
 */
export function previewInputs(
  s: Scenario,
  behaviours: HostBehaviours = REFERENCE_BEHAVIOURS,
): DecisionInputs {
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
    ...(behaviours === REFERENCE_BEHAVIOURS ? {} : { behaviours }),
  };
  // NEG-6: a dual-era client reaches a legacy-only server over `initialize`; every other pair
  // that connects runs the modern era (a modern or dual server prefers 2026-07-28).
  inputs.negotiation = decideEraNegotiation({
    era: previewEra(s, behaviours.eras) ?? "modern",
    clientCapabilities: inputs.clientCapabilities,
    serverCapabilities: inputs.serverCapabilities,
    resourceUri: s.uiTool.resourceUri,
  });
  if (s.action.kind === "view-calls-tool") {
    const name = s.action.tool;
    const other = s.otherTools.find((t) => t.name === name);
    const target = other
      ? { name, server: other.server, visibility: other.visibility }
      : name === s.uiTool.name
        ? { name, server: "main", visibility: s.uiTool.visibility }
        : undefined;
    const consent = previewConsent(s, behaviours);
    inputs.appCall = {
      target,
      requestedName: name,
      viewServer: "main",
      consent: () => consent,
      era: previewEra(s, behaviours.eras),
    };
  }
  return inputs;
}

/**
 * BRG-5's second gate as the host gives it: the scenario's setting (on "ask", the learner's
 * `consentAnswer`), unless the host profile has no consent step or always asks.
 */
function previewConsent(s: Scenario, behaviours: HostBehaviours): "allow" | "deny" {
  if (behaviours.consent === "none") return "allow";
  const asks = behaviours.consent === "ask" || s.consent === "ask";
  return asks ? (s.consentAnswer ?? "deny") : (s.consent as "allow" | "deny");
}

/** NEG-6: the eras the host's client speaks: the scenario's, unless a host profile says. */
export function clientEraOf(s: Scenario, eras: Eras = "scenario"): "modern" | "legacy" | "dual" {
  return eras === "scenario" ? s.client.era : eras;
}

/**
 * NEG-6's matrix: the era the session will run in, or undefined when the two share none (a
 * modern-only client and a legacy-only server, or a legacy-only client and a modern-only one).
 */
export function previewEra(s: Scenario, eras: Eras = "scenario"): "modern" | "legacy" | undefined {
  const client = clientEraOf(s, eras);
  if (client === "legacy") return s.server.era === "modern" ? undefined : "legacy";
  if (s.server.era !== "legacy") return "modern";
  return client === "dual" ? "legacy" : undefined;
}

/** The decision table for a scenario, computed without running anything. */
export function previewDecision(
  s: Scenario,
  behaviours: HostBehaviours = REFERENCE_BEHAVIOURS,
): Decision {
  if (!previewEra(s, behaviours.eras)) {
    return clientEraOf(s, behaviours.eras) === "legacy"
      ? decideNotConnected(
          "a legacy-only client (initialize) and a modern-only server (2026-07-28) share no era: let the server serve legacy clients too, or connect with a dual-era client",
          ["NEG-6"],
        )
      : decideNotConnected(
          "a modern-only client (2026-07-28) and a legacy-only server (initialize) share no era: serve both eras from the server, or connect with a dual-era client",
          ["NEG-6"],
        );
  }
  return decide(previewInputs(s, behaviours));
}
