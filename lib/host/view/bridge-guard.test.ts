import { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import { InMemoryTransport, type JSONRPCMessage } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { BridgeOrderGuard } from "./bridge-guard";
import { Trace } from "./trace";

async function setup() {
  const trace = new Trace();
  const bridge = new AppBridge(null, { name: "t", version: "1" }, { serverTools: {} });
  let calls = 0;
  let initialized = 0;
  bridge.oncalltool = async () => {
    calls++;
    return { content: [] };
  };
  bridge.oninitialized = () => initialized++;
  const [hostSide, viewSide] = InMemoryTransport.createLinkedPair();
  await bridge.connect(new BridgeOrderGuard(hostSide, trace, "host-view", "view"));
  const received: JSONRPCMessage[] = [];
  viewSide.onmessage = (m) => received.push(m);
  await viewSide.start();
  const tick = () => new Promise((r) => setTimeout(r, 20));
  return { trace, viewSide, received, tick, counts: () => ({ calls, initialized }) };
}

describe("BridgeOrderGuard", () => {
  it("answers a view's request before ui/initialize with an error; nothing reaches the host's handler (BRG-2, SBX-6)", async () => {
    const { viewSide, received, tick, counts, trace } = await setup();
    await viewSide.send({
      jsonrpc: "2.0",
      id: 5,
      method: "tools/call",
      params: { name: "x", arguments: {} },
    });
    await tick();
    expect(counts().calls).toBe(0);
    expect(received).toEqual([
      expect.objectContaining({ id: 5, error: expect.objectContaining({ code: -32600 }) }),
    ]);
    // The view's order comes from BRG-2 (ui/initialize, then initialized); SBX-5 governs what the
    // host sends, so citing it here would teach a rule that says something else.
    const refusal = trace.entries.find((e) => e.status === "refused");
    expect(refusal?.note).toContain("BRG-2");
    expect(refusal?.note).toContain("SBX-6");
    expect(refusal?.note).not.toContain("SBX-5");
    expect(received[0]).toMatchObject({ error: { message: expect.stringContaining("BRG-2") } });
  });

  it("lets ui/notifications/initialized through once (BRG-3)", async () => {
    const { viewSide, tick, counts } = await setup();
    await viewSide.send({
      jsonrpc: "2.0",
      id: 1,
      method: "ui/initialize",
      params: {
        protocolVersion: "2026-01-26",
        appInfo: { name: "v", version: "1" },
        appCapabilities: {},
      },
    });
    await tick();
    for (let i = 0; i < 3; i++)
      await viewSide.send({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} });
    await tick();
    expect(counts().initialized).toBe(1);
    // After ui/initialize, requests are handled as usual.
    await viewSide.send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "x", arguments: {} },
    });
    await tick();
    expect(counts().calls).toBe(1);
  });
});
