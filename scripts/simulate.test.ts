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

  it("prints the rows in the host's evaluation order, visibility first, each with its number", () => {
    const out = JSON.parse(run("content/scenarios/happy-path.json").stdout);
    expect(out.rows.map((x: { order: number; row: string }) => [x.order, x.row])).toEqual([
      [1, "visibility"],
      [2, "negotiation"],
      [3, "mime"],
      [4, "csp"],
      [5, "permissions"],
      [6, "app-call"],
    ]);
  });

  it("puts the tool result the agent got at the top level, text content included", () => {
    const out = JSON.parse(run("content/scenarios/mime-plain-text-html.json").stdout);
    expect(out.outcome).toBe("text");
    expect(out.toolResult.content[0]).toMatchObject({ type: "text" });
    expect(out.toolResult.content[0].text).toMatch(/\S/);
  });

  // Four runs of the script in one test: each starts tsx afresh (about 2 s alone, over 8 s on a
  // loaded 2-core machine, where 30 s was once not enough).
  it(
    "says null for no CSP header, whichever way the view was not served",
    { timeout: 90_000 },
    () => {
      for (const file of [
        "content/scenarios/mime-plain-text-html.json",
        "content/scenarios/csp-out-of-policy-text.json",
        "content/scenarios/client-without-extension.json",
      ]) {
        const out = JSON.parse(run(file).stdout);
        expect(out.outcome, file).not.toBe("rendered");
        expect(out.cspHeader, file).toBeNull();
      }
      const rendered = JSON.parse(run("content/scenarios/happy-path.json").stdout);
      expect(rendered.cspHeader).toMatch(/^default-src 'none'/);
    },
  );

  it("--quiet prints only the numbered rows and the outcome", () => {
    const r = run("content/scenarios/happy-path.json", "--quiet");
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^1 visibility\s+pass\b/);
    expect(lines[6]).toBe("outcome: rendered");
  });

  it("exits 2 naming the file and every bad field of a malformed scenario", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sim-"));
    const file = path.join(dir, "bad.json");
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        id: "bad",
        title: "Bad one",
        description: "missing most fields",
        consnet: "ask",
      }),
    );
    const r = run(file);
    expect(r.status).toBe(2);
    for (const field of ["row", "client", "server", "uiTool", "resource", "host", "consent"])
      expect(r.stderr).toContain(`${file}: ${field}: `);
    expect(r.stderr).toContain(`${file}: consnet: unknown key "consnet"`);
  });
});
