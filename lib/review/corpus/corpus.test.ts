/**
 * Issue #21, item 8: the review over the mistakes corpus. Each fixture server (four libraries) is
 * reviewed once through the CLI, as a person runs it, and every planted mistake must get the
 * verdict written by hand in mistakes.ts. A mismatch names the mistake, the expectation and what
 * the review said. The mcp-use server has an install of its own (#37): without it, its mistakes
 * are skipped, and the skip names the command that installs it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runReviewCli, type CliResult } from "../cli";
import { CORPUS_SERVERS, MISTAKES, type CorpusMistake, type CorpusServer } from "./mistakes";

function mismatch(m: CorpusMistake, r: CliResult): string | undefined {
  if (m.expect.status === "stderr") {
    const missing = m.expect.evidence.filter((e) => !r.stderr.includes(e));
    return missing.length ? `stderr lacks ${JSON.stringify(missing)}: ${r.stderr}` : undefined;
  }
  const got = r.report?.items.find((i) => i.id === m.expect.item);
  if (!got) return `no item ${m.expect.item}`;
  const missing = m.expect.evidence.filter((e) => !got.evidence.includes(e));
  if (got.status !== m.expect.status || missing.length)
    return `expected ${m.expect.status} with ${JSON.stringify(missing)}; got ${got.status}: ${got.evidence}`;
  return undefined;
}

const installed = (s: CorpusServer) => {
  const dir = CORPUS_SERVERS[s].installIn;
  return !dir || existsSync(path.join(dir, "node_modules", ".package-lock.json"));
};
const missing = (Object.keys(CORPUS_SERVERS) as CorpusServer[]).filter((s) => !installed(s));
for (const s of missing)
  console.warn(
    `corpus: ${s} skipped, not installed: npm ci --prefix ${CORPUS_SERVERS[s].installIn} (.ci/run does it)`,
  );

const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) c.kill();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Reviews one corpus server as a person would: its command over stdio, or its URL over HTTP. */
async function review(s: CorpusServer): Promise<CliResult> {
  const server = CORPUS_SERVERS[s];
  if (!server.http)
    return runReviewCli(["--stdio", server.command, "--json", "--timeout", "30000"]);
  const port = await freePort();
  const [file, ...args] = server.command.split(" ");
  const child = spawn(file!, [...args, String(port)], { stdio: ["ignore", "ignore", "pipe"] });
  started.push(child);
  await new Promise<void>((resolve, reject) => {
    let said = "";
    child.stderr!.on("data", (d: Buffer) => {
      said += String(d);
      if (said.includes(`listening ${port}`)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`${s} exited with ${code}: ${said}`)));
  });
  return runReviewCli([`http://127.0.0.1:${port}/mcp`, "--json", "--timeout", "30000"]);
}

describe("the mistakes corpus (issue #21, item 8)", () => {
  it("plants at least 25 distinct mistakes on four libraries, each with a rule and, if not checkable, a reason", () => {
    const ids = MISTAKES.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(25);
    expect(new Set(MISTAKES.map((m) => m.server))).toEqual(
      new Set(["sdk2", "sdk1", "mcpui", "mcpuse"]),
    );
    for (const m of MISTAKES) {
      expect(m.rests, m.id).not.toBe("");
      if (m.expect.status === "not-checkable") expect(m.why, m.id).toBeTruthy();
    }
  });

  it("every planted mistake gets its expected verdict and evidence from the review", async () => {
    const servers = (Object.keys(CORPUS_SERVERS) as CorpusServer[]).filter(installed);
    const results = await Promise.all(servers.map(review));
    const byServer = Object.fromEntries(servers.map((s, i) => [s, results[i]!]));
    for (const s of servers)
      expect(byServer[s]!.report, `${s}: ${byServer[s]!.stderr}`).toBeDefined();
    const wrong = MISTAKES.filter((m) => installed(m.server)).flatMap((m) => {
      const why = mismatch(m, byServer[m.server]!);
      return why ? [`${m.id} (${m.mistake}) → ${m.expect.item}: ${why}`] : [];
    });
    expect(wrong).toEqual([]);
  }, 60_000);
});
