import { describe, expect, it } from "vitest";
import { lazyModule } from "./lazy-module";

/** An importer the test settles by hand, counting its calls. */
function manualImporter() {
  const calls: { resolve: (m: { n: number }) => void; reject: (e: Error) => void }[] = [];
  const importer = () =>
    new Promise<{ n: number }>((resolve, reject) => calls.push({ resolve, reject }));
  return { importer, calls };
}

describe("lazyModule", () => {
  it("fetches once however often it is asked, and hands the module over once it is in", async () => {
    const { importer, calls } = manualImporter();
    const lazy = lazyModule(importer);
    expect(calls).toHaveLength(0); // not eager: nothing until asked
    const a = lazy.load();
    const b = lazy.load();
    expect(calls).toHaveLength(1);
    expect(lazy.loaded()).toBeUndefined();
    calls[0]!.resolve({ n: 1 });
    expect(await a).toEqual({ n: 1 });
    expect(await b).toBe(await a);
    expect(lazy.loaded()).toEqual({ n: 1 });
    await lazy.load();
    expect(calls).toHaveLength(1);
  });

  it("does not keep a failed load: the next load, or retry, fetches again", async () => {
    const { importer, calls } = manualImporter();
    const lazy = lazyModule(importer);
    const first = lazy.load();
    calls[0]!.reject(new Error("chunk refused"));
    await expect(first).rejects.toThrow("chunk refused");
    expect(lazy.loaded()).toBeUndefined();
    lazy.retry();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve({ n: 2 });
    expect(await lazy.load()).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it("starts at once when eager, but only in a browser", () => {
    const { importer, calls } = manualImporter();
    lazyModule(importer, { eager: true });
    // vitest runs in node: no window, so an eager module waits to be asked, as on the server.
    expect(calls).toHaveLength(0);
  });
});
