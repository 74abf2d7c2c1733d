import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { Trace } from "../trace";
import { ProxyTransport } from "./proxy-transport";

const SANDBOX = "http://sandbox.localhost:3000";
const proxyWindow = { postMessage: () => {} } as unknown as Window;
const spareWindow = { postMessage: () => {} } as unknown as Window;
const ready = { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} };

function post(target: EventTarget, data: unknown, source: unknown = proxyWindow) {
  target.dispatchEvent(Object.assign(new Event("message"), { data, origin: SANDBOX, source }));
}

describe("ProxyTransport with a proxy loaded ahead", () => {
  it("handles the proxy's earlier messages first, checked and traced, then live ones", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const seen: JSONRPCMessage[] = [];
    const transport = new ProxyTransport({
      target: proxyWindow,
      origin: SANDBOX,
      trace,
      listenOn,
      early: [
        { source: proxyWindow, origin: SANDBOX, data: ready },
        // Checked like any other message: a wrong origin is still refused.
        { source: proxyWindow, origin: "http://localhost:3000", data: ready },
      ],
    });
    transport.onmessage = (m) => seen.push(m);
    await transport.start();
    post(listenOn, { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} });
    expect(seen.map((m) => ("method" in m ? m.method : ""))).toEqual([
      "ui/notifications/sandbox-proxy-ready",
      "ui/initialize",
    ]);
    expect(trace.entries.map((e) => e.note ?? e.method)).toEqual([
      "sandbox proxy loaded before this run: its 2 earlier message(s) are handled now",
      "ui/notifications/sandbox-proxy-ready",
      expect.stringContaining("origin"),
      "ui/initialize",
    ]);
    expect(trace.entries[2]!.status).toBe("rejected");
    await transport.close();
  });

  it("leaves the next spare's messages to the spare, but still records a stranger's", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const transport = new ProxyTransport({
      target: proxyWindow,
      origin: SANDBOX,
      trace,
      listenOn,
      isOtherOwnFrame: (source) => source === spareWindow,
    });
    await transport.start();
    post(listenOn, ready, spareWindow);
    expect(trace.entries).toHaveLength(0);
    post(listenOn, ready, {});
    expect(trace.entries).toHaveLength(1);
    expect(trace.entries[0]!.status).toBe("rejected");
    await transport.close();
  });
});
