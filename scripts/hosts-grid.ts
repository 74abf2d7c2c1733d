// npm run hosts:grid [-- --only ID,ID] [--dir DIR] [--no-default-csp]
// The hosts grid (issue 32): installs the open-source MCP Apps hosts at pinned versions into a
// gitignored folder, runs the conformance server once per host and run behind a logging
// pass-through, drives the host in Debian's Chromium to open the conformance view, waits for the
// report, and writes the host's dated record to content/hosts/<id>.json as soon as that host is
// done. Not part of `npm test`: it installs from the npm registry. Usage: scripts/usage.ts.
import { USAGES } from "./usage";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import prettier from "prettier";
import { parseHostFile } from "../lib/content/hosts";
import { CHROMIUM_ARGS, findChromium } from "./find-chromium";
import { GRID_HOSTS, type GridHost } from "./hosts-grid/hosts";
import { ensureInstalled } from "./hosts-grid/install";
import { measure, type Measured } from "./hosts-grid/measure";
import { recordFromReport, type GridReport } from "./hosts-grid/record";

const USAGE = USAGES["hosts-grid.ts"]!.trim();
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = flag("--only")?.split(",");
const dir = path.resolve(flag("--dir") ?? ".hosts-grid");
const withDefaultCsp = !args.includes("--no-default-csp");
const unknown = only?.filter((id) => !GRID_HOSTS.some((h) => h.meta.id === id)) ?? [];
if (
  unknown.length ||
  args.some((a) => a.startsWith("--") && !["--only", "--dir", "--no-default-csp"].includes(a))
) {
  console.error(USAGE);
  if (unknown.length) console.error(`hosts:grid: no host ${unknown.join(", ")}`);
  process.exit(2);
}

const say = (line: string) =>
  console.log(`[hosts:grid ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** A failure that names the host and the step it happened in. */
class StepError extends Error {}
async function step<T>(host: string, name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof StepError) throw e;
    throw new StepError(`${host}: ${name} failed: ${(e as Error).message}`);
  }
}

function readReport(file: string): GridReport {
  return JSON.parse(readFileSync(file, "utf8")) as GridReport;
}

async function measureHost(
  browser: Browser,
  host: GridHost,
  on: { date: string; commit: string; chromium: string },
) {
  const id = host.meta.id;
  const logs = path.join(dir, "logs");
  const reports = path.join(dir, "reports");
  const tools = ["conformance_run", ...(withDefaultCsp ? ["conformance_run_default_csp"] : [])];
  const runs: Measured[] = [];
  for (const tool of tools) {
    say(`${id}: ${tool}: starting`);
    const m = await measure({
      browser,
      host,
      tool,
      dir: path.join(dir, host.install.dir),
      out: path.join(reports, `${id}.${tool}.json`),
      logPrefix: path.join(logs, `${id}.${tool}`),
      pressLink: tool === "conformance_run",
      say: (line) => say(`${id}: ${tool}: ${line}`),
      step: (name, run) => step(id, `${tool}: ${name}`, run),
    });
    runs.push(m);
  }
  const [main, ...extra] = runs;
  const file = path.join("content", "hosts", `${id}.json`);
  await step(id, "write the record", async () => {
    const previous = existsSync(file) ? parseHostFile(readFileSync(file, "utf8"), file) : undefined;
    const record = recordFromReport(
      readReport(main!.out),
      host.meta,
      { ...on, wire: { toolCalls: main!.toolCalls } },
      {
        ...(previous ? { previous } : {}),
        extra: extra.map((m) => ({
          report: readReport(m.out),
          ids: ["security/csp-default-deny"],
        })),
      },
    );
    const options = (await prettier.resolveConfig(file)) ?? {};
    writeFileSync(
      file,
      await prettier.format(JSON.stringify(record), { ...options, filepath: file }),
    );
    const counts = { PASS: 0, FAIL: 0, "NOT OBSERVABLE": 0 };
    for (const c of Object.values(record.cells))
      if (c.kind === "measured" && c.date === on.date) counts[c.value as keyof typeof counts]++;
    say(
      `${id}: record written to ${file}: ${counts.PASS} PASS, ${counts.FAIL} FAIL, ${counts["NOT OBSERVABLE"]} NOT OBSERVABLE`,
    );
  });
}

async function main() {
  const hosts = GRID_HOSTS.filter((h) => !only || only.includes(h.meta.id));
  mkdirSync(path.join(dir, "logs"), { recursive: true });
  mkdirSync(path.join(dir, "reports"), { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  say(
    `basic-host: skipped: ext-apps' examples/basic-host is not published on npm, so there is nothing pinned to install; content/hosts/basic-host.json stays the dated measurement of 2026-12-06`,
  );
  const failures: string[] = [];
  const installed = new Set<string>();
  for (const host of hosts) {
    if (installed.has(host.install.dir)) continue;
    installed.add(host.install.dir);
    try {
      await step(host.meta.id, "install", () =>
        ensureInstalled(path.join(dir, host.install.dir), host.install.packages, say),
      );
    } catch (e) {
      failures.push((e as Error).message);
    }
  }
  const found = findChromium();
  if (!found) {
    console.error(
      "hosts:grid: no Chromium (apt-get install -y chromium, or set PLAYWRIGHT_CHROMIUM_EXECUTABLE)",
    );
    process.exit(2);
  }
  const browser = await chromium.launch({
    executablePath: found.executablePath,
    args: CHROMIUM_ARGS,
  });
  const on = { date, commit, chromium: browser.version() };
  say(
    `kit at ${commit}, Chromium ${on.chromium} (${found.source}), hosts: ${hosts.map((h) => h.meta.id).join(", ")}`,
  );
  for (const host of hosts) {
    if (failures.some((f) => f.startsWith(`${host.meta.id}: install`))) continue;
    try {
      await measureHost(browser, host, on);
    } catch (e) {
      failures.push((e as Error).message);
      say(`FAILED ${(e as Error).message}`);
    }
  }
  await browser.close();
  if (failures.length) {
    console.error(
      `hosts:grid: ${failures.length} host(s) not measured:\n${failures.map((f) => `  ${f}`).join("\n")}`,
    );
    process.exit(1);
  }
  say("done");
}

await main();
