import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "e2e/**"],
    environment: "node",
    // Some tests compile every lesson or run every preset; a loaded 2-core machine needs headroom.
    testTimeout: 30_000,
  },
});
