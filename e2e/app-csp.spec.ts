import { expect, test } from "./fixtures";

// Issue #25: the app's pages had no script policy, so an injected <script src> from another
// origin, or eval, would have run with the app's origin (and its saved progress and tokens).
test("the app's own pages run only their own scripts: no other origin, no eval", async ({
  page,
}) => {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (d: string) => violations.push(d));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportViolation(d: string): void }).reportViolation(
        e.effectiveDirective,
      ),
    );
  });
  for (const path of ["/", "/simulator", "/review", "/lessons/permissions"]) {
    const r = (await page.goto(path))!;
    const csp = r.headers()["content-security-policy"] ?? "";
    expect(csp, path).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp, path).not.toContain("unsafe-eval");
    expect(csp, path).toContain("object-src 'none'");
  }
  // The pages themselves need nothing the policy refuses.
  expect(violations).toEqual([]);
  // The probe runs as a page script on a later task: code run while DevTools evaluates (as
  // page.evaluate does) is exempt from the page's eval restriction, even in a script it inserts.
  const outcome = await page.evaluate(async () => {
    const probe = document.createElement("script");
    probe.textContent =
      "setTimeout(function () { try { document.body.dataset.evalRan = String(new Function('return true')()); }" +
      " catch (e) { document.body.dataset.evalRan = 'false'; } }, 0);";
    document.head.append(probe);
    // The probe's task runs when the page gets to it: wait for its answer (up to 5 s), not a
    // fixed 200 ms, which a busy machine overran.
    for (let i = 0; i < 100 && document.body.dataset.evalRan === undefined; i++)
      await new Promise((r) => setTimeout(r, 50));
    const evalRan = document.body.dataset.evalRan;
    const external = await new Promise<string>((resolve) => {
      const s = document.createElement("script");
      s.src = "http://evil.localhost:9/x.js";
      s.onload = () => resolve("loaded");
      s.onerror = () => resolve("blocked");
      document.head.append(s);
    });
    return { evalRan, external };
  });
  expect(outcome).toEqual({ evalRan: "false", external: "blocked" });
  await expect.poll(() => violations).toContain("script-src-elem");
  expect(violations).toContain("script-src");
});
