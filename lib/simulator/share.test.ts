import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadScenarioFiles } from "../content/scenarios";
import { decodeScenario, encodeScenario } from "./share";

const files = await loadScenarioFiles();

describe("shared scenario links", () => {
  it("round-trip every preset exactly", () => {
    for (const { scenario } of files) {
      const back = decodeScenario(encodeScenario(scenario));
      expect(back).toEqual({ ok: true, scenario });
    }
  });

  it("name the field of a malformed scenario", () => {
    const bad = Buffer.from(JSON.stringify({ version: 1, id: "x" })).toString("base64url");
    const r = decodeScenario(bad);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^link: title: /);
  });

  it("refuse a newer version by name", () => {
    const future = Buffer.from(JSON.stringify({ version: 99 })).toString("base64url");
    const r = decodeScenario(future);
    expect(!r.ok && r.message).toContain("scenario version 99 is newer");
  });

  it("never throw on arbitrary input", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(decodeScenario(s).ok).toBe(false);
      }),
    );
  });
});
