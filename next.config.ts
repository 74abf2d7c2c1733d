import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Lets parallel work build side by side without sharing one .next (default unchanged).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // esbuild (used by mdx-bundler at build time) ships a native binary: keep it out of the bundle.
  serverExternalPackages: ["esbuild", "mdx-bundler"],
  poweredByHeader: false,
  // zod's table of ~50 message locales (36 of the simulator runner's 90 KiB gzipped) is replaced
  // in browser bundles by English alone: zod imports English directly and nothing here selects
  // another locale. The request is zod's own relative import of that table; check-first-load.ts
  // fails the build when a browser chunk still carries a foreign locale.
  turbopack: {
    resolveAlias: {
      "../locales/index.js": { browser: "./lib/vendor-shims/zod-locales.ts" },
    },
  },
  reactStrictMode: true,
  // `npm test` type-checks the whole project (tsc --noEmit) before it builds and sets this, so the
  // build does not check the same files a second time (~16 s of a 2-core machine). A plain
  // `npm run build` still type-checks.
  typescript: { ignoreBuildErrors: process.env.ACADEMY_TYPES_CHECKED === "1" },
};

export default nextConfig;
