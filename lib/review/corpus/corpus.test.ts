/**
 * Issue #21, item 8: the review over the mistakes corpus. Each fixture server (three libraries) is
 * reviewed once through the CLI, as a person runs it, and every planted mistake must get the
 * verdict written by hand in mistakes.ts. A mismatch names the mistake, the expectation and what
 * the review said.
 */
import { describe, expect, it } from "vitest";
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

describe("the mistakes corpus (issue #21, item 8)", () => {
  it("plants at least 25 distinct mistakes on three libraries, each with a rule and, if not checkable, a reason", () => {
    const ids = MISTAKES.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(25);
    expect(new Set(MISTAKES.map((m) => m.server))).toEqual(new Set(["sdk2", "sdk1", "mcpui"]));
    for (const m of MISTAKES) {
      expect(m.rests, m.id).not.toBe("");
      if (m.expect.status === "not-checkable") expect(m.why, m.id).toBeTruthy();
    }
  });

  it("every planted mistake gets its expected verdict and evidence from the review", async () => {
    const servers = Object.keys(CORPUS_SERVERS) as CorpusServer[];
    const results = await Promise.all(
      servers.map((s) =>
        runReviewCli(["--stdio", CORPUS_SERVERS[s].command, "--json", "--timeout", "30000"]),
      ),
    );
    const byServer = Object.fromEntries(servers.map((s, i) => [s, results[i]!]));
    for (const s of servers)
      expect(byServer[s]!.report, `${s}: ${byServer[s]!.stderr}`).toBeDefined();
    const wrong = MISTAKES.flatMap((m) => {
      const why = mismatch(m, byServer[m.server]!);
      return why ? [`${m.id} (${m.mistake}) → ${m.expect.item}: ${why}`] : [];
    });
    expect(wrong).toEqual([]);
  }, 60_000);
});
