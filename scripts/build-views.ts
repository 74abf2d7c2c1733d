// Bundles the demo view (it speaks the bridge protocol itself; only types come from ext-apps) into
// one self-contained HTML document in public/sim-views/, next to the plain view, where the
// in-browser simulator server reads them.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "public", "sim-views");
mkdirSync(out, { recursive: true });

const result = await build({
  entryPoints: [path.join(root, "lib/simulator/views/demo-view.ts")],
  bundle: true,
  write: false,
  format: "iife",
  platform: "browser",
  target: "es2022",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
});
const js = result.outputFiles[0]!.text.replace(/<\/script/gi, "<\\/script");
const shell = readFileSync(path.join(root, "lib/simulator/views/demo-view.html"), "utf8");
if (!shell.includes("/*BUNDLE*/")) throw new Error("demo-view.html lost its /*BUNDLE*/ marker");
const html = shell.replace("/*BUNDLE*/", () => js);
writeFileSync(path.join(out, "demo.html"), html);
console.log(`public/sim-views/demo.html: ${(html.length / 1024).toFixed(1)} KiB`);
