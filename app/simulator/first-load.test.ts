import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The simulator page's first load must not carry the MCP SDK or zod: they load when the learner
 * first runs something (issue 16, item 6; `npm run bench:lessons -- --only=/simulator` gives the
 * figure). A bundler follows static value imports, so this walks them from every client module of
 * the page, skipping `import type`, type-only specifiers and dynamic `import()`.
 */
const ROOT = path.resolve(__dirname, "../..");
const HEAVY = [/^@modelcontextprotocol\/(client|server|core)(\/|$)/, /^zod(\/|$)/];

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? path.join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base || /\.(css|json|svg|png)$/.test(spec)) return null;
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const file = base + ext;
    if (existsSync(file) && !file.endsWith("/") && /\.(ts|tsx)$/.test(file)) return file;
  }
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${spec}`);
}

/** The modules a file imports for their values (not only for types), statically. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  const re = /^(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gms;
  for (const m of text.matchAll(re)) {
    if (m[2]) continue; // import type … / export type …
    const clause = m[3]!;
    const braces = clause.match(/\{([^}]*)\}/);
    const onlyTypes =
      braces &&
      !clause.replace(braces[0], "").replace(/,/g, "").trim() &&
      braces[1]!
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith("type "));
    if (!onlyTypes) out.push(m[4]!);
  }
  for (const m of text.matchAll(/^import\s+["']([^"']+)["'];?$/gm)) out.push(m[1]!);
  return out;
}

/** Every heavy package reachable from `entry`, with the chain of files that reaches it. */
function heavyReach(entry: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of valueImports(file)) {
      if (HEAVY.some((h) => h.test(spec))) {
        found.push([...chain, path.relative(ROOT, file), spec].join(" → "));
        continue;
      }
      const next = resolveLocal(file, spec);
      if (next) walk(next, [...chain, path.relative(ROOT, file)]);
    }
  };
  walk(entry, []);
  return found;
}

const dir = path.join(ROOT, "app/simulator");
const clientModules = readdirSync(dir)
  .filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes(".test."))
  .map((f) => path.join(dir, f))
  .filter((f) => /^["']use client["']/.test(readFileSync(f, "utf8").trimStart()));

describe("the simulator page's first load", () => {
  it("has client modules to check", () => {
    expect(clientModules.length).toBeGreaterThan(3);
  });
  it.each(clientModules.map((f) => [path.relative(ROOT, f), f]))(
    "%s reaches neither the MCP SDK nor zod through static imports",
    (_name, file) => {
      expect(heavyReach(file)).toEqual([]);
    },
  );
});

describe("the review page's tool runner", () => {
  // The runner renders with the review's result; the SDK, the bridge and zod load on its Run.
  const runner = path.join(ROOT, "app/review/tool-runner.tsx");
  const bridge = /^@modelcontextprotocol\/ext-apps(\/|$)/;
  it("reaches neither the MCP SDK, the ext-apps bridge nor zod through static imports", () => {
    const found: string[] = heavyReach(runner);
    const walk = (file: string, seen = new Set<string>()): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of valueImports(file)) {
        if (bridge.test(spec)) found.push(`${path.relative(ROOT, file)} → ${spec}`);
        const next = resolveLocal(file, spec);
        if (next) walk(next, seen);
      }
    };
    walk(runner);
    expect(found).toEqual([]);
  });
});
