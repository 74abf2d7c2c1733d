// npm run deps:graph [-- --check]
// Draws the house's folder-level import graph as Mermaid from dependency-cruiser's own reading of
// the imports (the same one `npm run deps:check` judges), and writes it between the markers in
// ARCHITECTURE.md. With --check it only compares, and exits 1 when the drawing is out of date.
import "./usage";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { folderGraph, mermaid, type CruiseModule } from "../lib/deps-graph";

const check = process.argv.includes("--check");
const out = execFileSync(
  "npx",
  ["depcruise", "lib", "app", "scripts", "proxy.ts", "-c", ".dependency-cruiser.cjs", "-T", "json"],
  { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
);
const { modules } = JSON.parse(out) as { modules: CruiseModule[] };
const drawing = mermaid(folderGraph(modules));
const file = "ARCHITECTURE.md";
const text = readFileSync(file, "utf8");
const start = "<!-- deps:graph start -->";
const end = "<!-- deps:graph end -->";
const a = text.indexOf(start);
const b = text.indexOf(end);
if (a < 0 || b < a) {
  console.error(`${file}: the markers ${start} and ${end} are missing`);
  process.exit(1);
}
const next = `${text.slice(0, a + start.length)}\n\n\`\`\`mermaid\n${drawing}\`\`\`\n\n${text.slice(b)}`;
if (next === text) console.log(`${file}: the graph is up to date`);
else if (check) {
  console.error(`${file}: the graph is out of date; run npm run deps:graph`);
  process.exit(1);
} else {
  writeFileSync(file, next);
  console.log(`${file}: graph written`);
}
