import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const run = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/simulate.ts", ...args], {
    encoding: "utf8",
  });

describe("npm run simulate", () => {
  it("prints rows, outcome and trace as JSON for a preset", () => {
    const r = run("content/scenarios/happy-path.json");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.outcome).toBe("rendered");
    expect(out.rows).toHaveLength(6);
    expect(out.trace.length).toBeGreaterThan(10);
  });

  it("exits 2 naming the file and field of a malformed scenario", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sim-"));
    const file = path.join(dir, "bad.json");
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        id: "bad",
        title: "Bad one",
        description: "missing most fields",
      }),
    );
    const r = run(file);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${file}: row: `);
  });
});
