import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // esbuild (used by mdx-bundler at build time) ships a native binary: keep it out of the bundle.
  serverExternalPackages: ["esbuild", "mdx-bundler"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
