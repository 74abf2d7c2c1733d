// Bundles the demo view (ext-apps App and all) into one self-contained HTML document, and copies
// it with the plain view to public/sim-views/, where the in-browser simulator server reads them.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "public", "sim-views");
mkdirSync(out, { recursive: true });

// zod's classic namespace re-exports every locale (about 260 KiB minified); the view only ever
// reports errors in English, so the locale index is replaced by one that exports `en` alone.
const englishOnlyZodLocales: Plugin = {
  name: "zod-english-locales",
  setup(b) {
    b.onResolve({ filter: /locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`)
        ? { path: "zod-locales-en", namespace: "zod-locales" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-locales" }, () => ({
      contents: 'export { default as en } from "zod/v4/locales/en.js";',
      resolveDir: root,
    }));
  },
};

// The MCP packages declare no "sideEffects", so a bundler must keep every module they re-export.
// Their modules only define classes, schemas and functions; marking them side-effect free lets
// esbuild drop what the view never imports (the Client, auth, validators).
const mcpPackagesSideEffectFree: Plugin = {
  name: "mcp-side-effect-free",
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === "mcp-side-effect-free" || args.kind === "entry-point")
        return undefined;
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: "mcp-side-effect-free",
      });
      if (
        resolved.errors.length ||
        !resolved.path.includes(`${path.sep}@modelcontextprotocol${path.sep}`)
      ) {
        return resolved.errors.length ? undefined : { ...resolved, pluginData: undefined };
      }
      return { path: resolved.path, sideEffects: false };
    });
  },
};

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
  plugins: [englishOnlyZodLocales, mcpPackagesSideEffectFree],
});
const js = result.outputFiles[0]!.text.replace(/<\/script/gi, "<\\/script");
const shell = readFileSync(path.join(root, "lib/simulator/views/demo-view.html"), "utf8");
if (!shell.includes("/*BUNDLE*/")) throw new Error("demo-view.html lost its /*BUNDLE*/ marker");
const html = shell.replace("/*BUNDLE*/", () => js);
writeFileSync(path.join(out, "demo.html"), html);
console.log(`public/sim-views/demo.html: ${(html.length / 1024).toFixed(1)} KiB`);
