/**
 * `npm run review -- <server> --hosts` and `--json` (issue 33, "Works in"), in process against the
 * published basic-vanillajs example (2.0.3, a pinned devDependency) over stdio, with the real host
 * profiles. get-time declares an outputSchema and its view reads structuredContent: Claude, whose
 * profile strips it, is predicted to render it without; the reference renders it whole.
 */
import { describe, expect, it } from "vitest";
import { simulatorHostProfiles } from "../content/host-profiles";
import { runReviewCli } from "./cli";
import type { WorksIn } from "./works-in";
import { worksInHosts } from "./works-in-hosts";

const BASIC = `node node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js --stdio`;
const hosts = async () => worksInHosts(await simulatorHostProfiles("2026-12-06"));

describe("review --hosts", () => {
  it("prints each host's outcome for each UI tool, with rule and source, after the report", async () => {
    const out = await runReviewCli(["--stdio", BASIC, "--hosts"], { hosts });
    expect(out.code).toBe(0);
    const table = out.stdout.slice(out.stdout.indexOf("Works in:"));
    expect(table).toMatch(/Tool get-time:\n {2}Reference \(the spec\)\s+renders\n/);
    expect(table).toMatch(
      /Claude \(claude\.ai and Claude Desktop\)\s+renders without: no structuredContent/,
    );
    expect(table).toContain("[BRG-3, OUT-2; an allowed variation]");
    expect(table).toContain("source: modelcontextprotocol/ext-apps #696");
  }, 60_000);

  it("--json carries the same table as worksIn, beside the report's own keys", async () => {
    const out = await runReviewCli(["--stdio", BASIC, "--json"], { hosts });
    const json = JSON.parse(out.stdout) as { worksIn: WorksIn; items: unknown[] };
    expect(json.items.length).toBeGreaterThan(0);
    expect(json.worksIn.tools).toEqual(["get-time"]);
    expect(json.worksIn.hosts[0]).toEqual({ id: "reference", name: "Reference (the spec)" });
    const claude = json.worksIn.cells.find((c) => c.host === "claude")!;
    expect(claude.outcome).toBe("renders-without");
    expect(claude.reasons.find((r) => r.field === "structuredContent")!.source.date).toMatch(
      /^\d{4}-\d\d-\d\d$/,
    );
  }, 60_000);

  it("--markdown --hosts adds a Works in section with the same outcomes, reasons, sources and dates", async () => {
    const [md, text] = await Promise.all([
      runReviewCli(["--stdio", BASIC, "--markdown", "--hosts"], { hosts }),
      runReviewCli(["--stdio", BASIC, "--json"], { hosts }),
    ]);
    expect(md.code).toBe(0);
    const worksIn = (JSON.parse(text.stdout) as { worksIn: WorksIn }).worksIn;
    const at = md.stdout.indexOf("\n## Works in\n");
    expect(at, "a Works in section after the report").toBeGreaterThan(0);
    const section = md.stdout.slice(at);
    expect(section).toContain("### Tool `get-time`");
    expect(section).toContain("| Host | Outcome | Why | Rules | Kind | Source |");
    expect(section).toMatch(/\n\| Reference \(the spec\) \| renders \| /);
    expect(section).toMatch(
      /\n\| Claude \(claude\.ai and Claude Desktop\) \| renders without: no structuredContent \| /,
    );
    // Every reason of every cell is a row of its own, with its rules, kind and dated source.
    const rows = section.split("\n").filter((l) => /^\| (?!Host \||---)/.test(l));
    expect(rows).toHaveLength(worksIn.cells.reduce((n, c) => n + c.reasons.length, 0));
    const claude = worksIn.cells.find((c) => c.host === "claude")!;
    const stripped = claude.reasons.find((r) => r.field === "structuredContent")!;
    const row = rows.find((l) => l.includes("BRG-3, OUT-2"))!;
    expect(row).toContain("| an allowed variation |");
    expect(row).toContain(`${stripped.source.kind}, ${stripped.source.date}`);
    expect(row).toContain(`](${stripped.source.url})`);
  }, 60_000);

  it("--markdown without --hosts stays the report alone", async () => {
    const out = await runReviewCli(["--stdio", BASIC, "--markdown"], { hosts });
    expect(out.stdout).toContain("# MCP Apps review:");
    expect(out.stdout).not.toContain("## Works in");
  }, 60_000);

  it("--render --hosts: the tools a rendered view called go through each host's gates too", async () => {
    const out = await runReviewCli(["--stdio", BASIC, "--render", "--watch", "0", "--json"], {
      hosts,
      render: async (request) => {
        // What the render saw the view call: its own tool, and one the server does not list.
        request.onAppCalls?.("get-time", ["get-time", "no_such_tool"]);
        return [];
      },
    });
    const json = JSON.parse(out.stdout) as { worksIn: WorksIn };
    expect(json.worksIn.cells.filter((c) => c.outcome !== "not-connected").length).toBeGreaterThan(
      5,
    );
    for (const cell of json.worksIn.cells) {
      if (cell.outcome === "not-connected") continue;
      expect(cell.outcome, cell.host).toBe("renders-without");
      const gone = cell.reasons.find((r) => r.short === "call to no_such_tool refused")!;
      expect(gone, cell.host).toMatchObject({ ruleIds: ["BRG-5"], kind: "rule" });
      expect(gone.text).toContain("seen when the view ran");
    }
  }, 60_000);

  it("--hosts needs the profiles, which only the review script loads", async () => {
    const out = await runReviewCli(["--stdio", BASIC, "--hosts"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("--hosts is not available here");
  });
});
