// npm run check:first-load (run after every build, as `postbuild`): the first-load JS of each
// budgeted route, gzipped, against scripts/first-load-budgets.ts. Exit 1 when a route is over
// its budget or missing; the printout names the route and its figures.
// First: with --help it prints the usage and exits before anything else loads.
import "./usage";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { checkBudgets } from "./first-load-budgets";

const DIST = process.env.NEXT_DIST_DIR ?? ".next";
const file = path.join(DIST, "diagnostics", "route-bundle-stats.json");
if (!existsSync(file)) {
  console.error(
    `${file} is missing: build first (npm run build), or this Next.js writes no route stats.`,
  );
  process.exit(1);
}
const routes = JSON.parse(readFileSync(file, "utf8")) as {
  route: string;
  firstLoadChunkPaths: string[];
}[];
const sizes = Object.fromEntries(
  routes.map((r) => [
    r.route,
    r.firstLoadChunkPaths.reduce((n, c) => n + gzipSync(readFileSync(c)).length, 0) / 1024,
  ]),
);
const { lines, failures } = checkBudgets(sizes);
console.log("First-load JS per route, gzipped (chunks loaded before hydration):");
for (const l of lines) console.log(`  ${l}`);
if (failures.length) {
  console.error(`\nFirst-load budget exceeded:\n${failures.map((f) => `  ${f}`).join("\n")}`);
  process.exit(1);
}
