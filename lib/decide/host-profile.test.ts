import { describe, expect, it } from "vitest";
import { isRuleId } from "../rules";
import { decideAppCall } from "./app-call";
import { DEFAULT_CSP_HEADER, decideCsp, LOOSER_DEFAULT_CSP_HEADER, type CspHandling } from "./csp";
import { decideDisplayMode } from "./display-mode";
import {
  FIELD_ROWS,
  FIELD_VALUES,
  isReferenceValue,
  judgeField,
  REFERENCE_PROFILE,
} from "./host-fields";
import { behavioursOf, PROFILE_FIELDS, REFERENCE_BEHAVIOURS } from "./host-profile";
import { cspHandling } from "./index";
import { decideAgentVisibility } from "./visibility";

const policy = { approvedOrigins: ["https://api.example", "https://frames.example"] };
const handling = (over: Partial<CspHandling> = {}): CspHandling => ({
  ...cspHandling(REFERENCE_BEHAVIOURS),
  ...over,
});

describe("the reference profile", () => {
  it("holds every field at the reference value, resting on the spec rather than a source", () => {
    expect(behavioursOf(REFERENCE_PROFILE)).toEqual(REFERENCE_BEHAVIOURS);
    for (const f of PROFILE_FIELDS) {
      expect(REFERENCE_PROFILE.fields[f].status).toBe("reference");
      expect(FIELD_VALUES[f]).toContainEqual(REFERENCE_BEHAVIOURS[f]);
      expect(FIELD_ROWS[f]).toBeDefined();
    }
  });
});

describe("judging a profile's value against the spec", () => {
  const departing = PROFILE_FIELDS.flatMap((f) =>
    (FIELD_VALUES[f] as readonly unknown[])
      .filter((v) => !isReferenceValue(f, v as never))
      .map((v) => [f, v] as const),
  );

  it("has nothing to say about a reference value", () => {
    for (const f of PROFILE_FIELDS) expect(judgeField(f, REFERENCE_BEHAVIOURS[f])).toBeNull();
  });

  it.each(departing.map(([f, v]) => [`${f} = ${JSON.stringify(v)}`, f, v] as const))(
    "%s is a violation or a variation, citing rules that exist",
    (_n, f, v) => {
      const j = judgeField(f, v as never)!;
      expect(["violation", "variation"]).toContain(j.kind);
      expect(j.ruleIds.length).toBeGreaterThan(0);
      for (const id of j.ruleIds) expect(isRuleId(id), id).toBe(true);
      expect(j.how.length).toBeGreaterThan(20);
    },
  );

  it("calls the broken MUSTs violations and the room the spec leaves variations", () => {
    const kind = (f: (typeof PROFILE_FIELDS)[number], v: unknown) =>
      judgeField(f, v as never)!.kind;
    expect(kind("appCallVisibility", "unchecked")).toBe("violation");
    expect(judgeField("appCallVisibility", "unchecked")!.ruleIds).toEqual(["TOOL-4"]);
    expect(kind("agentVisibility", "unfiltered")).toBe("violation");
    expect(kind("defaultCsp", "looser")).toBe("violation");
    expect(kind("cspApplied", "none")).toBe("violation");
    expect(kind("undeclaredMode", "switch")).toBe("violation");
    // CSP-3: a host MAY restrict further.
    expect(kind("cspFrameDomains", "dropped")).toBe("variation");
    expect(judgeField("cspFrameDomains", "dropped")!.ruleIds).toContain("CSP-3");
    expect(kind("consent", "none")).toBe("variation");
    expect(kind("message", "draft")).toBe("variation");
    expect(kind("eras", "legacy")).toBe("variation");
  });
});

describe("the csp row under a host profile", () => {
  const declared = {
    connectDomains: ["https://api.example"],
    frameDomains: ["https://frames.example"],
  };

  it("drops a list the host does not honour, and says so: frame-src stays 'none'", () => {
    const d = decideCsp(
      true,
      declared,
      { ...policy, outOfPolicy: "text" },
      handling({
        lists: { ...handling().lists, frameDomains: "dropped" },
      }),
    );
    expect(d.verdict).toBe("pass");
    expect(d.header).toContain("frame-src 'none'");
    expect(d.header).toContain("connect-src 'self' https://api.example");
    expect(d.reason).toContain("this host drops frameDomains");
  });

  it("never reads a dropped list, so an origin outside policy in it stops nothing", () => {
    const d = decideCsp(
      true,
      { frameDomains: ["https://elsewhere.example"] },
      { ...policy, outOfPolicy: "text" },
      handling({ lists: { ...handling().lists, frameDomains: "dropped" } }),
    );
    expect(d.render).toBe(true);
    expect(d.refused).toEqual([]);
  });

  it("serves no policy at all when the host applies none, declared csp or not", () => {
    for (const present of [true, false]) {
      const d = decideCsp(
        present,
        present ? declared : undefined,
        { ...policy, outOfPolicy: "text" },
        handling({ applied: "none" }),
      );
      expect([d.verdict, d.header, d.render]).toEqual(["pass", "", true]);
    }
  });

  it("gives the default policy when the host ignores a declared csp (it fails closed)", () => {
    const d = decideCsp(
      true,
      declared,
      { ...policy, outOfPolicy: "text" },
      handling({ applied: "ignored" }),
    );
    expect(d.header).toBe(DEFAULT_CSP_HEADER);
    expect(d.reason).toContain("never reads it");
  });

  it("gives the looser default to a view that declares no csp when the host does", () => {
    const d = decideCsp(
      false,
      undefined,
      { ...policy, outOfPolicy: "text" },
      handling({ defaultCsp: "looser" }),
    );
    expect(d.header).toBe(LOOSER_DEFAULT_CSP_HEADER);
    expect(d.header).toContain("connect-src 'self'");
  });

  it("with the reference handling decides as without one", () => {
    for (const [present, csp] of [
      [false, undefined],
      [true, {}],
      [true, declared],
      [true, ["https://api.example"]],
      [true, { connectDomains: ["https://nope.example"] }],
    ] as const) {
      for (const outOfPolicy of ["text", "subset"] as const) {
        expect(decideCsp(present, csp, { ...policy, outOfPolicy }, handling())).toEqual(
          decideCsp(present, csp, { ...policy, outOfPolicy }),
        );
      }
    }
  });
});

describe("the visibility and app-call rows under a host profile", () => {
  it("lists an app-only tool for the agent when the host does not filter (TOOL-3 broken)", () => {
    expect(decideAgentVisibility(["app"]).verdict).toBe("fail");
    const d = decideAgentVisibility(["app"], "unfiltered");
    expect(d).toMatchObject({ verdict: "pass", ruleIds: ["TOOL-3"] });
    expect(d.reason).toContain("this host lists it anyway");
  });

  it("forwards a view's call to a model-only tool when the host checks no visibility (TOOL-4 broken)", () => {
    const call = {
      target: { name: "delete_all", server: "main", visibility: ["model" as const] },
      requestedName: "delete_all",
      viewServer: "main",
      consent: () => "allow" as const,
    };
    expect(decideAppCall(call).forward).toBe(false);
    const d = decideAppCall({ ...call, visibilityCheck: "unchecked" });
    expect(d).toMatchObject({ verdict: "pass", forward: true, askedConsent: true });
    expect(d.ruleIds).toContain("TOOL-4");
    // It still reaches only the view's own server (TOOL-5).
    const other = decideAppCall({
      ...call,
      target: { ...call.target, server: "second" },
      visibilityCheck: "unchecked",
    });
    expect(other.forward).toBe(false);
    expect(other.ruleIds).toContain("TOOL-5");
  });
});

describe("display modes under a host profile", () => {
  const request = {
    requested: "pip",
    current: "inline" as const,
    hostModes: ["inline", "fullscreen", "pip"] as const,
    viewModes: ["inline", "fullscreen"],
  };

  it("refuses a mode the view did not declare, as BRG-6 requires", () => {
    expect(decideDisplayMode(request)).toMatchObject({ mode: "inline", switched: false });
  });

  it("switches anyway on a host that does (BRG-6's MUST NOT broken)", () => {
    expect(decideDisplayMode(request, "switch")).toMatchObject({ mode: "pip", switched: true });
    // A mode the host does not offer is still refused.
    expect(decideDisplayMode({ ...request, hostModes: ["inline"] }, "switch")).toMatchObject({
      mode: "inline",
      switched: false,
    });
  });

  it("calls no switch a broken MUST NOT when the view declared no modes (BRG-6 binds only a set list)", () => {
    const unset = { ...request, viewModes: undefined };
    // The reference may refuse (BRG-6's MAY); a host that switches breaks nothing.
    expect(decideDisplayMode(unset)).toMatchObject({ mode: "inline", switched: false });
    const d = decideDisplayMode(unset, "switch");
    expect(d).toMatchObject({ mode: "pip", switched: true, ruleIds: ["BRG-6"] });
    expect(d.reason).not.toMatch(/switches anyway|MUST NOT switch/);
    expect(d.reason).toMatch(/declared no availableDisplayModes.*does not apply/);
  });
});
