// npm run review:published [-- --render] [--dir path]
// Installs the published MCP App servers of lib/review/published.ts at their pinned versions (npm
// registry; cached in --dir) and reviews each over stdio, printing pass/fail/warning/not-checkable
// against the expected counts. Exit 1 when a report differs. Not part of npm test: it downloads.
import "./usage";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { runReviewCli } from "../lib/review/cli";
import { PUBLISHED_SERVERS, type Counts } from "../lib/review/published";

const args = process.argv.slice(2);
const render = args.includes("--render");
const dirAt = args.indexOf("--dir");
const dir =
  dirAt >= 0 ? args[dirAt + 1] : path.join(homedir(), ".cache", "mcp-apps-academy", "published");
if (
  !dir ||
  args.some(
    (a, i) => a.startsWith("--") && !["--render", "--dir"].includes(a) && args[i - 1] !== "--dir",
  )
) {
  console.error("usage: npm run review:published [-- --render] [--dir path]");
  process.exit(2);
}

mkdirSync(dir, { recursive: true });
if (!existsSync(path.join(dir, "package.json")))
  writeFileSync(
    path.join(dir, "package.json"),
    '{ "name": "published-servers", "private": true }\n',
  );
const missing = PUBLISHED_SERVERS.filter(
  (s) => !existsSync(path.join(dir, "node_modules", ...s.pkg.split("/"), "package.json")),
);
if (missing.length) {
  console.error(`Installing ${missing.length} server(s) into ${dir}…`);
  execFileSync(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      ...missing.map((s) => `${s.pkg}@${s.version}`),
    ],
    { cwd: dir, stdio: ["ignore", "ignore", "inherit"] },
  );
}

const fmt = (c: Counts) => c.join("/");
let differ = 0;
console.log(
  `server | expected | got (pass/fail/warning/not checkable${render ? ", rendered" : ""})`,
);
for (const s of PUBLISHED_SERVERS) {
  const command = `node ${path.join(dir, "node_modules", ".bin", s.bin)} ${s.stdioArg}`;
  const result = await runReviewCli(
    ["--stdio", command, "--json", ...(render ? ["--render"] : [])],
    {
      progress: () => {},
      ...(render ? { render: (r) => import("./render-views").then((m) => m.renderViews(r)) } : {}),
    },
  );
  const expected = render ? s.expected.rendered : s.expected.static;
  if (!result.report) {
    differ++;
    console.log(
      `${s.pkg}@${s.version} | ${expected ? fmt(expected) : "?"} | could not review: ${result.stderr.split("\n")[0]}`,
    );
    continue;
  }
  const c = result.report.counts;
  const got: Counts = [c.pass, c.fail, c.warning, c["not-checkable"]];
  const same = expected !== undefined && fmt(expected) === fmt(got);
  if (!same) differ++;
  console.log(
    `${s.pkg}@${s.version} | ${expected ? fmt(expected) : "none written"} | ${fmt(got)}${same ? "" : "  ← differs"}`,
  );
  if (!same) {
    for (const i of result.report.items.filter((i) => i.status !== "pass"))
      console.log(`    ${i.status.padEnd(13)} ${i.id}: ${i.evidence.slice(0, 160)}`);
  }
}
console.log(
  differ ? `${differ} report(s) differ from the expected counts.` : "Every report as expected.",
);
process.exit(differ ? 1 : 0);
