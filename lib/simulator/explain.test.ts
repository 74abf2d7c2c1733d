import { describe, expect, it } from "vitest";
import { arrowOf, describeEntry, laneOf, rulesOf, spanOf } from "./explain";
import type { TraceEntry } from "./trace";

const entry = (e: Partial<TraceEntry>): TraceEntry => ({
  seq: 1,
  at: 0,
  channel: "host-proxy",
  from: "proxy",
  to: "host",
  kind: "request",
  status: "delivered",
  ...e,
});

describe("sequence diagram helpers", () => {
  it("puts participants in lanes", () => {
    expect(laneOf("second server")).toBe("server");
    expect(laneOf("cache")).toBe("host");
    expect(laneOf("http://evil.example")).toBe("outside");
  });

  it("draws relayed bridge messages from the view, and the proxy's own messages from the proxy", () => {
    expect(arrowOf(entry({ method: "tools/call" }))).toEqual({
      from: "view",
      to: "host",
      relayed: true,
      outside: false,
    });
    expect(
      arrowOf(entry({ method: "ui/notifications/sandbox-proxy-ready", kind: "notification" })),
    ).toEqual({
      from: "proxy",
      to: "host",
      relayed: false,
      outside: false,
    });
    expect(
      arrowOf(entry({ from: "host", to: "proxy", method: "ui/notifications/tool-result" })).to,
    ).toBe("view");
  });

  it("explains a step in one sentence with its rule", () => {
    expect(
      describeEntry(entry({ method: "ui/notifications/initialized", kind: "notification" })),
    ).toContain("SBX-5");
    expect(
      describeEntry(entry({ kind: "event", status: "refused", note: "tools/call x refused" })),
    ).toBe("tools/call x refused");
    expect(describeEntry(entry({ method: "tools/call", status: "rejected" }))).toMatch(
      /^Rejected: /,
    );
  });

  it("spans an arrow from the sender's lane to the receiver's, both included", () => {
    const toServer = arrowOf(entry({ channel: "host-server", from: "host", to: "server" }));
    expect(spanOf(toServer)).toEqual({ left: 0, right: 1, rightward: false });
    const relayed = arrowOf(
      entry({ from: "host", to: "proxy", method: "ui/notifications/tool-input" }),
    );
    expect(spanOf(relayed)).toEqual({ left: 1, right: 3, rightward: true });
  });

  it("draws a message from a frame of unknown origin at its receiver, marked as outside", () => {
    const a = arrowOf(entry({ from: "http://evil.localhost:3000", status: "rejected" }));
    expect(a).toEqual({ from: "host", to: "host", relayed: false, outside: true });
  });

  it("names the rules each message triggered", () => {
    expect(rulesOf(entry({ method: "ui/initialize" }))).toEqual(["BRG-2"]);
    expect(rulesOf(entry({ method: "tools/call" }))).toEqual(["BRG-5"]);
    expect(
      rulesOf(entry({ channel: "host-server", from: "host", to: "server", method: "tools/call" })),
    ).toEqual(["NEG-2"]);
    expect(rulesOf(entry({ kind: "event", status: "rejected", note: "not JSON-RPC" }))).toEqual([
      "SBX-6",
    ]);
    expect(
      rulesOf(entry({ channel: "instrumentation", kind: "event", note: "csp-violation" })),
    ).toEqual([]);
  });
});
