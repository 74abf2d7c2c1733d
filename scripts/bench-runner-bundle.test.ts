import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildBenchRunner } from "./bench-runner-bundle";
import { chunksWithLocales } from "./zod-locale-guard";

describe("the bare runner's bundle (bench fixture)", () => {
  it("is the runner, without zod's foreign locales, as the app's own chunks are", async () => {
    const { file, bytes } = await buildBenchRunner();
    const js = readFileSync(file, "utf8");
    expect(bytes).toBe(Buffer.byteLength(js));
    // The runner's own work is in it: the sandbox proxy's handshake and the run's first step.
    expect(js).toContain("ui/notifications/sandbox-proxy-ready");
    expect(js).toContain("/sandbox/token");
    const found = chunksWithLocales(
      path.dirname(file),
      path.join("node_modules", "zod", "v4", "locales", "de.js"),
    );
    expect(found).toEqual({ chunks: [] });
  }, 30_000);
});
