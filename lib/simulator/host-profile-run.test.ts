import { App } from "@modelcontextprotocol/ext-apps";
import { InMemoryTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { behavioursOf, REFERENCE_BEHAVIOURS, type HostBehaviours } from "../decide/host-profile";
import { loadHostProfiles } from "../content/host-profiles";
import { loadHostRecords } from "../content/hosts";
import { loadScenarioFiles } from "../content/scenarios";
import { Trace } from "../host/view/trace";
import { createViewCache, SimHost } from "./host";
import { previewDecision } from "./preview";
import { HEADLESS_VIEWS, runHeadless } from "./run";
import { resolvePorts, type Scenario } from "./scenario";

// The instant preview under a host profile must be what the real run decides under it, as it is
// for the reference (scenarios.test.ts); and what acts after the view renders (the bridge: display
// modes, ui/message, model context, the result the view is sent) follows the profile too.

const profiles = await loadHostProfiles(await loadHostRecords(), "2026-12-20");
const presets = await loadScenarioFiles();
const preset = (id: string) =>
  resolvePorts(presets.find((f) => f.scenario.id === id)!.scenario, 3000);

/** Presets whose rows some profile changes: CSP lists and defaults, visibility, calls, eras. */
const EXERCISED = [
  "happy-path",
  "csp-all-four-lists",
  "csp-omitted-restrictive-default",
  "csp-out-of-policy-text",
  "app-calls-model-only-tool",
  "app-call-consent-deny",
  "visibility-app-only-ui-tool",
  "era-modern-client-legacy-server",
  "era-dual-client-legacy-server",
];

describe("the instant preview agrees with the real run under each host profile", () => {
  it.each(profiles.map((p) => [p.id, p] as const))("%s", async (_id, profile) => {
    const b = behavioursOf(profile);
    for (const id of EXERCISED) {
      const s = preset(id);
      const preview = previewDecision(s, b);
      const real = await runHeadless(s, { behaviours: b });
      expect(
        real.decision.rows.map((r) => [r.row, r.verdict]),
        id,
      ).toEqual(preview.rows.map((r) => [r.row, r.verdict]));
      expect(real.decision.csp?.header, id).toBe(preview.csp?.header);
      expect(real.outcome === "timed-out" ? "rendered" : real.outcome, id).toBe(preview.outcome);
    }
  });
});

/** A preset's rendered view under `behaviours`, its bridge connected to a real ext-apps App. */
async function connectView(s: Scenario, behaviours: HostBehaviours) {
  const trace = new Trace();
  const host = await SimHost.create(
    s,
    HEADLESS_VIEWS,
    trace,
    createViewCache(),
    undefined,
    behaviours,
  );
  const turn = await host.agentTurn({});
  const bridge = host.createBridge(turn, async () => "deny");
  const [hostSide, viewSide] = InMemoryTransport.createLinkedPair();
  await bridge.connect(hostSide);
  const app = new App(
    { name: "test-view", version: "1.0.0" },
    { availableDisplayModes: ["inline"] },
    { autoResize: false },
  );
  let result: CallToolResult | undefined;
  app.ontoolresult = (r) => (result = r as CallToolResult);
  await app.connect(viewSide);
  return {
    app,
    host,
    turn,
    bridge,
    trace,
    result: () => result,
    async close() {
      await app.close();
      await bridge.close();
      await host.close();
    },
  };
}

const withB = (over: Partial<HostBehaviours>): HostBehaviours => ({
  ...REFERENCE_BEHAVIOURS,
  ...over,
});

describe("after the view renders, the host does what its profile says", () => {
  it("offers the profile's display modes and, on a host that switches, switches to an undeclared one (BRG-6)", async () => {
    const v = await connectView(
      preset("happy-path"),
      withB({ displayModes: ["inline", "fullscreen", "pip"], undeclaredMode: "switch" }),
    );
    try {
      expect(v.app.getHostContext()?.availableDisplayModes).toEqual([
        "inline",
        "fullscreen",
        "pip",
      ]);
      expect(await v.app.requestDisplayMode({ mode: "pip" })).toMatchObject({ mode: "pip" });
    } finally {
      await v.close();
    }
    const r = await connectView(preset("happy-path"), REFERENCE_BEHAVIOURS);
    try {
      expect(await r.app.requestDisplayMode({ mode: "pip" })).toMatchObject({ mode: "inline" });
    } finally {
      await r.close();
    }
  });

  it("drafts a ui/message into the chat input on a host that drafts it, and refuses it where it is not offered", async () => {
    const draft = await connectView(preset("happy-path"), withB({ message: "draft" }));
    try {
      await draft.app.sendMessage({ role: "user", content: [{ type: "text", text: "Hello" }] });
      expect(draft.host.conversation.snapshot().transcript.at(-1)).toMatchObject({
        from: "view",
        draft: true,
        text: "Hello",
      });
    } finally {
      await draft.close();
    }
    const none = await connectView(preset("happy-path"), withB({ message: "not-offered" }));
    try {
      expect(none.app.getHostCapabilities()?.message).toBeUndefined();
      await expect(
        none.app.sendMessage({ role: "user", content: [{ type: "text", text: "Hello" }] }),
      ).rejects.toThrow(/not offered by this host/);
    } finally {
      await none.close();
    }
  });

  it("accepts model context the model never sees on a host like Claude's", async () => {
    const v = await connectView(preset("happy-path"), withB({ modelContext: "not-seen" }));
    try {
      await v.app.updateModelContext({ content: [{ type: "text", text: "42 items" }] });
      expect(v.host.conversation.snapshot().modelContext).toBeUndefined();
      expect(v.trace.entries.some((e) => e.note?.includes("does not pass it to the model"))).toBe(
        true,
      );
    } finally {
      await v.close();
    }
  });

  it("sends tool-result without structuredContent on a host that strips it", async () => {
    const s = preset("happy-path");
    const stripped = await runHeadless(s, { behaviours: withB({ structuredContent: "stripped" }) });
    expect(stripped.toolResult?.structuredContent).toBeDefined();
    const sent = stripped.trace.find(
      (e) => e.channel === "host-view" && e.method === "ui/notifications/tool-result",
    );
    expect(sent?.message).toBeDefined();
    expect(JSON.stringify(sent!.message)).not.toContain("structuredContent");
    const whole = await runHeadless(s);
    const sentWhole = whole.trace.find(
      (e) => e.channel === "host-view" && e.method === "ui/notifications/tool-result",
    );
    expect(JSON.stringify(sentWhole!.message)).toContain("structuredContent");
  });

  it("keeps a view by its URI past its ttlMs on a host that caches by URI (RES-1)", async () => {
    const s: Scenario = {
      ...preset("happy-path"),
      resource: { ...preset("happy-path").resource, ttlMs: 0 },
    };
    const cache = createViewCache();
    const b = withB({ caching: "by-uri" });
    await runHeadless(s, { cache, behaviours: b });
    expect((await runHeadless(s, { cache, behaviours: b })).cache).toBe("hit");
    expect((await runHeadless(s, { cache })).cache).toBe("miss");
  });
});
