/**
 * Faults found by hand in real hosts (reference/hosts/measured-2026-12-06.md), planted one at a
 * time in a headless test host (fixtures/test-host.ts: the project's connection, ext-apps'
 * AppBridge, the view's own session), against the real conformance server in process. Each must
 * turn exactly its own rows to FAIL in the report the server keeps (teardown rows included, as the
 * server amends them from the view's beacons); a SHOULD-only fault must leave no MUST row failed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { connectServer, eraKeyForUrl } from "../host";
import { stdioServer, TEST_URL } from "../host/test-servers";
import { runTestHost, type HostFaults } from "./fixtures/test-host";
import { answerProbe, type ProbeRole } from "./probe-endpoints";
import { TOOLS, type ConformanceReport } from "./probes";
import { ConformanceState, createConformanceServerFactory } from "./server";
import { rowName, summarise } from "./summary";

const ORIGINS = { declared: "http://127.0.0.1:41001", undeclared: "http://127.0.0.1:41002" };
const SHELL =
  '<!doctype html><html lang="en"><head><script type="application/json" id="conformance-config">/*CONFORMANCE_CONFIG*/</script></head><body><p>view</p></body></html>';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close().catch(() => undefined)));
});

/** One run of `tool` in the test host with `faults`; the report as the server finally keeps it. */
async function run(
  faults: HostFaults = {},
  tool: string = TOOLS.run,
  view: { documentUnfinished?: boolean } = {},
) {
  const state = new ConformanceState();
  state.teardownWaitMs = 200;
  const server = stdioServer(
    createConformanceServerFactory({ viewHtml: SHELL, origins: ORIGINS, state }),
    "dual",
  );
  open.push(server);
  const conn = await connectServer({
    clientEra: "modern",
    transport: server.transport,
    key: eraKeyForUrl(TEST_URL),
    timeoutMs: 5000,
  });
  open.push(conn);
  const roles: Record<string, ProbeRole> = {
    [ORIGINS.declared]: "declared",
    [ORIGINS.undeclared]: "undeclared",
  };
  const { report } = await runTestHost({
    conn,
    tool,
    faults,
    ...view,
    probe: async (url) => {
      const u = new URL(url);
      const role = roles[u.origin];
      return { status: role ? (answerProbe(state, role, u)?.status ?? 404) : 404 };
    },
  });
  // The server amends the teardown rows from the beacons; give the last one a moment.
  await new Promise((r) => setTimeout(r, 300));
  const kept = state.reports.find((r) => r.run === report.run);
  expect(kept, "the view's report reached the server").toBeDefined();
  return kept!;
}

const failed = (r: ConformanceReport) =>
  r.results
    .filter((p) => p.verdict === "FAIL")
    .map(rowName)
    .sort();

describe("faults planted in a test host", { timeout: 30_000 }, () => {
  it("a conforming test host fails no row, and its teardown rows pass once the view has gone", async () => {
    const good = await run();
    expect(failed(good)).toEqual([]);
    const verdict = (id: string) => good.results.find((p) => p.id === id)?.verdict;
    expect(verdict("lifecycle/teardown-notify")).toBe("PASS");
    expect(verdict("lifecycle/teardown-await")).toBe("PASS");
    expect(verdict("security/sandbox-resource-ready")).toBe("PASS");
    expect(verdict("visibility/app-tool-call-guard")).toBe("PASS");
    const defaults = await run({}, TOOLS.defaultCsp);
    expect(failed(defaults)).toEqual([]);
    expect(defaults.results.find((p) => p.id === "security/csp-default-deny")?.verdict).toBe(
      "PASS",
    );
  });

  it("forwarding a view's call to a model-only tool fails the app-call guard, and nothing else", async () => {
    expect(failed(await run({ forwardModelOnly: true }))).toEqual([
      "visibility/app-tool-call-guard",
    ]);
  });

  it("removing the frame before teardown, and never sending it, fails teardown-notify alone (the view's pagehide beacon)", async () => {
    const r = await run({ removeWithoutTeardown: true });
    expect(failed(r)).toEqual(["lifecycle/teardown-notify"]);
    const notify = r.results.find((p) => p.id === "lifecycle/teardown-notify")!;
    expect(notify.evidence).toContain("went away before ui/resource-teardown reached it");
    expect(r.results.find((p) => p.id === "lifecycle/teardown-await")?.verdict).toBe(
      "NOT OBSERVABLE",
    );
  });

  it("a default CSP looser than the spec's for a resource without csp fails csp-default-deny, and nothing else", async () => {
    expect(failed(await run({ looserDefaultCsp: true }, TOOLS.defaultCsp))).toEqual([
      "security/csp-default-deny",
    ]);
  });

  it("a view document the host rewrote fails sandbox-resource-ready, and nothing else", async () => {
    const r = await run({ rewriteDocument: true });
    expect(failed(r)).toEqual(["security/sandbox-resource-ready"]);
    expect(r.results.find((p) => p.id === "security/sandbox-resource-ready")!.evidence).toContain(
      "inject.js",
    );
  });

  it("a view that cannot take its whole document says NOT OBSERVABLE for sandbox-resource-ready, with why, never PASS", async () => {
    const r = await run({ rewriteDocument: true }, TOOLS.run, { documentUnfinished: true });
    const row = r.results.find((p) => p.id === "security/sandbox-resource-ready")!;
    expect(row.verdict).toBe("NOT OBSERVABLE");
    expect(row.evidence).toContain("parsing had not ended");
    expect(failed(r)).toEqual([]);
  });

  it("a SHOULD-only fault fails its SHOULD row and leaves no MUST row failed", async () => {
    const r = await run({ emptyHostContext: true });
    expect(failed(r)).toEqual(["host-context/initialize-hostcontext"]);
    const s = summarise(r.results);
    expect(s.MUST.fail).toBe(0);
    expect(s.SHOULD.failed.map((p) => p.id)).toEqual(["host-context/initialize-hostcontext"]);
  });
});
