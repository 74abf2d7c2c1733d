/**
 * The house drawn at folder level: which layer folder imports which, from dependency-cruiser's
 * JSON (`modules[].dependencies[].resolved`). Pure; scripts/deps-graph.ts runs the cruiser and
 * writes the drawing into ARCHITECTURE.md.
 */
export interface CruiseModule {
  source: string;
  dependencies: { resolved: string; coreModule?: boolean; couldNotResolve?: boolean }[];
}

/** The folder a file is drawn in: `lib/<folder>` (with `lib/host/view` apart), or its top folder. */
export function folderOf(file: string): string | undefined {
  if (file.startsWith("node_modules/") || !/\.(ts|tsx|mjs)$/.test(file)) return undefined;
  // Tests are left out of the drawing: an integration test may join two peers (see the config).
  if (/\.(test|spec)\.tsx?$/.test(file)) return undefined;
  const parts = file.split("/");
  if (parts[0] === "lib") {
    if (parts.length === 2) return "lib/*.ts";
    if (parts[1] === "host" && parts[2] === "view" && parts.length > 3) return "lib/host/view";
    return `lib/${parts[1]}`;
  }
  if (parts.length === 1) return parts[0];
  return parts[0];
}

/** Every edge between two folders, each once, sorted. */
export function folderGraph(modules: readonly CruiseModule[]): [string, string][] {
  const edges = new Set<string>();
  for (const m of modules) {
    const from = folderOf(m.source);
    if (!from) continue;
    for (const d of m.dependencies) {
      if (d.coreModule || d.couldNotResolve) continue;
      const to = folderOf(d.resolved);
      if (to && to !== from) edges.add(`${from}\u0000${to}`);
    }
  }
  return [...edges].sort().map((e) => e.split("\u0000") as [string, string]);
}

const nodeId = (folder: string) => folder.replace(/[^A-Za-z0-9]/g, "_");

/** The edges as a Mermaid flowchart, bottom layers at the bottom. */
export function mermaid(edges: readonly [string, string][]): string {
  const nodes = [...new Set(edges.flat())].sort();
  const lines = ["flowchart BT"];
  for (const n of nodes) lines.push(`  ${nodeId(n)}["${n}"]`);
  for (const [a, b] of edges) lines.push(`  ${nodeId(a)} --> ${nodeId(b)}`);
  return `${lines.join("\n")}\n`;
}
