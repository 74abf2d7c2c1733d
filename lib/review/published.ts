/**
 * The published MCP App servers the review is tried on (issue #21: none of them pinned by the
 * repository's tests, all reviewed over stdio), with the counts their reports are expected to
 * give. `npm run review:published` installs them at these versions and compares. Each count of
 * passes includes the stdio item stdout-json-only (#37), which each of them passes.
 */
export interface PublishedServer {
  pkg: string;
  version: string;
  /** Its bin, as npm links it. */
  bin: string;
  /** The argument that selects stdio. */
  stdioArg: string;
  /** Expected pass / fail / warning / not-checkable, without --render and with it. */
  expected: { static: Counts; rendered?: Counts };
}

export type Counts = [pass: number, fail: number, warning: number, notCheckable: number];

const example = (name: string, bin: string, expected: PublishedServer["expected"]) => ({
  pkg: `@modelcontextprotocol/server-${name}`,
  version: name === "pdf" ? "2.0.4" : "2.0.3",
  bin,
  stdioArg: "--stdio",
  expected,
});

export const PUBLISHED_SERVERS: PublishedServer[] = [
  example("threejs", "mcp-threejs-server", { static: [21, 0, 6, 3] }),
  example("budget-allocator", "mcp-budget-allocator-server", { static: [21, 0, 4, 3] }),
  example("sheet-music", "mcp-sheet-music-server", { static: [22, 0, 4, 3] }),
  example("wiki-explorer", "mcp-wiki-explorer-server", { static: [21, 0, 4, 3] }),
  example("pdf", "mcp-pdf-server", { static: [42, 0, 19, 3] }),
  example("cohort-heatmap", "mcp-cohort-heatmap-server", { static: [21, 0, 4, 3] }),
  example("customer-segmentation", "mcp-customer-segmentation-server", { static: [21, 0, 4, 3] }),
  example("scenario-modeler", "mcp-scenario-modeler-server", { static: [21, 0, 4, 3] }),
  example("shadertoy", "mcp-shadertoy-server", { static: [21, 0, 4, 3] }),
  example("transcript", "mcp-transcript-server", { static: [21, 0, 4, 3] }),
  example("basic-react", "mcp-server-basic-react", { static: [21, 0, 4, 3] }),
  {
    pkg: "@modelcontextprotocol/server-everything",
    version: "2026.8.31",
    bin: "mcp-server-everything",
    stdioArg: "stdio",
    expected: { static: [30, 0, 2, 1] },
  },
];
