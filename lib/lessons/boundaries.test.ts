import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Lesson pages must stay light: they may use the simulator's pure rule functions, never its
 * server, host, transports or the MCP SDK packages, which would pull the whole protocol stack
 * into every lesson's JavaScript. Type-only imports are erased and allowed.
 */
const ROOTS = ["app/lessons", "app/reference", "app/_components/widgets", "lib/lessons"];
const ALLOWED_SIMULATOR =
  /^@\/lib\/simulator\/(rules(\/[a-z-]+)?|constants)$|^\.\.\/simulator\/(rules(\/[a-z-]+)?|constants)$/;

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".test.ts")) yield full;
  }
}

describe("lesson code boundaries", () => {
  it("imports only the simulator's pure rules and no MCP SDK at run time", () => {
    const bad: string[] = [];
    for (const root of ROOTS) {
      for (const file of sources(path.join(process.cwd(), root))) {
        const text = readFileSync(file, "utf8");
        for (const m of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+"([^"]+)";/gms)) {
          const [, typeOnly, spec] = m as unknown as [string, string | undefined, string];
          if (typeOnly) continue;
          const sdk = spec.startsWith("@modelcontextprotocol/");
          const simulator = /lib\/simulator|\.\.\/simulator/.test(spec);
          if (sdk || (simulator && !ALLOWED_SIMULATOR.test(spec))) {
            bad.push(`${path.relative(process.cwd(), file)}: ${spec}`);
          }
        }
      }
    }
    expect(bad).toEqual([]);
  });
});
