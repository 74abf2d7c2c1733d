import { describe, expect, it } from "vitest";
import { decideDisplayMode } from "./display-mode";

const base = { current: "inline" as const, hostModes: ["inline", "fullscreen"] as const };

describe("decideDisplayMode (BRG-6)", () => {
  it("switches to a mode both sides list, and answers with it", () => {
    const d = decideDisplayMode({
      ...base,
      requested: "fullscreen",
      viewModes: ["inline", "fullscreen"],
    });
    expect(d).toMatchObject({ mode: "fullscreen", switched: true, ruleIds: ["BRG-6"] });
  });

  it("refuses a mode the view did not declare and answers with the current one", () => {
    const d = decideDisplayMode({ ...base, requested: "fullscreen", viewModes: ["inline"] });
    expect(d).toMatchObject({ mode: "inline", switched: false });
    expect(d.reason).toMatch(/must not switch to fullscreen/);
  });

  it("refuses a mode the host does not offer, or a view that declared none", () => {
    expect(decideDisplayMode({ ...base, requested: "pip", viewModes: ["pip"] }).mode).toBe(
      "inline",
    );
    expect(
      decideDisplayMode({ ...base, requested: "fullscreen", viewModes: undefined }).switched,
    ).toBe(false);
  });
});
