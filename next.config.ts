import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Lets parallel work build side by side without sharing one .next (default unchanged).
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // esbuild (used by mdx-bundler at build time) ships a native binary: keep it out of the bundle.
  serverExternalPackages: ["esbuild", "mdx-bundler"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
