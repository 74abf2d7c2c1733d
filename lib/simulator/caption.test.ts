import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isEdited, scenarioCaption, statusTone } from "./caption";
import { parseScenario, type Scenario } from "./scenario";

const happy = parseScenario(
  readFileSync(path.resolve("content/scenarios/happy-path.json"), "utf8"),
  "happy-path.json",
);
const presets: Scenario[] = [happy];

describe("scenario captions", () => {
  it("names an unchanged preset by its title", () => {
    expect(isEdited(happy, happy)).toBe(false);
    expect(scenarioCaption(happy, presets)).toBe(happy.title);
  });

  it("marks a preset the learner changed as edited, keeping the preset's title", () => {
    const changed = { ...happy, client: { ...happy.client, extension: false } };
    expect(isEdited(changed, happy)).toBe(true);
    expect(scenarioCaption(changed, presets)).toBe(`${happy.title} (edited)`);
  });

  it("keeps the title of a scenario that comes from no preset (a shared link)", () => {
    const own = { ...happy, id: "my-own", title: "My own scenario" };
    expect(isEdited(own, undefined)).toBe(true);
    expect(scenarioCaption(own, presets)).toBe("My own scenario");
  });
});

describe("message status tones", () => {
  it("reads a cache hit or miss as a note, not as a fault (RES-5)", () => {
    expect(statusTone("cache-miss")).toBe("note");
    expect(statusTone("cache-hit")).toBe("note");
  });

  it("reads refused, rejected and blocked messages as faults, delivered ones as nothing", () => {
    for (const s of ["refused", "rejected", "blocked"] as const)
      expect(statusTone(s)).toBe("fault");
    expect(statusTone("delivered")).toBe("none");
  });
});
