// npm run hosts:examples [-- --out FILE.md] [--host ID]...
// One worked example per closed host (a profile with openSource false), end to end, each step run
// for real, not written by hand (issue 33's closing note):
//   1. the profile: every field that departs from the reference, violation or allowed variation,
//      with its rule, status, and the source the engine uses (kind and date);
//   2. the simulator: the first preset whose decision the profile changes, run headlessly (real
//      SDK server, host and App over in-memory transports) under the reference and under the host,
//      the rows that differ, and the link that opens it in /simulator;
//   3. the review: `npm run review -- --json` against basic-vanillajs 2.0.3 (stdio) and the "Works
//      in" fixture (HTTP: a declared frame and a pip request), the host's cell for each UI tool;
//   4. a drill: the first seed whose item the profile decides, its question, key and the key the
//      reference gives.
// Exit 1 when a host has no example at some step (so the page cannot quietly thin out); 2 on bad
// flags. Markdown on stdout, or in --out (docs/hosts-worked-examples.md is this output).
import { USAGES } from "./usage";
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { format } from "prettier";
import { simulatorHostProfiles } from "../lib/content/host-profiles";
import { loadScenarioFiles } from "../lib/content/scenarios";
import { describeValue, FIELD_LABEL, judgeField } from "../lib/decide/host-fields";
import {
  behavioursOf,
  PROFILE_FIELDS,
  REFERENCE_BEHAVIOURS,
  type HostBehaviours,
  type HostProfile,
} from "../lib/decide/host-profile";
import { generateDrillItem, type HostDrillItem } from "../lib/drill/generator";
import { drillHostOf } from "../lib/drill/host";
import { runReviewCli } from "../lib/review/cli";
import type { WorksIn } from "../lib/review/works-in";
import { worksInHosts } from "../lib/review/works-in-hosts";
import { runHeadless, type RunResult } from "../lib/simulator/run";
import { resolvePorts, type Scenario } from "../lib/simulator/scenario";

const TODAY = new Date().toISOString().slice(0, 10);
const BASIC =
  "node node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js --stdio";
const DRILL_SEEDS = 200;

function parseArgs(argv: string[]): { out?: string; only: string[] } | string {
  const only: string[] = [];
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--out" && argv[i + 1]) out = argv[++i];
    else if (a === "--host" && argv[i + 1]) only.push(argv[++i]!);
    else return `unknown or incomplete flag: ${a}`;
  }
  return { out, only };
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n+/g, " ");

/** Step 1: the fields that depart from the reference, each judged, with the source used. */
function profileStep(p: HostProfile): string[] {
  const lines = [
    "| field | value | status | kind | rules | source the engine uses |",
    "|---|---|---|---|---|---|",
  ];
  for (const f of PROFILE_FIELDS) {
    const field = p.fields[f];
    const j = judgeField(f, field.value as never);
    if (!j) continue;
    const used = field.evidence.find((e) => e.used);
    const source = used
      ? `${used.kindLabel}, ${used.date}: ${used.link.label}${used.stale.length ? ` (${used.stale.join("; ")})` : ""}`
      : "none (reference value)";
    lines.push(
      `| ${FIELD_LABEL[f]} | ${cell(describeValue(f, field.value))} | ${field.status} | ${j.kind} | ${j.ruleIds.join(", ")} | ${cell(source)} |`,
    );
  }
  return lines.length > 2 ? lines : [];
}

/** The row verdicts, CSP header and outcome of a run, for comparing two runs. */
const runFace = (r: RunResult) => ({
  rows: new Map(r.decision.rows.map((row) => [row.row, row.verdict])),
  csp: r.decision.csp?.header ?? null,
  outcome: r.outcome,
});

/** Step 2: the first preset the profile decides otherwise, run under both hosts. */
async function simulatorStep(
  p: HostProfile,
  presets: Scenario[],
  reference: Map<string, RunResult>,
): Promise<string[]> {
  const b: HostBehaviours = behavioursOf(p);
  // A preset where the host still connects shows more of the profile than one it cannot reach
  // at all (a legacy-only host on a modern-only scenario): those come first.
  const differing: { s: Scenario; host: ReturnType<typeof runFace> }[] = [];
  for (const s of presets) {
    const host = runFace(await runHeadless(s, { behaviours: b }));
    differing.push({ s, host });
  }
  differing.sort(
    (x, y) => +(x.host.outcome === "not-connected") - +(y.host.outcome === "not-connected"),
  );
  for (const { s, host } of differing) {
    const ref = runFace(reference.get(s.id)!);
    const changed = [...host.rows].filter(([row, v]) => ref.rows.get(row) !== v);
    const gone = [...ref.rows.keys()].filter((row) => !host.rows.has(row));
    if (!changed.length && !gone.length && ref.csp === host.csp && ref.outcome === host.outcome)
      continue;
    const lines = [`Preset \`${s.id}\` (open it: \`/simulator?preset=${s.id}&host=${p.id}\`):`, ""];
    for (const [row, v] of changed)
      lines.push(`- row \`${row}\`: reference ${ref.rows.get(row) ?? "not reached"} → ${v}`);
    for (const row of gone)
      lines.push(`- row \`${row}\`: reference ${ref.rows.get(row)} → not reached`);
    if (ref.csp !== host.csp)
      lines.push(`- CSP header: reference \`${ref.csp ?? "none"}\` → \`${host.csp ?? "none"}\``);
    lines.push(`- outcome: reference ${ref.outcome} → ${host.outcome}`);
    return lines;
  }
  return [];
}

/** Step 3: the host's "Works in" cell for each UI tool of each reviewed server. */
function reviewStep(p: HostProfile, tables: { label: string; worksIn: WorksIn }[]): string[] {
  const lines: string[] = [];
  for (const { label, worksIn } of tables)
    for (const c of worksIn.cells.filter((x) => x.host === p.id)) {
      lines.push(`- ${label}, tool \`${c.tool}\`: **${c.outcome}**`);
      for (const r of c.reasons.filter((x) => x.effect !== "note" || x.kind !== "rule"))
        lines.push(
          `  - ${r.text} [${r.ruleIds.join(", ")}; ${r.kind}; source: ${r.source.label}${r.source.date ? `, ${r.source.date}` : ""}]`,
        );
    }
  return lines;
}

/** Step 4: the first item among DRILL_SEEDS seeds whose key this host's profile decides. */
function drillStep(p: HostProfile): string[] {
  const host = drillHostOf(p);
  // An item decided by a field other than the protocol eras shows more of the profile than one
  // the host cannot reach: the first such seed, else the first the profile decides at all.
  const decided: HostDrillItem[] = [];
  for (let i = 0; i < DRILL_SEEDS; i++) {
    const it = generateDrillItem({ seed: `worked-example-${i}`, host });
    if (it.host?.decides) decided.push(it);
  }
  const item = decided.find((it) => it.host!.fields.some((f) => f !== "eras")) ?? decided[0];
  if (!item) return [];
  const q = item.question;
  const keyOption = q.options.find((o) => item.meanings[o.id] === item.key);
  return [
    `Seed \`${item.seed}\` (${item.kind}), decided by: ${item.host!.fields.join(", ")}.`,
    "",
    `> ${item.ask.replace(/\n/g, "\n> ")}`,
    "",
    ...q.options.map((o) => `- ${o.id}: ${o.text}`),
    "",
    `Key on ${host.name}: **${keyOption ? `${keyOption.id}, ` : ""}${item.key}**. The reference host's key: ${item.host!.referenceKey}.`,
  ];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The "Works in" fixture over HTTP, until `stop`. */
async function startFixture(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["e2e/fixtures/works-in-server.mjs", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  // It says "listening" on stderr once it accepts connections.
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`works-in fixture exited (${code})`)));
    child.stderr.on("data", (d: Buffer) => {
      if (d.toString().includes("listening")) resolve();
    });
  });
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => child.kill() };
}

async function reviewTable(args: string[], hosts: () => Promise<ReturnType<typeof worksInHosts>>) {
  const out = await runReviewCli([...args, "--json"], { hosts });
  if (out.code === 2) throw new Error(`review ${args.join(" ")} failed: ${out.stderr}`);
  return (JSON.parse(out.stdout) as { worksIn: WorksIn }).worksIn;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === "string") {
    console.error(`hosts:examples: ${args}\n${USAGES["hosts-examples.ts"]!.trim()}`);
    return 2;
  }
  const all = await simulatorHostProfiles(TODAY);
  const closed = all.filter((p) => !p.openSource && p.id !== "reference");
  const unknown = args.only.filter((id) => !closed.some((p) => p.id === id));
  if (unknown.length) {
    console.error(
      `hosts:examples: no closed host ${unknown.join(", ")}; closed hosts: ${closed.map((p) => p.id).join(", ")}`,
    );
    return 2;
  }
  const chosen = args.only.length ? closed.filter((p) => args.only.includes(p.id)) : closed;

  const presets = (await loadScenarioFiles()).map((f) => resolvePorts(f.scenario, 3000));
  const reference = new Map<string, RunResult>();
  for (const s of presets)
    reference.set(s.id, await runHeadless(s, { behaviours: REFERENCE_BEHAVIOURS }));

  const hosts = async () => worksInHosts(all);
  const fixture = await startFixture();
  let tables: { label: string; worksIn: WorksIn }[];
  try {
    tables = [
      { label: "basic-vanillajs 2.0.3", worksIn: await reviewTable(["--stdio", BASIC], hosts) },
      { label: "the Works-in fixture", worksIn: await reviewTable([fixture.url], hosts) },
    ];
  } finally {
    fixture.stop();
  }

  const out = [
    "# Worked examples: one per closed host",
    "",
    `Made by \`npm run hosts:examples\` on ${TODAY}; every step is run, not written: the profile as` +
      " the engine resolves it, a headless simulator run under the reference and under the host," +
      " `npm run review -- --json` on two servers, and the host drill's generator.",
    "",
  ];
  const missing: string[] = [];
  for (const p of chosen) {
    const steps = {
      profile: profileStep(p),
      simulator: await simulatorStep(p, presets, reference),
      review: reviewStep(p, tables),
      drill: drillStep(p),
    };
    for (const [step, lines] of Object.entries(steps))
      if (!lines.length) missing.push(`${p.id}: ${step}`);
    out.push(
      `## ${p.name}`,
      "",
      p.basis,
      "",
      "### 1. Profile: where it departs from the reference",
      "",
      ...steps.profile,
      "",
      "### 2. Simulator",
      "",
      ...steps.simulator,
      "",
      "### 3. Review: Works in",
      "",
      ...steps.review,
      "",
      "### 4. Drill",
      "",
      ...steps.drill,
      "",
    );
    console.error(`hosts:examples: ${p.id} done`);
  }
  // Formatted as the repository's own Markdown is (npm test checks the committed copy).
  const text = await format(out.join("\n"), { parser: "markdown" });
  if (args.out) await writeFile(args.out, text);
  else console.log(text);
  if (missing.length) {
    console.error(`hosts:examples: no example at ${missing.join("; ")}`);
    return 1;
  }
  return 0;
}

process.exit(await main());
