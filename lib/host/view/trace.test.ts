import { describe, expect, it } from "vitest";
import { KEPT_STRING_CHARS } from "./kept-copy";
import { Trace } from "./trace";

describe("Trace bounds", () => {
  it("keeps at most maxEntries entries, folding the oldest into one summary", () => {
    const trace = new Trace(() => 0, 100);
    for (let i = 0; i < 1000; i++)
      trace.event("host-proxy", "proxy", "host", `junk ${i}`, i % 2 ? "rejected" : "delivered");
    expect(trace.entries.length).toBeLessThanOrEqual(100);
    const [summary, ...rest] = trace.entries;
    expect(summary!.note).toMatch(
      /^\d+ earlier entries summarised \(\d+ delivered, \d+ rejected\)/,
    );
    expect(trace.summarisedCount + rest.length).toBe(1000);
    // The latest entries are all there, in order.
    expect(rest.at(-1)!.note).toBe("junk 999");
    expect(rest.map((e) => e.seq)).toEqual(rest.map((_, i) => 1000 - rest.length + 1 + i));
  });
});

describe("what the trace keeps of a big message (issue #39)", () => {
  const DATA = 250 * 1024;
  const log = (data: unknown) => ({
    jsonrpc: "2.0",
    method: "notifications/message",
    params: { level: "info", data },
  });

  it("keeps the first 2,048 characters of a 250 KiB string, and says where and how much it cut", () => {
    const trace = new Trace(() => 0);
    const data = "<b>data</b>".padEnd(DATA, "z");
    const e = trace.message("host-proxy", "proxy", "host", log(data));
    expect(e).toMatchObject({ kind: "notification", method: "notifications/message" });
    const kept = e.message as ReturnType<typeof log>;
    expect(kept.params.level).toBe("info");
    expect(kept.params.data).toBe(data.slice(0, KEPT_STRING_CHARS));
    expect(JSON.stringify(kept).length).toBeLessThan(KEPT_STRING_CHARS + 100);
    expect(e.clipped).toEqual({
      count: 1,
      characters: DATA - KEPT_STRING_CHARS,
      strings: [{ path: "/params/data", length: DATA }],
    });
  });

  it("keeps forty such messages in under 100 KB of strings, where it kept 10 MB", () => {
    const trace = new Trace(() => 0);
    for (let i = 0; i < 40; i++)
      trace.message("host-proxy", "proxy", "host", log(`${i}:`.padEnd(DATA, "z")));
    const kept = trace.entries.reduce((n, e) => n + JSON.stringify(e.message).length, 0);
    expect(kept).toBeLessThan(100_000);
    expect(trace.entries.map((e) => e.clipped?.characters)).toEqual(
      Array(40).fill(DATA - KEPT_STRING_CHARS),
    );
  });

  it("keeps a message with no long string as it is (no copy), and reads kind, method and id from the whole message", () => {
    const trace = new Trace(() => 0);
    const small = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "x" } };
    const req = trace.message("host-proxy", "proxy", "host", small);
    expect(req.message).toBe(small);
    expect(req.clipped).toBeUndefined();
    const answer = {
      jsonrpc: "2.0",
      id: 7,
      result: { content: [{ type: "text", text: "y".repeat(DATA) }] },
    };
    const res = trace.message("host-proxy", "host", "proxy", answer);
    expect(res).toMatchObject({ kind: "response", method: "tools/call", id: 7 });
    expect(res.clipped?.strings).toEqual([{ path: "/result/content/0/text", length: DATA }]);
    // The message the handler got is not touched.
    expect(answer.result.content[0]!.text).toHaveLength(DATA);
  });

  it("cuts an event's message too (an instrumentation report)", () => {
    const trace = new Trace(() => 0);
    const e = trace.event("instrumentation", "proxy", "host", "report", "delivered", {
      type: "csp-violation",
      sample: "s".repeat(10_000),
    });
    expect((e.message as { sample: string }).sample).toHaveLength(KEPT_STRING_CHARS);
    expect(e.clipped?.count).toBe(1);
  });
});
