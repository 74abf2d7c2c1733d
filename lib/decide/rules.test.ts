import { buildAllowAttribute } from "@modelcontextprotocol/ext-apps/app-bridge";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROFILE_MIME } from "./ids";
import { CSP_KEYS, PERMISSION_NAMES } from "./vocabulary";
import {
  allowAttribute,
  buildCspHeader,
  decide,
  decideAppCall,
  decideCsp,
  decideMime,
  decideNegotiation,
  decidePermissions,
  DEFAULT_CSP_HEADER,
  effectiveUiMeta,
  isApproved,
  parseOrigin,
  type DecisionInputs,
} from ".";

const UI = "io.modelcontextprotocol/ui";
const clientWith = (ext: unknown) => ({ extensions: { [UI]: ext } });
const serverWith = { extensions: { [UI]: {} } };
const API = "http://api.localhost:3000";
const CDN = "http://cdn.localhost:3000";

describe("negotiation row", () => {
  it("passes only when both sides declare the extension with the profile mime type", () => {
    const pass = decideNegotiation({
      clientCapabilities: clientWith({ mimeTypes: [PROFILE_MIME] }),
      serverCapabilities: serverWith,
    });
    expect(pass.verdict).toBe("pass");
    expect(pass.ruleIds).toEqual(["NEG-2", "NEG-3", "NEG-4"]);
  });

  it("fails when the client declared nothing on this request", () => {
    const d = decideNegotiation({ clientCapabilities: {}, serverCapabilities: serverWith });
    expect(d).toMatchObject({ verdict: "fail", ruleIds: ["NEG-2", "NEG-4"] });
  });

  it("fails when the client's mimeTypes lack the profile type", () => {
    const d = decideNegotiation({
      clientCapabilities: clientWith({ mimeTypes: ["text/html"] }),
      serverCapabilities: serverWith,
    });
    expect(d.verdict).toBe("fail");
    expect(d.reason).toContain("mimeTypes lack");
  });

  it("fails when server/discover does not list the extension", () => {
    const d = decideNegotiation({
      clientCapabilities: clientWith({ mimeTypes: [PROFILE_MIME] }),
      serverCapabilities: { extensions: {} },
    });
    expect(d).toMatchObject({ verdict: "fail", ruleIds: ["NEG-3", "NEG-4"] });
  });

  it("fails when the request carried no capabilities at all", () => {
    expect(
      decideNegotiation({ clientCapabilities: undefined, serverCapabilities: serverWith }).ruleIds,
    ).toEqual(["NEG-2"]);
  });
});

describe("mime row", () => {
  const read = (mimeType: unknown) => decideMime({ ok: true, mimeType, hasBody: true });

  it("passes only the exact profile type", () => {
    expect(read(PROFILE_MIME).verdict).toBe("pass");
    for (const wrong of [
      "text/html",
      "text/html;charset=utf-8",
      "text/html+mcp",
      "text/html; profile=mcp-app",
      "TEXT/HTML;profile=mcp-app",
      undefined,
    ]) {
      const d = read(wrong);
      expect(d.verdict, String(wrong)).toBe("fail");
      expect(d.ruleIds).toEqual(["RES-2"]);
    }
  });

  it("explains the common mistakes by name", () => {
    expect(read("text/html").reason).toContain("ordinary HTML resource");
    expect(read("text/html+mcp").reason).toContain("near miss");
    expect(read("text/html+mcp").reason).not.toMatch(/pre-standard|old|early|replaced/);
    expect(read("text/html;charset=utf-8").reason).toContain("charset");
  });

  it("calls the exact string comparison the review checklist's host rule, not a requirement of the type (#35 M3/I4)", () => {
    for (const nearMiss of ["text/html; profile=mcp-app", "TEXT/HTML;profile=mcp-app"]) {
      const reason = read(nearMiss).reason;
      expect(reason, nearMiss).toContain("review checklist");
      expect(reason, nearMiss).not.toMatch(/the type must match exactly/);
    }
  });

  it("fails a view that does not exist, citing TOOL-1", () => {
    const d = decideMime({ ok: false, error: "Resource ui://x not found" });
    expect(d).toMatchObject({ verdict: "fail", ruleIds: ["TOOL-1", "RES-1"] });
  });

  it("fails a content item without a body", () => {
    expect(decideMime({ ok: true, mimeType: PROFILE_MIME, hasBody: false }).ruleIds).toEqual([
      "RES-3",
    ]);
  });
});

describe("origins", () => {
  it("accepts scheme://host[:port] with an optional leading wildcard", () => {
    for (const ok of [
      API,
      "https://example.com",
      "https://*.example.com",
      "wss://rt.example.com:8443",
    ]) {
      expect(parseOrigin(ok).ok, ok).toBe(true);
    }
  });

  it("refuses paths, injections, quotes, keywords and non-strings", () => {
    for (const bad of [
      "http://x;script-src",
      "https://a.com/",
      "https://a.com/path",
      "'self'",
      "*",
      "https://a.com 'unsafe-eval'",
      "javascript:alert(1)",
      "https://*",
      "https://a.com:99999",
      42,
      null,
    ]) {
      expect(parseOrigin(bad).ok, String(bad)).toBe(false);
    }
  });

  it("matches approved wildcards to subdomains only", () => {
    expect(isApproved("https://api.example.com", ["https://*.example.com"])).toBe(true);
    expect(isApproved("https://example.com", ["https://*.example.com"])).toBe(false);
    expect(isApproved("https://*.example.com", ["https://api.example.com"])).toBe(false);
    expect(isApproved("http://api.example.com", ["https://*.example.com"])).toBe(false);
  });
});

describe("csp row", () => {
  const policy = { approvedOrigins: [API, CDN], outOfPolicy: "text" as const };

  it("uses the restrictive default, with connect-src 'none', when csp is absent (CSP-4)", () => {
    const d = decideCsp(false, undefined, policy);
    expect(d).toMatchObject({ verdict: "pass", render: true, header: DEFAULT_CSP_HEADER });
    expect(d.header).toContain("connect-src 'none'");
  });

  it("builds exactly the CSP-2 policy when csp is present, even empty", () => {
    expect(decideCsp(true, {}, policy).header).toBe(
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; font-src 'self'; media-src 'self' data:; frame-src 'none'; object-src 'none'; base-uri 'self'",
    );
    const d = decideCsp(true, { connectDomains: [API], resourceDomains: [CDN] }, policy);
    expect(d.verdict).toBe("pass");
    expect(d.header).toBe(
      `default-src 'none'; script-src 'self' 'unsafe-inline' ${CDN}; style-src 'self' 'unsafe-inline' ${CDN}; connect-src 'self' ${API}; img-src 'self' data: ${CDN}; font-src 'self' ${CDN}; media-src 'self' data: ${CDN}; frame-src 'none'; object-src 'none'; base-uri 'self'`,
    );
  });

  it("fails a flat list but still renders under the restrictive default", () => {
    const d = decideCsp(true, [API], policy);
    expect(d).toMatchObject({ verdict: "fail", render: true, header: DEFAULT_CSP_HEADER });
    expect(d.reason).toContain("flat list");
    // Issue 25: the policy blocks fetches and loads, not every way out (WebRTC is not covered).
    expect(d.reason).not.toMatch(/every external request is blocked/);
    expect(d.reason).toContain("does not cover WebRTC");
    // Issue 35 (M4): closing WebRTC is what CSP-3's blocking MUST asks, not a host-policy extra.
    expect(d.reason).not.toMatch(/as host policy/);
    expect(d.reason).toContain("CSP-3");
  });

  it("falls back to text for an out-of-policy origin when that is the host's policy", () => {
    const d = decideCsp(true, { connectDomains: [API, "https://tracker.example"] }, policy);
    expect(d).toMatchObject({ verdict: "fail", render: false, ruleIds: ["CSP-3", "CSP-5"] });
    expect(d.reason).toContain("not a protocol failure");
  });

  it("renders with the approved subset when that is the host's policy", () => {
    const d = decideCsp(
      true,
      { connectDomains: [API, "https://tracker.example"] },
      { ...policy, outOfPolicy: "subset" },
    );
    expect(d).toMatchObject({ verdict: "fail", render: true });
    expect(d.header).toContain(`connect-src 'self' ${API};`);
    expect(d.header).not.toContain("tracker");
  });

  it("refuses an injection attempt instead of passing it to the header", () => {
    const d = decideCsp(
      true,
      { connectDomains: [`${API}; script-src *`] },
      { ...policy, outOfPolicy: "subset" },
    );
    expect(d.verdict).toBe("fail");
    expect(d.refused[0]?.why).toBe("invalid-origin");
    expect(d.header).toBe(
      buildCspHeader({
        connectDomains: [],
        resourceDomains: [],
        frameDomains: [],
        baseUriDomains: [],
      }),
    );
  });

  const DIRECTIVES = [
    "default-src",
    "script-src",
    "style-src",
    "connect-src",
    "img-src",
    "font-src",
    "media-src",
    "frame-src",
    "object-src",
    "base-uri",
  ];
  const KEYWORDS = new Set(["'none'", "'self'", "'unsafe-inline'", "data:"]);
  const known = fc.constantFrom(
    API,
    CDN,
    "https://*.example.com",
    "https://api.example.com",
    "HTTPS://API.EXAMPLE.COM",
    "http://evil.localhost:3000",
  );
  const nasty = fc.constantFrom(
    "'unsafe-eval'",
    "*",
    "x; script-src *",
    `${API}; script-src *`,
    "https://a.com 'unsafe-eval'",
    "https://a.com/",
    "data:",
    "'self'",
  );
  const originish = fc.oneof(
    { weight: 5, arbitrary: known },
    { weight: 2, arbitrary: nasty },
    { weight: 1, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.webUrl() },
  );
  const list = fc.oneof(
    { weight: 5, arbitrary: fc.array(originish, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.anything() },
  );
  const cspValue = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record(Object.fromEntries(CSP_KEYS.map((k) => [k, list])), {
        requiredKeys: [],
      }),
    },
    { weight: 1, arbitrary: fc.anything() },
  );
  const approvedList = fc.array(
    fc.oneof({ weight: 4, arbitrary: known }, { weight: 1, arbitrary: originish }),
    { maxLength: 5 },
  );

  it("never lets an undeclared origin, a keyword like 'unsafe-eval' or an extra ';' into the header (property)", () => {
    let originsSeen = 0;
    fc.assert(
      fc.property(
        cspValue,
        approvedList,
        fc.constantFrom("text", "subset"),
        (csp, approved, outOfPolicy) => {
          const d = decideCsp(true, csp, {
            approvedOrigins: approved as string[],
            outOfPolicy: outOfPolicy as "text" | "subset",
          });
          if (!d.render || d.header === DEFAULT_CSP_HEADER) return;
          const parts = d.header.split("; ");
          expect(parts.map((p) => p.split(" ")[0])).toEqual(DIRECTIVES);
          const declared = new Set<string>();
          if (typeof csp === "object" && csp !== null && !Array.isArray(csp)) {
            for (const k of CSP_KEYS) {
              const list = (csp as Record<string, unknown>)[k];
              if (Array.isArray(list))
                for (const v of list) if (typeof v === "string") declared.add(v.toLowerCase());
            }
          }
          for (const part of parts) {
            for (const source of part.split(" ").slice(1)) {
              if (KEYWORDS.has(source)) continue;
              expect(declared.has(source), `${source} was never declared`).toBe(true);
              expect(parseOrigin(source).ok).toBe(true);
              expect(isApproved(source, approved as string[])).toBe(true);
              originsSeen++;
            }
          }
          expect(d.header).not.toContain("unsafe-eval");
        },
      ),
      { numRuns: 500 },
    );
    // The property is not vacuous: many generated runs did put real origins into a header.
    expect(originsSeen).toBeGreaterThan(50);
  });
});

describe("permissions row", () => {
  it("maps grants to the allow attribute exactly as ext-apps' buildAllowAttribute does", () => {
    fc.assert(
      fc.property(fc.subarray([...PERMISSION_NAMES]), (granted) => {
        const asObject = Object.fromEntries(granted.map((p) => [p, {}]));
        expect(allowAttribute(granted)).toBe(buildAllowAttribute(asObject));
      }),
    );
  });

  it("grants the allowed subset and renders either way", () => {
    const d = decidePermissions(true, { camera: {}, clipboardWrite: {} }, ["clipboardWrite"]);
    expect(d).toMatchObject({
      verdict: "pass",
      granted: ["clipboardWrite"],
      allow: "clipboard-write",
    });
    expect(d.ruleIds).toContain("PERM-3");
  });

  it("fails a list of strings, granting nothing", () => {
    const d = decidePermissions(true, ["camera"], ["camera"]);
    expect(d).toMatchObject({ verdict: "fail", granted: [], allow: "" });
  });

  it("fails a flag that is not an empty object, keeping the valid ones", () => {
    const d = decidePermissions(true, { camera: true, microphone: {} }, ["camera", "microphone"]);
    expect(d).toMatchObject({ verdict: "fail", granted: ["microphone"], allow: "microphone" });
  });
});

describe("app-call row", () => {
  const target = (visibility: ("model" | "app")[] | undefined, server = "main") => ({
    name: "t",
    server,
    visibility,
  });
  const call = (t: ReturnType<typeof target> | undefined, consent: "allow" | "deny") => {
    let asked = false;
    const d = decideAppCall({
      target: t,
      requestedName: "t",
      viewServer: "main",
      consent: () => ((asked = true), consent),
    });
    return { d, asked };
  };

  it("forwards only when visibility and consent both allow", () => {
    expect(call(target(["app"]), "allow").d.forward).toBe(true);
    expect(call(target(undefined), "allow").d.forward).toBe(true);
  });

  it("refuses a model-only target without asking for consent", () => {
    const { d, asked } = call(target(["model"]), "allow");
    expect(d).toMatchObject({ verdict: "fail", forward: false });
    expect(d.ruleIds).toContain("TOOL-4");
    expect(asked).toBe(false);
  });

  it("refuses a cross-server app-only call (TOOL-5)", () => {
    const { d } = call(target(["app"], "second"), "allow");
    expect(d.ruleIds).toContain("TOOL-5");
    expect(d.forward).toBe(false);
  });

  it("refuses when consent is denied, after asking", () => {
    const { d, asked } = call(target(["app"]), "deny");
    expect(d).toMatchObject({ verdict: "fail", ruleIds: ["BRG-5"] });
    expect(asked).toBe(true);
  });

  it("refuses an unknown tool", () => {
    expect(call(undefined, "allow").d.forward).toBe(false);
  });
});

describe("effective _meta.ui (RES-4)", () => {
  it("takes the content item's object whole, hiding the listing's csp", () => {
    const r = effectiveUiMeta(
      { ui: { prefersBorder: true } },
      { ui: { csp: { connectDomains: [API] } } },
    );
    expect(r).toEqual({ ui: { prefersBorder: true }, source: "content" });
    expect(effectiveUiMeta(undefined, { ui: { csp: {} } }).source).toBe("listing");
    expect(effectiveUiMeta(undefined, undefined).source).toBe("none");
  });
});

describe("decide (the whole table)", () => {
  const base: DecisionInputs = {
    uiToolVisibility: undefined,
    clientCapabilities: clientWith({ mimeTypes: [PROFILE_MIME] }),
    serverCapabilities: serverWith,
    read: {
      ok: true,
      mimeType: PROFILE_MIME,
      hasBody: true,
      contentMeta: { ui: { csp: { connectDomains: [API] } } },
      listingMeta: undefined,
    },
    policy: { approvedOrigins: [API], outOfPolicy: "text", grantablePermissions: [] },
  };
  const verdicts = (i: DecisionInputs) => decide(i).rows.map((r) => `${r.row}:${r.verdict}`);

  it("renders when every row passes, and skips the app-call row when the view calls nothing", () => {
    const d = decide(base);
    expect(d.outcome).toBe("rendered");
    expect(verdicts(base)).toEqual([
      "visibility:pass",
      "negotiation:pass",
      "mime:pass",
      "csp:pass",
      "permissions:pass",
      "app-call:skip",
    ]);
  });

  it("never calls a tool hidden from the agent", () => {
    const i = { ...base, uiToolVisibility: ["app"] as ("app" | "model")[] };
    expect(decide(i).outcome).toBe("not-called");
    expect(verdicts(i)).toEqual([
      "visibility:fail",
      "negotiation:skip",
      "mime:skip",
      "csp:skip",
      "permissions:skip",
      "app-call:skip",
    ]);
  });

  it("falls back to text and reads nothing when negotiation fails", () => {
    const i = { ...base, clientCapabilities: {}, read: undefined };
    expect(decide(i).outcome).toBe("text");
    expect(verdicts(i)).toEqual([
      "visibility:pass",
      "negotiation:fail",
      "mime:skip",
      "csp:skip",
      "permissions:skip",
      "app-call:skip",
    ]);
  });

  it("falls back to text on a wrong mime type", () => {
    const i = { ...base, read: { ...base.read!, mimeType: "text/html" } as DecisionInputs["read"] };
    expect(decide(i).outcome).toBe("text");
  });
});
