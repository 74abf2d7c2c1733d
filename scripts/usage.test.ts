import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** Every npm script that runs one of our scripts/*.ts files, by its package.json command. */
const SCRIPTS = Object.entries(
  (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts,
)
  .map(([name, command]) => ({ name, file: /^tsx (scripts\/[\w-]+\.ts)$/.exec(command)?.[1] }))
  .filter((s): s is { name: string; file: string } => Boolean(s.file))
  // check:chromium takes no arguments; prebuild is build:views run by npm before a build, and
  // postbuild is check:first-load run by npm after it (their usage names the script's own name).
  .filter((s) => !["check:chromium", "prebuild", "postbuild"].includes(s.name));

function run(file: string, args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", file, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("--help for every npm script", () => {
  it(
    "prints its usage, naming the npm command, exits 0 and does nothing else",
    { timeout: 90_000 },
    async () => {
      expect(SCRIPTS.map((s) => s.name)).toEqual(
        expect.arrayContaining(["simulate", "review", "spec:gaps", "bench:simulator"]),
      );
      const gapsBefore = readFileSync("content/spec/gaps.json", "utf8");
      const results = await Promise.all(SCRIPTS.map((s) => run(s.file, ["--help"])));
      const wrong = SCRIPTS.flatMap((s, i) => {
        const r = results[i]!;
        const ok = r.code === 0 && r.stdout.startsWith(`usage: npm run ${s.name}`);
        return ok
          ? []
          : [`${s.name}: exit ${r.code}, stdout ${JSON.stringify(r.stdout.slice(0, 80))}`];
      });
      expect(wrong).toEqual([]);
      expect(readFileSync("content/spec/gaps.json", "utf8")).toBe(gapsBefore);
    },
  );
});
