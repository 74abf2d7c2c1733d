// Bundles the demo view (it speaks the bridge protocol itself; only types come from ext-apps) into
// one self-contained HTML document in public/sim-views/, next to the plain view, where the
// in-browser simulator server reads them. scripts/serve-scenario.ts bundles it the same way.
// First: with --help it prints the usage and exits before anything else loads.
import "./usage";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bundleConformanceView, bundleDemoView, SIM_VIEWS_DIR } from "./view-documents";

mkdirSync(SIM_VIEWS_DIR, { recursive: true });
// The conformance view too: the conformance-view preset serves it from the in-page server.
for (const [name, bundle] of [
  ["demo", bundleDemoView],
  ["conformance", bundleConformanceView],
] as const) {
  const html = await bundle();
  writeFileSync(path.join(SIM_VIEWS_DIR, `${name}.html`), html);
  console.log(`public/sim-views/${name}.html: ${(html.length / 1024).toFixed(1)} KiB`);
}
