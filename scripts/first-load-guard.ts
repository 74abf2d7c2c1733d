/**
 * The first-load guard shared by page tests: which heavy packages (the MCP SDK, zod) a module
 * reaches through static value imports. A bundler follows static value imports, so this walks
 * them, skipping `import type`, type-only specifiers and dynamic `import()`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");
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

/**
 * Every heavy package reachable from `entry`, with the chain of files that reaches it. `local`
 * adds files of this project (paths from the root, such as "lib/rules/data.ts") that count as
 * heavy too.
 */
export function heavyReach(entry: string, local: readonly string[] = []): string[] {
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
      if (next && local.includes(path.relative(ROOT, next))) {
        found.push([...chain, path.relative(ROOT, file), path.relative(ROOT, next)].join(" → "));
        continue;
      }
      if (next) walk(next, [...chain, path.relative(ROOT, file)]);
    }
  };
  walk(entry, []);
  return found;
}

/** The "use client" modules of one app directory (tests excluded). */
export function clientModulesOf(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  return readdirSync(abs)
    .filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes(".test."))
    .map((f) => path.join(abs, f))
    .filter((f) => /^["']use client["']/.test(readFileSync(f, "utf8").trimStart()));
}
