import { describe, expect, it } from "vitest";
import { decideVisibility, effectiveVisibility, toolVisibility } from "./visibility";

const agent = { kind: "model" } as const;
const sameView = { kind: "app", sameServer: true } as const;
const otherView = { kind: "app", sameServer: false } as const;

describe("visibility gate", () => {
  it("reads an omitted visibility as model and app, citing TOOL-2", () => {
    expect(effectiveVisibility(undefined)).toEqual(["model", "app"]);
    const d = decideVisibility(undefined, agent);
    expect(d.allowed).toBe(true);
    expect(d.ruleIds).toContain("TOOL-2");
  });

  it("treats an explicit empty list as nobody, not as the default", () => {
    expect(decideVisibility([], agent).allowed).toBe(false);
    expect(decideVisibility([], sameView).allowed).toBe(false);
    expect(decideVisibility([], agent).ruleIds).not.toContain("TOOL-2");
  });

  it("leaves a tool without model out of the agent's list (TOOL-3)", () => {
    const d = decideVisibility(["app"], agent);
    expect(d).toMatchObject({ allowed: false, ruleIds: ["TOOL-3"] });
  });

  it("refuses a view's call to a tool without app (TOOL-4)", () => {
    const d = decideVisibility(["model"], sameView);
    expect(d).toMatchObject({ allowed: false, ruleIds: ["TOOL-4"] });
  });

  it('names both rules when a tool without "app" is called from another server\'s view (TOOL-4, TOOL-5)', () => {
    const d = decideVisibility(["model"], otherView);
    expect(d).toMatchObject({ allowed: false, ruleIds: ["TOOL-4", "TOOL-5"] });
    expect(decideVisibility(undefined, otherView).ruleIds).toEqual(["TOOL-2", "TOOL-5"]);
  });

  it("refuses a cross-server call to an app tool even though app is listed (TOOL-5)", () => {
    const d = decideVisibility(["app"], otherView);
    expect(d).toMatchObject({ allowed: false, ruleIds: ["TOOL-5"] });
    expect(decideVisibility(["app"], sameView).allowed).toBe(true);
  });
});

describe("toolVisibility", () => {
  it("reads _meta.ui.visibility of any tool, a view or not (an app-only helper names none)", () => {
    expect(toolVisibility({ _meta: { ui: { visibility: ["app"] } } })).toEqual(["app"]);
    expect(
      decideVisibility(toolVisibility({ _meta: { ui: { visibility: ["app"] } } }), agent),
    ).toMatchObject({ allowed: false });
  });
  it("counts an absent or malformed list as omitted, and drops unknown callers", () => {
    expect(toolVisibility({})).toBeUndefined();
    expect(toolVisibility({ _meta: { ui: { visibility: "app" } } })).toBeUndefined();
    expect(toolVisibility({ _meta: { ui: { visibility: ["model", "robot"] } } })).toEqual([
      "model",
    ]);
    expect(toolVisibility({ _meta: { ui: { visibility: [] } } })).toEqual([]);
  });
});
