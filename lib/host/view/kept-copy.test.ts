import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { keptCopy, keptJson } from "./kept-copy";

describe("keptCopy", () => {
  it("names each cut string by its JSON Pointer, escaping ~ and /, in the message's order", () => {
    const { value, clipped } = keptCopy({ "a/b": ["xxxx", "ok"], "c~d": { e: "yyyyy" } }, 3);
    expect(value).toEqual({ "a/b": ["xxx", "ok"], "c~d": { e: "yyy" } });
    expect(clipped).toEqual({
      count: 2,
      characters: 3,
      strings: [
        { path: "/a~1b/0", length: 4 },
        { path: "/c~0d/e", length: 5 },
      ],
    });
  });

  it("lists the first 20 cut strings and counts them all", () => {
    const { clipped } = keptCopy(
      Array.from({ length: 50 }, () => "abcd"),
      2,
    );
    expect(clipped!.count).toBe(50);
    expect(clipped!.characters).toBe(100);
    expect(clipped!.strings).toHaveLength(20);
    expect(clipped!.strings[19]).toEqual({ path: "/19", length: 4 });
  });

  it("walks a message nested 100,000 deep without recursion, and a cycle once", () => {
    let deep: unknown = "z".repeat(5000);
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const { clipped } = keptCopy(deep);
    expect(clipped!.count).toBe(1);
    expect(clipped!.strings[0]!.path.length).toBeLessThanOrEqual(201);
    const cyclic: Record<string, unknown> = { s: "q".repeat(3000) };
    cyclic.self = cyclic;
    const kept = keptCopy(cyclic).value as Record<string, unknown>;
    expect(kept.self).toBe(kept);
    expect(kept.s).toHaveLength(2048);
  });

  it("keeps what is not a plain object, array or string as it is", () => {
    const bytes = new Uint8Array(4);
    const { value } = keptCopy({ bytes, n: 1, long: "l".repeat(3000) });
    expect((value as { bytes: unknown }).bytes).toBe(bytes);
  });
});

describe("keptJson", () => {
  it("keeps the first characters of the compact JSON and counts the rest", () => {
    expect(keptJson({ data: "x".repeat(1000) }, 20)).toEqual({
      json: '{"data":"xxxxxxxxxxx',
      more: 1011 - 20,
    });
    expect(keptJson("short", 20)).toEqual({ json: '"short"', more: 0 });
  });

  it("names a value JSON cannot write instead of throwing", () => {
    expect(keptJson({ n: 1n }, 20)).toEqual({
      json: "(a value JSON cannot write, such as a BigInt)",
      more: 0,
    });
  });
});

setFlagsFromString("--expose-gc");

describe("what a kept copy holds on to", () => {
  // V8 makes a long slice a view into its whole string: a kept start must not keep the whole.
  const gc = runInNewContext("gc") as () => void;
  const heap = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };

  it("forty 250 KiB messages, kept and their originals dropped, leave under 2 MB on the heap", () => {
    const before = heap();
    const kept: unknown[] = [];
    for (let i = 0; i < 40; i++) {
      const data = `${i}:`.padEnd(250 * 1024, "z");
      kept.push(keptCopy({ params: { data } }).value, keptJson(data, 300));
    }
    expect(heap() - before).toBeLessThan(2 * 1024 * 1024);
    expect(kept).toHaveLength(80);
  });
});
