import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadScenarioFiles } from "../content/scenarios";
import {
  decodeScenario,
  decodeScenarioLink,
  encodeScenario,
  encodeScenarioLink,
  encodeShareFragment,
  hostInLink,
  MAX_LINK_CHARS,
  MAX_LINK_SCENARIO_BYTES,
} from "./share";

const files = await loadScenarioFiles();
const happy = files.find((f) => f.scenario.id === "happy-path")!.scenario;

describe("shared scenario links", () => {
  it("round-trip every preset exactly, compressed", async () => {
    for (const { scenario } of files) {
      const link = await encodeScenarioLink(scenario);
      expect(link).toMatch(/^d1\.[A-Za-z0-9_-]+$/);
      expect(await decodeScenarioLink(link)).toEqual({ ok: true, scenario });
    }
  });

  it("keep a 40 KB scenario short enough for any address bar once deflated", async () => {
    const big = { ...happy, description: "A long one. ".repeat(3500) };
    expect(JSON.stringify(big).length).toBeGreaterThan(40_000);
    const link = await encodeScenarioLink(big);
    expect(link.length).toBeLessThan(2_000);
    expect(await decodeScenarioLink(link)).toEqual({ ok: true, scenario: big });
  });

  it("refuse a link that inflates past the limit, naming the limit, without inflating it all", async () => {
    // 100 MB of one byte deflates to about 100 KB and crashed the tab (issue #25); 16 MB shows
    // the cap as well and keeps the test quick.
    const huge = new Uint8Array(16 * 1024 * 1024).fill(0x20);
    const deflated = new Uint8Array(
      await new Response(
        new Blob([huge]).stream().pipeThrough(new CompressionStream("deflate-raw")),
      ).arrayBuffer(),
    );
    let bin = "";
    for (let i = 0; i < deflated.length; i += 0x8000)
      bin += String.fromCharCode(...deflated.subarray(i, i + 0x8000));
    const link = "d1." + btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const r = await decodeScenarioLink(link);
    expect(r).toEqual({
      ok: false,
      message: expect.stringContaining(`${MAX_LINK_SCENARIO_BYTES / 1024} KB`),
    });
  });

  it("refuse an over-long link before decoding it, naming the limit", async () => {
    const r = await decodeScenarioLink("d1." + "A".repeat(MAX_LINK_CHARS + 1));
    expect(r).toEqual({ ok: false, message: expect.stringContaining("characters") });
    expect(decodeScenario("A".repeat(MAX_LINK_CHARS + 1))).toEqual({
      ok: false,
      message: expect.stringContaining("characters"),
    });
  });

  it("still read links in the old form (plain base64url JSON)", async () => {
    expect(decodeScenario(encodeScenario(happy))).toEqual({ ok: true, scenario: happy });
    expect(await decodeScenarioLink(encodeScenario(happy))).toEqual({ ok: true, scenario: happy });
  });

  it("explain a damaged link in words, without parser text", async () => {
    const link = await encodeScenarioLink(happy);
    for (const bad of [link.slice(0, link.length - 9), "d1.!!", "not-a-scenario!!", "e30"]) {
      const r = await decodeScenarioLink(bad);
      expect(r.ok).toBe(false);
      if (!r.ok && bad !== "e30") {
        expect(r.message).toContain("the link is damaged");
        expect(r.message).not.toMatch(/base64|Unexpected|JSON|position/);
      }
    }
  });

  it("name every unusable field of a malformed scenario", () => {
    const bad = Buffer.from(JSON.stringify({ version: 1, id: "x" })).toString("base64url");
    const r = decodeScenario(bad);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/cannot use: title \(/);
    expect(!r.ok && r.message).toMatch(/and \d+ more$/);
  });

  it("refuse a newer version by name", () => {
    const future = Buffer.from(JSON.stringify({ version: 99 })).toString("base64url");
    const r = decodeScenario(future);
    expect(!r.ok && r.message).toContain("scenario version 99 is newer");
  });

  it("never throw on arbitrary input", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (s) => {
        expect(decodeScenario(s).ok).toBe(false);
        expect((await decodeScenarioLink(`d1.${s}`)).ok).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});

describe("the host a link names (issue 33)", () => {
  it("round-trips beside the scenario in the fragment, and the scenario is untouched", async () => {
    const fragment = await encodeShareFragment(happy, "claude");
    expect(fragment).toMatch(/^s=d1\.[A-Za-z0-9_-]+&host=claude$/);
    expect(hostInLink("", `#${fragment}`)).toBe("claude");
    const value = new URLSearchParams(fragment).get("s")!;
    expect(await decodeScenarioLink(value)).toEqual({ ok: true, scenario: happy });
  });

  it("is read from the query beside a preset, and left out for the reference host", async () => {
    expect(hostInLink("?preset=happy-path&host=sunpeak-claude", "")).toBe("sunpeak-claude");
    expect(hostInLink("?preset=happy-path", "")).toBeNull();
    expect(hostInLink("?host=reference", "")).toBeNull();
    expect(await encodeShareFragment(happy, "reference")).not.toContain("host=");
  });
});
