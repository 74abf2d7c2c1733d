import { describe, expect, it } from "vitest";
import { DEFAULT_CSP_HEADER } from "../../lib/decide/csp";
import { proxyCsp } from "./apprenderer";

// The grid's sandbox proxy for the AppRenderer pages takes its policy from the `csp` query
// AppRenderer adds when given sandbox.csp: the declared lists (CSP-2), or CSP-4's default.
describe("the AppRenderer pages' proxy CSP", () => {
  it("is the restrictive default without a csp, or with one that is not JSON", () => {
    expect(proxyCsp(null)).toBe(DEFAULT_CSP_HEADER);
    expect(proxyCsp("not json")).toBe(DEFAULT_CSP_HEADER);
  });

  it("lets the declared connect origin through and nothing undeclared", () => {
    const csp = proxyCsp(JSON.stringify({ connectDomains: ["http://127.0.0.1:4000"] }));
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4000;");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-src 'none'");
  });

  it("drops an entry that is not an origin, so no directive can be smuggled in", () => {
    const csp = proxyCsp(
      JSON.stringify({ connectDomains: ["http://a.test; script-src *", 42, "http://b.test"] }),
    );
    expect(csp).not.toContain("script-src *");
    expect(csp).toContain("connect-src 'self' http://b.test;");
  });
});
