import { describe, expect, it } from "vitest";
import { judgeProbes, type ProbeResult } from "./probes";
import { statusLine, strengthOf, summarise } from "./summary";

const row = (id: string, verdict: ProbeResult["verdict"]) => {
  const made = judgeProbes({ inbound: [] }).find((p) => p.id === id);
  if (!made) throw new Error(`no row ${id}`);
  return { ...made, verdict };
};

describe("the conformance summary", () => {
  it("treats MUST NOT and REQUIRED as MUST and SHOULD NOT as SHOULD", () => {
    expect(["MUST", "MUST NOT", "REQUIRED", "SHOULD", "SHOULD NOT", "MAY"].map(strengthOf)).toEqual(
      ["MUST", "MUST", "MUST", "SHOULD", "SHOULD", "MAY"],
    );
  });

  it("counts MUST failures apart from SHOULD and MAY ones and never counts a NOT OBSERVABLE row as failed", () => {
    const rows = [
      row("visibility/app-tool-call-guard", "FAIL"), // MUST
      row("sandbox/no-messages-before-initialized", "NOT OBSERVABLE"), // MUST NOT
      row("host-context/initialize-hostcontext", "FAIL"), // SHOULD
      row("host-context/context-changed", "NOT OBSERVABLE"), // MAY
      row("lifecycle/tool-input", "PASS"), // MUST
    ];
    const s = summarise(rows);
    expect(s.MUST).toMatchObject({ pass: 1, fail: 1, notObservable: 1 });
    expect(s.MUST.failed.map((p) => p.id)).toEqual(["visibility/app-tool-call-guard"]);
    expect(s.MUST.unobserved.map((p) => p.id)).toEqual(["sandbox/no-messages-before-initialized"]);
    expect(s.SHOULD).toMatchObject({ pass: 0, fail: 1, notObservable: 0 });
    expect(s.MAY).toMatchObject({ pass: 0, fail: 0, notObservable: 1 });
    const line = statusLine(rows);
    expect(line).toContain(
      "MUST: 1 PASS, 1 FAIL (visibility/app-tool-call-guard), 1 NOT OBSERVABLE",
    );
    expect(line).toContain("SHOULD: 0 PASS, 1 FAIL (host-context/initialize-hostcontext)");
    expect(line).not.toContain("context-changed");
    expect(line).not.toMatch(/not passed/);
  });

  it("says no MUST row failed when only SHOULD and NOT OBSERVABLE rows are off", () => {
    const rows = [
      row("host-context/initialize-hostcontext", "FAIL"),
      row("sandbox/no-messages-before-initialized", "NOT OBSERVABLE"),
    ];
    expect(summarise(rows).MUST.fail).toBe(0);
    expect(statusLine(rows)).toContain("MUST: 0 PASS, 0 FAIL, 1 NOT OBSERVABLE");
  });
});
