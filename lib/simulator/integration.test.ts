import { describe, expect, it } from "vitest";
import { loadScenarioFiles } from "../content/scenarios";
import { createViewCache } from "./host";
import { runHeadless } from "./run";
import { resolvePorts, type Scenario } from "./scenario";

const presets = new Map(
  (await loadScenarioFiles()).map((f) => [f.scenario.id, resolvePorts(f.scenario, 3000)]),
);
const preset = (id: string): Scenario => {
  const s = presets.get(id);
  if (!s) throw new Error(`no preset ${id}`);
  return s;
};
const sent = (r: Awaited<ReturnType<typeof runHeadless>>, method: string, from = "host") =>
  r.trace.filter((e) => e.from === from && e.kind === "request" && e.method === method);

describe("host and server over in-memory transports", () => {
  it("sends no resources/read when the client never declared the extension", async () => {
    const r = await runHeadless(preset("client-without-extension"));
    expect(sent(r, "tools/call")).toHaveLength(1);
    expect(sent(r, "resources/read")).toHaveLength(0);
    // OUT-1: the agent still gets meaningful text.
    expect(r.toolResult?.content[0]).toMatchObject({ type: "text" });
  });

  it("lets the server see, per request, that the extension was not declared (NEG-2)", async () => {
    const r = await runHeadless(preset("client-without-extension"));
    expect(
      r.trace.some(
        (e) => e.from === "server" && e.note?.includes("UI not declared on this request"),
      ),
    ).toBe(true);
  });

  it("sends a 2026-07-28 envelope on every request, with no initialize", async () => {
    const r = await runHeadless(preset("happy-path"));
    const requests = r.trace.filter(
      (e) => e.channel === "host-server" && e.from === "host" && e.kind === "request",
    );
    expect(requests.map((e) => e.method)).not.toContain("initialize");
    for (const e of requests) {
      const meta = (e.message as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
      expect(meta?.["io.modelcontextprotocol/protocolVersion"]).toBe("2026-07-28");
      expect(meta).toHaveProperty(["io.modelcontextprotocol/clientCapabilities"]);
    }
  });

  it("refuses an app call to a model-only tool and sends nothing to the server", async () => {
    const s = preset("app-calls-model-only-tool");
    const r = await runHeadless(s);
    expect(r.appCall).toBe("refused");
    const target = s.action.kind === "view-calls-tool" ? s.action.tool : "";
    const calls = sent(r, "tools/call").filter(
      (e) => (e.message as { params: { name: string } }).params.name === target,
    );
    expect(calls).toHaveLength(0);
    expect(r.appCallResult?.isError).toBe(true);
    // Consent is not even asked when visibility already refuses.
    expect(r.trace.some((e) => e.note?.startsWith("consent for"))).toBe(false);
  });

  it("refuses a cross-server call to an app-only tool and sends nothing to the second server", async () => {
    const r = await runHeadless(preset("app-calls-other-server-tool"));
    expect(r.appCall).toBe("refused");
    expect(
      r.trace.filter((e) => e.to === "second server" && e.method === "tools/call"),
    ).toHaveLength(0);
  });

  it("forwards an allowed app call as an ordinary tools/call with full _meta, which the server still decides (TOOL-6)", async () => {
    const r = await runHeadless(preset("app-call-server-denies"));
    expect(r.appCall).toBe("forwarded");
    const forwarded = sent(r, "tools/call").at(-1)!;
    const meta = (forwarded.message as { params: { _meta: Record<string, unknown> } }).params._meta;
    expect(meta["io.modelcontextprotocol/clientCapabilities"]).toBeDefined();
    expect(r.appCallResult?.isError).toBe(true);
    expect(
      r.trace.some((e) => e.from === "server" && e.note?.includes("not authorized (TOOL-6)")),
    ).toBe(true);
  });

  it("sends tool-input and tool-result only after the view's initialized notification (SBX-5)", async () => {
    const r = await runHeadless(preset("happy-path"));
    // The host's own notes (the CSP warning shown to the person, CSP-3) are trace events, not
    // messages: nothing is sent to the view for them.
    const toView = r.trace.filter(
      (e) =>
        e.channel === "host-view" &&
        e.from === "host" &&
        e.kind !== "response" &&
        e.kind !== "event",
    );
    const initialized = r.trace.findIndex((e) => e.method === "ui/notifications/initialized");
    expect(initialized).toBeGreaterThan(0);
    for (const e of toView) expect(r.trace.indexOf(e)).toBeGreaterThan(initialized);
  });
});

describe("view cache (RES-5)", () => {
  const withCache = (s: Scenario, scope: "public" | "private", ttlMs = 60_000): Scenario => ({
    ...s,
    resource: { ...s.resource, cacheScope: scope, ttlMs },
  });

  it("reuses a fresh read for the same user, and the trace says so", async () => {
    const cache = createViewCache();
    const s = withCache(preset("happy-path"), "private");
    const first = await runHeadless(s, { cache });
    const second = await runHeadless(s, { cache });
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(sent(second, "resources/read")).toHaveLength(0);
    expect(second.trace.some((e) => e.status === "cache-hit")).toBe(true);
    expect(second.decision.outcome).toBe("rendered");
  });

  it("never reuses a private read for a different signed-in user", async () => {
    const cache = createViewCache();
    const s = withCache(preset("happy-path"), "private");
    await runHeadless(s, { cache });
    const bob = await runHeadless({ ...s, user: "bob" }, { cache });
    expect(bob.cache).toBe("miss");
    expect(sent(bob, "resources/read")).toHaveLength(1);
    expect(bob.trace.find((e) => e.status === "cache-miss")?.note).toContain(
      'never reused for "bob"',
    );
  });

  it("shares a public read across users", async () => {
    const cache = createViewCache();
    const s = withCache(preset("happy-path"), "public");
    await runHeadless(s, { cache });
    expect((await runHeadless({ ...s, user: "bob" }, { cache })).cache).toBe("hit");
  });

  it("does not reuse a read once its ttlMs has passed", async () => {
    let now = 1_000;
    const cache = createViewCache(() => now);
    const s = withCache(preset("happy-path"), "public", 500);
    await runHeadless(s, { cache });
    now += 499;
    expect((await runHeadless(s, { cache })).cache).toBe("hit");
    now += 1;
    const late = await runHeadless(s, { cache });
    expect(late.cache).toBe("miss");
    expect(late.trace.find((e) => e.status === "cache-miss")?.note).toContain("expired");
  });
});

describe("view cache and listing metadata", () => {
  it("decides the same on a cache hit when csp lives on the listing (RES-4)", async () => {
    const cache = createViewCache();
    const s = preset("csp-on-listing-only");
    const first = await runHeadless(s, { cache });
    const second = await runHeadless(s, { cache });
    expect(second.cache).toBe("hit");
    expect(second.decision.csp?.header).toBe(first.decision.csp?.header);
    expect(second.decision.uiMetaSource).toBe("listing");
  });
});
