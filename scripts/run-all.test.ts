import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, "run-all.mjs");

function project(scripts: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "run-all-"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "p", scripts }));
  return dir;
}

describe("scripts/run-all.mjs", () => {
  it("runs every script, prints each output whole, and fails when one fails, naming it", async () => {
    const cwd = project({ ok: "echo fine-output", bad: "echo broken-output; exit 3" });
    const result = await run("node", [SCRIPT, "ok", "bad"], { cwd }).then(
      () => ({ code: 0, stdout: "" }),
      (e: { code: number; stdout: string }) => e,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("fine-output");
    expect(result.stdout).toContain("broken-output");
    expect(result.stdout).toMatch(/bad: FAILED \(exit 3\)/);
    expect(result.stdout).toContain("failed: bad");
  });

  it("exits 0 when all pass", async () => {
    const cwd = project({ a: "echo a", b: "echo b" });
    const { stdout } = await run("node", [SCRIPT, "a", "b"], { cwd });
    expect(stdout).toContain("all passed");
  });
});
