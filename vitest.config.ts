import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    // Nested installs too (the corpus's mcp-use server has its own node_modules, with zod's tests).
    exclude: ["**/node_modules/**", ".next/**", ".next-*/**", "e2e/**"],
    environment: "node",
    // Some tests compile every lesson or run every preset; a loaded 2-core machine needs headroom.
    testTimeout: 30_000,
    // Vitest's default leaves one core free (1 worker on these 2-core machines): the suite then ran
    // file after file, 178 s against 108 s with two. Under `npm test` the build shares the cores.
    maxWorkers: 2,
  },
});
