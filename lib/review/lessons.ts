/** The lesson section behind each review item: `/lessons/<slug>#<section>`. */
const lesson = (slug: string, section: string) => `/lessons/${slug}#${section}`;

export const LESSONS = {
  compatibility: lesson("two-protocol-eras", "compatibility"),
  appsNegotiation: lesson("two-protocol-eras", "apps-negotiation"),
  inTheWild: lesson("two-protocol-eras", "in-the-wild"),
  serverDiscover: lesson("what-changed-in-2026-07-28", "server-discover"),
  perRequest: lesson("what-changed-in-2026-07-28", "per-request"),
  versionMismatch: lesson("what-changed-in-2026-07-28", "version-mismatch"),
  extensionIds: lesson("what-changed-in-2026-07-28", "extension-identifiers"),
  caching: lesson("resource-metadata-and-caching", "caching"),
  twoPlaces: lesson("resource-metadata-and-caching", "two-places"),
  border: lesson("resource-metadata-and-caching", "border-and-domain"),
  resourceUri: lesson("linking-a-tool-to-its-view", "resource-uri"),
  toolName: lesson("linking-a-tool-to-its-view", "tool-name"),
  fetching: lesson("linking-a-tool-to-its-view", "fetching"),
  unlisted: lesson("linking-a-tool-to-its-view", "unlisted"),
  flatKey: lesson("server-side-authorization", "edge-cases"),
  visibility: lesson("who-may-call-a-tool", "two-names"),
  decisionTable: lesson("the-decision-table", "six-decisions"),
  csp: lesson("content-security-policy", "four-lists"),
  permissions: lesson("permissions", "asking-with-flags"),
  annotations: lesson("result-channels-and-annotations", "annotations"),
  channels: lesson("result-channels-and-annotations", "three-channels"),
  render: lesson("testing-before-shipping", "rendering-checks"),
  builtPolicy: lesson("content-security-policy", "built-policy"),
  displayModes: lesson("the-app-host-bridge", "display-modes"),
} as const;
