/**
 * The steps of a review, in order, with the words a page shows while each runs. Kept apart from
 * `collect.ts` so a page can name them without loading the MCP SDK.
 */
export type CollectStep = "connect" | "inspect" | "call" | "other-era" | "probes" | "undeclared";

/** The steps every review runs ("call" only with the CLI's opt-in --call, so no page lists it). */
export const COLLECT_STEPS: readonly CollectStep[] = [
  "connect",
  "inspect",
  "other-era",
  "probes",
  "undeclared",
];

export const COLLECT_STEP_LABELS: Record<CollectStep, string> = {
  connect: "Connecting as a dual-era host (detecting the protocol era)",
  inspect: "Listing every tool and resource, reading each view",
  call: "Calling the tool named by --call, as asked",
  "other-era": "Trying the legacy era on a second connection (modern servers only)",
  probes:
    "Sending a request for an unsupported version and one without clientCapabilities (modern servers only)",
  undeclared: "Listing the tools again without declaring Apps support",
};
