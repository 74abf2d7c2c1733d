import { describe, expect, it } from "vitest";
import { declaredIn, failuresFrom, hasScriptElement, initTimeout } from "./view-failures";

const csp = { connectDomains: ["http://localhost:3329"], resourceDomains: ["https://*.cdn.test"] };

describe("failuresFrom", () => {
  it("tells a CSP block from a network failure of a declared origin", () => {
    const f = failuresFrom(
      [
        { type: "csp-violation", directive: "connect-src", blockedURI: "https://evil.test/x" },
        { type: "network-error", via: "fetch", url: "https://evil.test/x" },
        {
          type: "network-error",
          via: "fetch",
          url: "http://localhost:3329/data",
          message: "Failed to fetch",
        },
        { type: "network-error", via: "img", url: "https://tiles.cdn.test/1.png" },
      ],
      csp,
    );
    expect(f.map((x) => x.kind)).toEqual(["csp-blocked", "network", "network"]);
    expect(f[0]).toMatchObject({ directive: "connect-src", blockedURI: "https://evil.test/x" });
    expect(f[0]!.message).toContain("connectDomains");
    expect(f[1]).toMatchObject({ origin: "http://localhost:3329", via: "fetch" });
    expect(f[1]!.message).toContain("declared in connectDomains");
    expect(f[2]).toMatchObject({ origin: "https://tiles.cdn.test", via: "img" });
    // The sandbox document shares the view's origin: the view could forge any of these reports,
    // so each says where it comes from rather than stating it as fact (issue #25).
    for (const x of f)
      expect(x.message).toMatch(/^Reported by the sandbox document \(the view could forge it\): /);
  });

  it("shows a reported URL's hidden characters as markers", () => {
    const [f] = failuresFrom(
      [
        {
          type: "csp-violation",
          directive: "connect-src",
          blockedURI: "https://evil.test/\u202Ex",
        },
      ],
      undefined,
    );
    expect(f!.message).toContain("⟨U+202E⟩");
  });

  it("explains an eval block (the real example views' bundles probe for eval)", () => {
    const [f] = failuresFrom(
      [{ type: "csp-violation", directive: "script-src", blockedURI: "eval" }],
      undefined,
    );
    expect(f).toMatchObject({ kind: "csp-blocked", directive: "script-src", blockedURI: "eval" });
    expect(f!.message).toContain("evaluated code from a string");
  });

  it('recognises a refused eval at a feature probe (bundled zod\'s `new t("")` in a try) from where the browser says it happened', () => {
    // The shape of ext-apps' App bundle as Vite minifies it (basic-vanillajs 2.0.3): zod probes
    // whether the page allows code from strings, catches the refusal and takes its other path.
    const script =
      'let a=1;const OU=j(()=>{try{const t=Function;return new t(""),!0}catch{return!1}});';
    const html = `<!doctype html>\n<html><head>\n<script type="module">${script}\n</script></head></html>`;
    const at = script.indexOf("new t(") + 1;
    // Chromium reports a written document's inline script by line and column within its text.
    const [probe] = failuresFrom(
      [{ type: "csp-violation", directive: "script-src", blockedURI: "eval", line: 1, column: at }],
      undefined,
      html,
    );
    expect(probe).toMatchObject({ kind: "csp-blocked", blockedURI: "eval", probe: true });
    expect(probe!.message).toContain("feature probe");
    expect(probe!.message).toContain("harmless");
    // Anywhere else on that line, or with no place given, it is not recognised: the view may need it.
    const elsewhere = failuresFrom(
      [{ type: "csp-violation", directive: "script-src", blockedURI: "eval", line: 1, column: 3 }],
      undefined,
      html,
    );
    expect(elsewhere[0]).not.toHaveProperty("probe");
    const real =
      'try{ eval(code) }catch{}; try { const F = Function; return new F("return 1") } catch {}';
    const realHtml = `<script>${real}</script>`;
    for (const column of [real.indexOf("eval(") + 1, real.indexOf("new F") + 1])
      expect(
        failuresFrom(
          [{ type: "csp-violation", directive: "script-src", blockedURI: "eval", line: 1, column }],
          undefined,
          realHtml,
        )[0],
      ).not.toHaveProperty("probe");
  });

  it("cites CSP-4 when the view declared no csp at all", () => {
    const [f] = failuresFrom(
      [{ type: "csp-violation", directive: "img-src", blockedURI: "https://x.test/a.png" }],
      undefined,
    );
    expect(f!.ruleIds).toContain("CSP-4");
  });

  it("ignores failures of undeclared origins without a violation, and report-only violations", () => {
    expect(
      failuresFrom(
        [
          { type: "network-error", via: "fetch", url: "http://localhost:1/x" },
          {
            type: "csp-violation",
            directive: "img-src",
            blockedURI: "https://a.test",
            disposition: "report",
          },
        ],
        csp,
      ),
    ).toEqual([]);
  });
});

describe("declaredIn / initTimeout", () => {
  it("matches exact origins and wildcard subdomains", () => {
    expect(declaredIn("https://a.cdn.test", csp)).toEqual(["resourceDomains"]);
    expect(declaredIn("https://cdn.test", csp)).toEqual([]);
  });

  it("says how long the host waited and where the handshake stopped", () => {
    const f = initTimeout(10000.4, "no-ui-initialize");
    expect(f).toMatchObject({ kind: "init-timeout", waitedMs: 10000.4 });
    expect(f.message).toContain("never sent ui/initialize within 10000 ms");
  });

  it("names a document without any <script> as the likely cause when the view never initialized", () => {
    const f = initTimeout(10000, "no-ui-initialize", { scriptless: true });
    expect(f.message).toContain("never sent ui/initialize within 10000 ms");
    expect(f.message).toContain("The view's HTML has no <script> element");
    expect(f).toMatchObject({ kind: "init-timeout", scriptless: true });
    // Observed, not assumed: a document with a script gets no such sentence.
    expect(initTimeout(10000, "no-ui-initialize", { scriptless: false }).message).not.toContain(
      "<script>",
    );
  });

  it("finds a script element in any case and with attributes, and nothing in a scriptless document", () => {
    expect(hasScriptElement("<p>hi</p><SCRIPT type=module>x()</SCRIPT>")).toBe(true);
    expect(hasScriptElement('<script src="https://cdn.test/app.js"></script>')).toBe(true);
    expect(
      hasScriptElement(
        '<!doctype html><html lang="en"><head><title>t</title></head><body><main id="root"></main></body></html>',
      ),
    ).toBe(false);
    // A word that merely starts like the tag is not a script element.
    expect(hasScriptElement("<scripted-thing></scripted-thing> <p>scripts</p>")).toBe(false);
  });
});
