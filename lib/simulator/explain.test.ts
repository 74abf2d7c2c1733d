import { describe, expect, it } from "vitest";
import { arrowOf, describeEntry, laneOf } from "./explain";
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
    });
    expect(
      arrowOf(entry({ method: "ui/notifications/sandbox-proxy-ready", kind: "notification" })),
    ).toEqual({
      from: "proxy",
      to: "host",
      relayed: false,
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
});
