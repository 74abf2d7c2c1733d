import { readFileSync } from "node:fs";
import { App } from "@modelcontextprotocol/ext-apps";
import { InMemoryTransport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { createViewCache, SimHost } from "./host";
import { headlessReport } from "./report";
import { HEADLESS_VIEWS, runHeadless } from "./run";
import { parseScenario, resolvePorts } from "./scenario";
import { Trace } from "../host/view/trace";
import { externalOrigins, externalOriginsWarning } from "../host/view/csp-notice";
import { planTeardown } from "../host/view/teardown-plan";
import { frameSize } from "../host/view/frame-size";

const load = (id: string) =>
  resolvePorts(parseScenario(readFileSync(`content/scenarios/${id}.json`, "utf8"), id), 4000);

/** The host's bridge for a preset's rendered view, connected to a real ext-apps App. */
async function connectView(id: string) {
  const trace = new Trace();
  const host = await SimHost.create(load(id), HEADLESS_VIEWS, trace, createViewCache());
  const turn = await host.agentTurn({});
  const bridge = host.createBridge(turn, async () => "deny");
  const [hostSide, viewSide] = InMemoryTransport.createLinkedPair();
  await bridge.connect(hostSide);
  const app = new App({ name: "test-view", version: "1.0.0" }, {}, { autoResize: false });
  await app.connect(viewSide);
  return {
    app,
    trace,
    async close() {
      await app.close();
      await bridge.close();
      await host.close();
    },
  };
}

describe("the simulator's host advertises only what it does (BRG-2, BRG-4)", () => {
  it("does not advertise openLinks, since it opens no link, and answers ui/open-link with an error that says so", async () => {
    const v = await connectView("happy-path");
    try {
      expect(v.app.getHostCapabilities()).toBeDefined();
      expect(v.app.getHostCapabilities()?.openLinks).toBeUndefined();
      await expect(v.app.openLink({ url: "https://example.com/" })).rejects.toThrow(
        /does not open links/,
      );
      expect(
        v.trace.entries.some((e) => e.note?.includes("ui/open-link https://example.com/")),
      ).toBe(true);
    } finally {
      await v.close();
    }
  });
});

describe("external origins and the CSP audit log (CSP-3)", () => {
  it("logs the CSP it built into the run's trace and its exported report, and the warning before the view's input", async () => {
    const r = await runHeadless(load("happy-path"));
    const report = headlessReport(r);
    const logged = report.trace.find((e) => e.note?.startsWith("CSP logged for audit"));
    expect(logged?.message).toMatchObject({ header: report.cspHeader });
    const warned = report.trace.find((e) => e.note?.startsWith("warned the user before rendering"));
    expect(warned?.note).toContain("connect to http://api.localhost:4000");
    const firstToView = report.trace.find((e) => e.channel === "host-view" && e.kind !== "event");
    expect(warned!.seq).toBeLessThan(firstToView!.seq);
    expect(logged!.seq).toBeLessThan(firstToView!.seq);
  });

  it("logs the restrictive default too, and warns about nothing when no external origin is allowed", async () => {
    const r = await runHeadless(load("csp-omitted-restrictive-default"));
    const logged = r.trace.find((e) => e.note?.startsWith("CSP logged for audit"));
    expect(logged?.note).toContain("restrictive default");
    expect(r.trace.some((e) => e.note?.startsWith("warned the user"))).toBe(false);
  });

  it("names each list's use and origins in the warning", () => {
    const lists = externalOrigins({
      connectDomains: ["https://api.example.com"],
      resourceDomains: [],
      frameDomains: ["https://www.youtube.com"],
      baseUriDomains: [],
    });
    expect(lists.map((l) => l.key)).toEqual(["connectDomains", "frameDomains"]);
    expect(externalOriginsWarning(lists)).toBe(
      "This view can reach origins outside this page: it may connect to https://api.example.com; embed frames from https://www.youtube.com.",
    );
    expect(externalOriginsWarning(externalOrigins(null))).toBeUndefined();
  });
});

describe("teardown on removal: BRG-3 and SBX-5 together", () => {
  it("sends nothing to a view that never initialized, whatever removes it", () => {
    for (const cause of ["replaced", "closed-by-user", "limit", "breach"] as const) {
      const plan = planTeardown(cause, false);
      expect(plan.send).toBe(false);
      expect(plan.note).toContain("SBX-5");
    }
  });

  it("sends ui/resource-teardown to an initialized view on a limit, without waiting for an answer it cannot read, and says so", () => {
    expect(planTeardown("limit", true)).toMatchObject({ send: true, awaitAnswer: false });
    expect(planTeardown("limit", true).note).toContain("not awaited");
  });

  it("skips it on a breach only with a reason to show", () => {
    const plan = planTeardown("breach", true);
    expect(plan.send).toBe(false);
    expect(plan.note).toMatch(/^No ui\/resource-teardown was sent: .+SBX-3/);
  });

  it("sends it and waits for the answer when the run is replaced or closed by the person", () => {
    for (const cause of ["replaced", "closed-by-user"] as const)
      expect(planTeardown(cause, true)).toMatchObject({ send: true, awaitAnswer: true });
  });
});

describe("a flexible container follows the view's width and height (BRG-7)", () => {
  it("takes both dimensions the view reports, capped", () => {
    expect(frameSize({ width: 320.4, height: 700 }, { width: 800 })).toEqual({
      width: 321,
      height: 700,
    });
    expect(frameSize({ width: 99_999, height: 99_999 }, { width: 800 })).toEqual({
      width: 4000,
      height: 4000,
    });
  });

  it("ignores a width the frame already has (a view echoing its viewport) and nonsense sizes", () => {
    expect(frameSize({ width: 800, height: 500 }, { width: 800 })).toEqual({ height: 500 });
    expect(frameSize({ width: -1, height: Number.NaN }, { width: 800 })).toEqual({});
    expect(frameSize({ width: "wide", height: "tall" }, { width: 800 })).toEqual({});
  });
});
