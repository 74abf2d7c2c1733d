import { describe, expect, it } from "vitest";
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
