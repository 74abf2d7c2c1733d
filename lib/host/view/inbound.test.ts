import { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Trace } from "./trace";
import { classifyInbound, INSTRUMENTATION_KEY } from "./inbound";
import { ProxyTransport } from "./proxy-transport";

const SANDBOX = "http://sandbox.localhost:3000";
const proxyWindow = { postMessage: () => {} } as unknown as Window;

function message(
  target: EventTarget,
  data: unknown,
  origin = SANDBOX,
  source: unknown = proxyWindow,
) {
  target.dispatchEvent(Object.assign(new Event("message"), { data, origin, source }));
}

describe("classifyInbound", () => {
  const ok = { jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} };

  it("checks the sending window before anything else", () => {
    expect(
      classifyInbound({ source: {}, origin: SANDBOX, data: ok }, proxyWindow, SANDBOX).kind,
    ).toBe("ignore");
  });

  it("then the origin", () => {
    const r = classifyInbound(
      { source: proxyWindow, origin: "http://localhost:3000", data: ok },
      proxyWindow,
      SANDBOX,
    );
    expect(r).toMatchObject({ kind: "ignore" });
  });

  it("accepts a JSON-RPC 2.0 message from the proxy, and sorts out instrumentation and junk", () => {
    expect(
      classifyInbound({ source: proxyWindow, origin: SANDBOX, data: ok }, proxyWindow, SANDBOX)
        .kind,
    ).toBe("valid");
    const report = { [INSTRUMENTATION_KEY]: { type: "csp-violation" } };
    expect(
      classifyInbound({ source: proxyWindow, origin: SANDBOX, data: report }, proxyWindow, SANDBOX)
        .kind,
    ).toBe("instrumentation");
    expect(
      classifyInbound({ source: proxyWindow, origin: SANDBOX, data: "hi" }, proxyWindow, SANDBOX)
        .kind,
    ).toBe("invalid");
    expect(
      classifyInbound(
        { source: proxyWindow, origin: SANDBOX, data: { jsonrpc: "1.0", method: "x" } },
        proxyWindow,
        SANDBOX,
      ).kind,
    ).toBe("invalid");
  });
});

describe("the host's handler under malformed input", () => {
  it("survives 1,500 generated messages, recording every one as delivered or rejected", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const transport = new ProxyTransport({ target: proxyWindow, origin: SANDBOX, trace, listenOn });
    const bridge = new AppBridge(null, { name: "t", version: "1" }, { serverTools: {} });
    const errors: Error[] = [];
    bridge.onerror = (e) => errors.push(e);
    await bridge.connect(transport);

    const sender = fc.oneof(
      { weight: 3, arbitrary: fc.constant({ source: proxyWindow, origin: SANDBOX }) },
      {
        weight: 1,
        arbitrary: fc.record({ source: fc.constant({}), origin: fc.constant(SANDBOX) }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ source: fc.constant(proxyWindow), origin: fc.webUrl() }),
      },
    );
    const data = fc.oneof(
      fc.anything(),
      fc.jsonValue(),
      fc.record(
        {
          jsonrpc: fc.constantFrom("2.0", "1.0", 2),
          method: fc.oneof(
            fc.string(),
            fc.constantFrom("tools/call", "ui/initialize", "ui/message"),
          ),
          id: fc.oneof(fc.integer(), fc.string(), fc.anything()),
          params: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      fc.record({ jsonrpc: fc.constant("2.0"), id: fc.integer(), result: fc.anything() }),
    );
    const samples = fc.sample(fc.tuple(sender, data), 1500);
    const inbound = () => trace.entries.filter((e) => e.to === "host").length;
    for (const [from, d] of samples) {
      const before = inbound();
      expect(() =>
        message(listenOn as unknown as EventTarget, d, from.origin, from.source),
      ).not.toThrow();
      // Exactly one record per inbound message: delivered, instrumentation, or rejected with a reason.
      expect(inbound() - before).toBe(1);
    }
    await new Promise((r) => setTimeout(r, 50));
    const rejected = trace.entries.filter((e) => e.status === "rejected");
    expect(rejected.length).toBeGreaterThan(300);
    for (const e of rejected) expect(e.note).toBeTruthy();
    await bridge.close();
  });
});
