// npm run check:first-load (run after every build, as `postbuild`): the first-load JS of each
// budgeted route, gzipped, against scripts/first-load-budgets.ts. Exit 1 when a route is over
// its budget or missing, or when a browser chunk carries zod's foreign locales; the printout names
// the route (or chunk) and its figures.
// First: with --help it prints the usage and exits before anything else loads.
import "./usage";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { checkBudgets } from "./first-load-budgets";
import { chunksWithLocales } from "./zod-locale-guard";

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
// zod's foreign locales stay out of every browser chunk (next.config.ts, zod-locale-guard.ts).
const locales = chunksWithLocales(
  path.join(DIST, "static", "chunks"),
  path.join("node_modules", "zod", "v4", "locales", "de.js"),
);
if (locales.error) failures.push(locales.error);
for (const c of locales.chunks)
  failures.push(
    `${c}: carries zod's foreign locales (is the alias in next.config.ts still applied?)`,
  );
if (failures.length) {
  console.error(`\nFirst-load budget exceeded:\n${failures.map((f) => `  ${f}`).join("\n")}`);
  process.exit(1);
}
