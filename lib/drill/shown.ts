import type { HostBehaviours } from "../decide/host-profile";
import { clientEraOf, previewInputs } from "../simulator/preview";
import { clientCapabilitiesFor } from "../simulator/capabilities";
import type { Scenario } from "../simulator/scenario";
import type { AskedDirective, DrillKind } from "./answers";

// What the learner sees: the question, the declarations and listings a host would see as JSON,
// and the host's policy line, the same in every item.

/** One thing the learner is shown: a label and formatted JSON. */
export interface Shown {
  label: string;
  json: string;
}

/**
 * The host's policy, in the same words in every item. Each choice the spec leaves to a host, and
 * the order of a view's call's gates, is stated whether or not it decides this item: a note shown
 * only when the policy decided gave the key away (issue 36 measured 290 of 1,000 items).
 */
export const HOST_POLICY_LINE =
  "**This host:** with the extension not in force on a request, it uses the tool's text content and never reads the view (NEG-4, checklist advice); " +
  "it compares the content item's mimeType as an exact string (RES-2, checklist advice); " +
  "it takes `_meta.ui` from the content item, or else from the `resources/list` entry, as one whole object (RES-4, the Apps draft and the ext-apps SDK); " +
  "a declared csp entry outside its approved origins, or not an origin at all, makes it follow its setting below (CSP-5, checklist advice), and a csp that is not an object leaves the restrictive default (CSP-4); " +
  "it counts a permission only as a flag set to `{}`, a key other than PERM-1's four is a fault in the request, and a grant it withholds never stops the view (PERM-3, checklist advice); " +
  "a view's tools/call meets three gates, visibility, then unknown tool, then consent, and the first that refuses decides (BRG-5). " +
  "These are this host's readings and choices where the spec leaves one, not spec MUSTs.";

const json = (v: unknown) => JSON.stringify(v, null, 2);

/**
 * The declarations and listings a host would see for the scenario, as formatted JSON. With a host
 * profile's behaviours, the client speaks the profile's eras and the consent line is the profile's.
 */
export function shownFor(s: Scenario, b?: HostBehaviours): Shown[] {
  const inputs = previewInputs(s);
  const out: Shown[] = [];
  const caps = clientCapabilitiesFor(s);
  const era = clientEraOf(s, b?.eras);
  out.push({
    label:
      era === "dual"
        ? "Client (dual-era: tries 2026-07-28, falls back to initialize): its declared capabilities"
        : era === "legacy"
          ? "Client (legacy era only: initialize): its declared capabilities"
          : "Client (2026-07-28 only): capabilities in each request's _meta",
    json: json({ "io.modelcontextprotocol/clientCapabilities": caps }),
  });
  out.push({
    label:
      s.server.era === "legacy"
        ? "Server (legacy era only: answers initialize, not server/discover): its initialize result"
        : `Server (${s.server.era === "dual" ? "both eras" : "2026-07-28 only"}): server/discover result`,
    json: json({
      ...(s.server.era === "legacy" ? { protocolVersion: "2025-11-25" } : {}),
      capabilities: { tools: {}, resources: {}, ...(inputs.serverCapabilities as object) },
    }),
  });
  const toolEntry = (
    name: string,
    description: string,
    ui: Record<string, unknown> | undefined,
  ) => ({
    name,
    description,
    inputSchema: { type: "object" },
    ...(ui && Object.keys(ui).length ? { _meta: { ui } } : {}),
  });
  const tools = [
    toolEntry(s.uiTool.name, s.uiTool.description, {
      resourceUri: s.uiTool.resourceUri,
      ...(s.uiTool.visibility ? { visibility: s.uiTool.visibility } : {}),
    }),
    ...s.otherTools
      .filter((t) => t.server === "main")
      .map((t) =>
        toolEntry(t.name, t.description, t.visibility ? { visibility: t.visibility } : undefined),
      ),
  ];
  out.push({ label: "tools/list (the view's server)", json: json({ tools }) });
  const second = s.otherTools.filter((t) => t.server === "second");
  if (second.length) {
    out.push({
      label: "tools/list (a second connected server)",
      json: json({
        tools: second.map((t) =>
          toolEntry(t.name, t.description, t.visibility ? { visibility: t.visibility } : undefined),
        ),
      }),
    });
  }
  const read = inputs.read;
  const listing = read?.ok ? read.listingMeta : undefined;
  const content = read?.ok ? read.contentMeta : undefined;
  out.push({
    // Labelled in every item, so that it marks the draft/SDK reading without flagging the items
    // where it decides.
    label:
      "resources/list entry the server registers (its _meta.ui counts only when the content item has none: RES-4, the Apps draft and the ext-apps SDK)",
    json: json({
      resources: [
        {
          uri: s.resource.uri,
          mimeType: s.resource.mimeType,
          ...(listing ? { _meta: listing } : {}),
        },
      ],
    }),
  });
  if (s.resource.uri === s.uiTool.resourceUri) {
    out.push({
      label: `resources/read ${s.resource.uri}: the content item`,
      json: json({
        contents: [
          {
            uri: s.resource.uri,
            mimeType: s.resource.mimeType,
            ...(s.resource.encoding === "blob"
              ? { blob: "PCFkb2N0eXBlIGh0bWw+…" }
              : { text: "<!doctype html>…" }),
            ...(content ? { _meta: content } : {}),
          },
        ],
      }),
    });
  }
  out.push({
    label: "This host's settings",
    json: json({
      approvedOrigins: s.host.approvedOrigins,
      originsOutsidePolicy:
        s.host.outOfPolicy === "text" ? "fall back to text" : "render the approved subset",
      grantablePermissions: s.host.grantablePermissions,
      ...(s.action.kind === "view-calls-tool" ? { consentForViewCalls: consentWords(s, b) } : {}),
    }),
  });
  if (s.action.kind === "view-calls-tool") {
    out.push({
      label: "The view's request, once it is up",
      json: json({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: s.action.tool, arguments: {} },
      }),
    });
  }
  return out;
}

/** The host's consent for a view's call, as the settings exhibit shows it. */
function consentWords(s: Scenario, b?: HostBehaviours): string {
  if (b?.consent === "none")
    return "no consent step: every call that clears visibility goes through";
  // A profile that always asks has its scenario set to "ask" first (lib/drill/host.ts).
  return s.consent === "ask"
    ? `asks the user, who answers "${s.consentAnswer ?? "deny"}"`
    : s.consent;
}

/** The question an item asks, by its kind. */
export function askFor(kind: DrillKind, s: Scenario, directive?: AskedDirective): string {
  const calls = `The agent calls \`${s.uiTool.name}\`.`;
  switch (kind) {
    case "outcome":
      return `${calls} What does the host do with it?`;
    case "app-call":
      return `The agent calls \`${s.uiTool.name}\`; if its view comes up, the view asks the host to call \`${s.action.kind === "view-calls-tool" ? s.action.tool : ""}\`. What happens to that call?`;
    case "deciding-row":
      return `${calls} Which row of the host's decision table fails or refuses? Exactly one does; a row after one that stops the host is skipped, which is neither.`;
    case "csp-header":
      return `${calls} Which \`${directive}\` directive does the view's Content-Security-Policy carry?`;
    case "allow":
      return `${calls} Which \`allow\` attribute do this host's grants give the view's iframe?`;
    case "agent-list":
      return "The host lists the tools of every connected server. Which of them does it put in the agent's tool list?";
  }
}

/**
 * The item's stem: the question, the JSON shown, and the host's policy line; on a real host, the
 * host named in the question and in the line.
 */
export function stemFor(ask: string, shown: Shown[], host?: { name: string }): string {
  return [
    `**Predict ${host ? host.name : "the host"}.** ${ask}`,
    ...shown.map((s) => `${s.label}:\n\n\`\`\`json\n${s.json}\n\`\`\``),
    host ? hostPolicyLine(host) : HOST_POLICY_LINE,
  ].join("\n\n");
}

/** The drills' fixed policy line, with the host named in it: it applies where the profile is silent. */
function hostPolicyLine(host: { name: string }): string {
  return HOST_POLICY_LINE.replace(
    "**This host:**",
    `**This host (${host.name}), where its profile says nothing:**`,
  );
}
