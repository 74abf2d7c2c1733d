/**
 * Installs a host's pinned packages into its own folder under .hosts-grid/ (gitignored), never
 * into the project's dependencies; skips the install when every package is already there at its
 * version. Node only; runs npm.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

/** "@scope/name@1.2.3" → ["@scope/name", "1.2.3"]. */
function splitSpec(spec: string): [string, string] {
  const at = spec.lastIndexOf("@");
  if (at <= 0) throw new Error(`pin a version: ${spec}`);
  return [spec.slice(0, at), spec.slice(at + 1)];
}

function installedVersion(dir: string, name: string): string | undefined {
  const file = path.join(dir, "node_modules", name, "package.json");
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version;
}

export async function ensureInstalled(
  dir: string,
  packages: string[],
  say: (line: string) => void,
) {
  const missing = packages.filter((p) => {
    const [name, version] = splitSpec(p);
    return installedVersion(dir, name) !== version;
  });
  if (!missing.length) {
    say(`${path.basename(dir)}: ${packages.join(", ")} already installed`);
    return;
  }
  mkdirSync(dir, { recursive: true });
  const manifest = path.join(dir, "package.json");
  if (!existsSync(manifest))
    writeFileSync(
      manifest,
      `${JSON.stringify({ name: `hosts-grid-${path.basename(dir)}`, private: true }, null, 2)}\n`,
    );
  say(`${path.basename(dir)}: npm install ${packages.join(" ")}`);
  const started = Date.now();
  await promisify(execFile)(
    "npm",
    ["install", "--no-audit", "--no-fund", "--save-exact", ...packages],
    { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
  );
  for (const p of packages) {
    const [name, version] = splitSpec(p);
    const got = installedVersion(dir, name);
    if (got !== version)
      throw new Error(`npm installed ${name} ${got ?? "nothing"}, not ${version}`);
  }
  say(`${path.basename(dir)}: installed in ${Math.round((Date.now() - started) / 1000)} s`);
}
