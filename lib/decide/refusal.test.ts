import { describe, expect, it } from "vitest";
import { decideAgentVisibility } from "./visibility";
import { decideCsp } from "./csp";
import { refusalLabel } from "./types";

const API = "https://api.example.com";
const policy = { approvedOrigins: [API], outOfPolicy: "subset" as const };

describe("intended refusals", () => {
  it("marks an app-only tool left out of the agent's list as a refusal the spec requires (TOOL-3), not a fault", () => {
    const v = decideAgentVisibility(["app"]);
    expect(v).toMatchObject({ verdict: "fail", refusal: "required" });
    expect(v.ruleIds).toContain("TOOL-3");
    expect(refusalLabel(v)).toBe("refused — as the spec requires");
  });

  it("marks an origin outside host policy as the host's own choice (CSP-5, a seed's host policy), not a spec MUST", () => {
    const c = decideCsp(true, { connectDomains: ["https://elsewhere.example"] }, policy);
    expect(c).toMatchObject({ verdict: "fail", refusal: "host-policy" });
    expect(c.ruleIds).toContain("CSP-5");
    expect(refusalLabel(c)).toBe("refused — host policy, as the spec allows");
    // Text fallback is the same choice.
    expect(
      decideCsp(
        true,
        { connectDomains: ["https://elsewhere.example"] },
        { ...policy, outOfPolicy: "text" },
      ),
    ).toMatchObject({ refusal: "host-policy" });
  });

  it("leaves a real fault a plain fail: a malformed origin, or one mixed in with an out-of-policy one", () => {
    const bad = decideCsp(true, { connectDomains: ["https://api.example.com/v1"] }, policy);
    expect(bad.verdict).toBe("fail");
    expect(bad.refusal).toBeUndefined();
    expect(refusalLabel(bad)).toBe("fail");
    const mixed = decideCsp(
      true,
      { connectDomains: ["https://elsewhere.example", "not an origin"] },
      policy,
    );
    expect(mixed.refusal).toBeUndefined();
    expect(refusalLabel(decideAgentVisibility(["model"]))).toBe("pass");
  });
});
