import { describe, expect, it, vi } from "vitest";

describe("lib/zod-jitless", () => {
  it("makes Zod, loaded after it, start jitless without importing Zod itself", async () => {
    vi.resetModules();
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
    await import("./zod-jitless");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });
});
