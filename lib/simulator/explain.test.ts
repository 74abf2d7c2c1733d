import { describe, expect, it } from "vitest";
import {
  arrowOf,
  describeEntry,
  entryJson,
  entryJsonPreview,
  laneOf,
  PREVIEW_CHARS,
  rulesOf,
  spanOf,
} from "./explain";
import { KEPT_STRING_CHARS } from "../host/view/kept-copy";
import { Trace, type TraceEntry } from "../host/view/trace";

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

describe("entryJsonPreview", () => {
  const entry = (message: unknown) =>
    ({ seq: 1, kind: "message", message }) as unknown as Parameters<typeof entryJsonPreview>[0];

  it("pretty-prints an ordinary message exactly as JSON.stringify would", () => {
    const m = {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "x", arguments: { a: [1, {}, []] } },
    };
    expect(entryJsonPreview(entry(m))).toEqual({
      text: JSON.stringify(m, null, 2),
      complete: true,
    });
  });

  it("stops at the preview size for a message whose pretty form explodes, and says it is partial (issue #25)", () => {
    // 216 KB of nested arrays: pretty-printed whole it came to about 145 M characters.
    let v: unknown = 0;
    for (let i = 0; i < 3000; i++) v = [v, v === 0 ? 1 : [1, 2, 3]];
    const wide = Array.from({ length: 2000 }, () => [[[[[[[[["x".repeat(50)]]]]]]]]]);
    for (const m of [
      { jsonrpc: "2.0", method: "m", params: { v } },
      { jsonrpc: "2.0", method: "m", params: { wide } },
    ]) {
      const p = entryJsonPreview(entry(m), 5000);
      expect(p.complete).toBe(false);
      expect(p.text.length).toBeLessThanOrEqual(5000);
    }
  });

  it("copies the pretty form when it fits the preview, compact JSON otherwise", () => {
    const m = { jsonrpc: "2.0", method: "ping", id: 1 };
    expect(entryJson(entry(m))).toBe(JSON.stringify(m, null, 2));
    const big = {
      jsonrpc: "2.0",
      method: "m",
      params: { list: Array.from({ length: 5000 }, (_, i) => i) },
    };
    expect(entryJson(entry(big))).toBe(JSON.stringify(big));
  });

  it("marks, outside its quotes, each string the trace cut, and still copies the kept message as JSON (issue #39)", () => {
    const trace = new Trace(() => 0);
    const data = "<b>data</b>".padEnd(250 * 1024, "z");
    const e = trace.message("host-proxy", "proxy", "host", {
      jsonrpc: "2.0",
      method: "notifications/message",
      params: { level: "info", "a/b": data },
    });
    const kept = JSON.stringify(data.slice(0, KEPT_STRING_CHARS));
    const more = (data.length - KEPT_STRING_CHARS).toLocaleString("en");
    expect(entryJsonPreview(e, PREVIEW_CHARS, true).text).toContain(
      `"a/b": ${kept} … and ${more} more characters, not kept\n`,
    );
    expect(JSON.parse(entryJson(e))).toEqual(e.message);
    expect(entryJson(e)).not.toContain("not kept");
  });
});
