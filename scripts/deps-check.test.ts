import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

// The layer check must be able to fail: plant a loop and an import up a layer in temporary files
// inside the tree the check reads, and expect dependency-cruiser to name both.
const run = promisify(execFile);
const dir = path.join("lib", "host", `__planted-${process.pid}`);
const inOracle = path.join("lib", "drill", "oracle", `__planted-${process.pid}`);
const inDrill = path.join("lib", "drill", `__planted-${process.pid}`);
const inReview = path.join("lib", "review", `__planted-${process.pid}`);
afterAll(() => {
  for (const d of [dir, inOracle, inDrill, inReview]) rmSync(d, { recursive: true, force: true });
});

async function cruise(...targets: string[]) {
  try {
    const { stdout } = await run(
      "npx",
      ["depcruise", ...targets, "-c", ".dependency-cruiser.cjs", "-T", "err"],
      { encoding: "utf8" },
    );
    return { code: 0, out: stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string };
    return { code: err.code, out: err.stdout };
  }
}

describe("the layer check (dependency-cruiser)", () => {
  it("fails on a planted loop and on a host file importing the review", async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "a.ts"), 'import { b } from "./b";\nexport const a = () => b;\n');
    writeFileSync(path.join(dir, "b.ts"), 'import { a } from "./a";\nexport const b = () => a;\n');
    writeFileSync(
      path.join(dir, "up.ts"),
      'import type { Report } from "../../review/items";\nimport { a } from "./a";\nexport const up = (r: Report) => [r, a];\n',
    );
    const { code, out } = await cruise(dir);
    expect(code).not.toBe(0);
    expect(out).toMatch(/no-circular/);
    expect(out).toMatch(/host-on-base: .*up\.ts → lib\/review\/items\.ts/);
  }, 60_000);

  it("fails on the drills' oracle importing the engine, and on a module (not a test) importing the oracle", async () => {
    mkdirSync(inOracle, { recursive: true });
    mkdirSync(inDrill, { recursive: true });
    writeFileSync(
      path.join(inOracle, "peek.ts"),
      'import { decide } from "../../../decide";\nexport const peek = decide;\n',
    );
    writeFileSync(
      path.join(inDrill, "use.ts"),
      'import { oracle } from "../oracle/spec-oracle";\nexport const use = oracle;\n',
    );
    const { code, out } = await cruise(inOracle, inDrill);
    expect(code).not.toBe(0);
    expect(out).toMatch(/oracle-stands-apart: .*peek\.ts → lib\/decide\/index\.ts/);
    expect(out).toMatch(/oracle-for-tests-only: .*use\.ts → lib\/drill\/oracle\/spec-oracle\.ts/);
  }, 60_000);

  it("fails on React imported under lib/", async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, "r.ts"),
      'import { useState } from "react";\nexport const r = useState;\n',
    );
    const { code, out } = await cruise(path.join(dir, "r.ts"));
    expect(code).not.toBe(0);
    expect(out).toMatch(/lib-has-no-react: .*r\.ts → node_modules\/react\//);
  }, 60_000);

  it("fails on a test that crosses its layer where the config names no reason, and passes one it names", async () => {
    mkdirSync(inReview, { recursive: true });
    // A review test reviewing a simulated server is named (lib/simulator/run); the store is not.
    writeFileSync(
      path.join(inReview, "cross.test.ts"),
      'import { STORAGE_NAME } from "../../store/basics";\nimport { runHeadless } from "../../simulator/run";\nexport const x = [STORAGE_NAME, runHeadless];\n',
    );
    const { code, out } = await cruise(inReview);
    expect(code).not.toBe(0);
    expect(out).toMatch(/tests-cross-only-where-named: .*cross\.test\.ts → lib\/store\/basics\.ts/);
    expect(out).not.toMatch(/cross\.test\.ts → lib\/simulator\/run\.ts/);
  }, 60_000);
});
