// Node only: the simulator's view documents as a server outside the browser app serves them. The
// demo view is bundled from its source here, the way scripts/build-views.ts bundles it for the
// app, so a server started before (or without) `npm run build` serves the real view, never a
// stale copy; the hand-written views are read from public/sim-views/, where the app serves them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { build, type BuildOptions } from "esbuild";
import type { Scenario } from "../lib/simulator/scenario";
import type { ViewDocuments } from "../lib/simulator/server";
import { HEADLESS_VIEWS } from "../lib/simulator/run";

const root = path.resolve(import.meta.dirname, "..");
export const SIM_VIEWS_DIR = path.join(root, "public", "sim-views");

type ViewKind = Scenario["resource"]["view"];

/**
 * A browser script bundled by esbuild from `entry` (relative to the repository): one minified IIFE,
 * its text returned. `extra` adds build options (defines, plugins).
 */
export async function bundleBrowserScript(
  entry: string,
  extra: Pick<BuildOptions, "define" | "plugins"> = {},
): Promise<string> {
  const result = await build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    ...extra,
  });
  return result.outputFiles[0]!.text;
}

// A view's script bundled (esbuild, one IIFE) and inlined into its HTML shell at its BUNDLE marker.
async function bundleView(entry: string, shellFile: string): Promise<string> {
  // The bundle is inlined: a literal "</script" in it would end the element early.
  const js = (await bundleBrowserScript(entry)).replace(/<\/script/gi, "<\\/script");
  const shell = readFileSync(path.join(root, shellFile), "utf8");
  if (!shell.includes("/*BUNDLE*/")) throw new Error(`${shellFile} lost its /*BUNDLE*/ marker`);
  return shell.replace("/*BUNDLE*/", () => js);
}

/** The demo view as one self-contained HTML document: its script bundled into its shell. */
export const bundleDemoView = () =>
  bundleView("lib/simulator/views/demo-view.ts", "lib/simulator/views/demo-view.html");

const NO_COMPANIONS = '<meta name="companion-tools" content="" />';

/**
 * The demo view document naming the tools its own server has for it to call, in its
 * companion-tools meta (space-separated; scenario tool names are lower_snake_case, so nothing
 * needs escaping). The view offers a button for each once its tool input has arrived.
 */
export function withCompanionTools(html: string, names: readonly string[]): string {
  if (!html.includes(NO_COMPANIONS))
    throw new Error("the demo view document has no empty companion-tools meta to fill");
  const bad = names.find((n) => !/^[a-z][a-z0-9_]*$/.test(n));
  if (bad !== undefined)
    throw new Error(`companion tool name ${JSON.stringify(bad)} is not lower_snake_case`);
  return html.replace(
    NO_COMPANIONS,
    () => `<meta name="companion-tools" content="${names.join(" ")}" />`,
  );
}

/** The conformance view (lib/conformance/view.ts) in its shell, bundled the same way. */
export const bundleConformanceView = () =>
  bundleView("lib/conformance/view.ts", "lib/conformance/view.html");

/** One view's browser document, as the simulator's browser runs serve it. */
async function viewDocument(kind: ViewKind): Promise<string> {
  if (kind === "demo") {
    try {
      return await bundleDemoView();
    } catch (e) {
      throw new Error(
        `could not bundle the demo view from lib/simulator/views/demo-view.ts: ${(e as Error).message}`,
      );
    }
  }
  if (kind === "conformance") return bundleConformanceView();
  const file = path.join(SIM_VIEWS_DIR, `${kind}.html`);
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new Error(
      `could not read the ${kind} view document ${path.relative(root, file)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); it is part of the repository: restore it with git checkout -- ${path.relative(root, file)}`,
    );
  }
}

/**
 * The documents for a server that serves `kind`: that one real, the others the headless
 * placeholders (a scenario's server serves one view; the rest are never read).
 */
export async function viewDocumentsFor(kind: ViewKind): Promise<ViewDocuments> {
  return { ...HEADLESS_VIEWS, [kind]: await viewDocument(kind) };
}
