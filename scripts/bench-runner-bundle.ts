// Builds the bare runner page's script (lib/simulator/bench-runner.ts, a bench fixture) as the
// views are bundled (view-documents.ts) and the way the app's browser bundles are built where it
// matters for a cold start: minified, for production, and with zod's foreign message locales
// left out as next.config.ts leaves them out.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Plugin } from "esbuild";
import { bundleBrowserScript } from "./view-documents";

const root = path.resolve(import.meta.dirname, "..");

/** zod's relative import of its locale table → English alone (lib/vendor-shims/zod-locales.ts). */
const zodEnglishOnly: Plugin = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`)
        ? { path: path.join(root, "lib/vendor-shims/zod-locales.ts") }
        : undefined,
    );
  },
};

/** Bundles the bare runner into a temporary file; returns its path and its size in bytes. */
export async function buildBenchRunner(): Promise<{ file: string; bytes: number }> {
  const text = await bundleBrowserScript("lib/simulator/bench-runner.ts", {
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [zodEnglishOnly],
  });
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "academy-bench-")), "runner.js");
  writeFileSync(file, text);
  return { file, bytes: Buffer.byteLength(text) };
}
