/**
 * Issue #21, item 6: `--call <tool> --args '<json>'`, opt-in. The review calls the tool once for
 * real and judges the answer as the server sent it: useful text content (OUT-1), structuredContent
 * repeated as text (core server/tools line 500, SHOULD) and against outputSchema (line 514, MUST).
 * Real SDK servers whose tools/call handlers answer with planted results, reviewed in process
 * through collectReview, plus the CLI itself over stdio on the corpus's 1.x SDK server.
 */
import { McpServer } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { PROFILE_MIME } from "../host";
import { stdioServer, type InProcessServer } from "../host/test-servers";
import { checkCallAgainstSchema } from "./call-check";
import { runReviewCli } from "./cli";
import { collectReview } from "./collect";
import { buildReport, LESSONS, type Report, type ReportItem } from "./report";
import { formatReport } from "./report-format";

const servers: InProcessServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A server listing `tools` as given and answering every tools/call with `answer(name, args)`. */
function planted(
  tools: Record<string, unknown>[],
  answer: (name: string, args: unknown) => Record<string, unknown>,
  calls: string[] = [],
) {
  return () => {
    const s = new McpServer(
      { name: "planted", version: "1.0.0" },
      { capabilities: { tools: {}, resources: {} } },
    );
    s.server.setRequestHandler("tools/list", async () => ({ tools }) as never);
    s.server.setRequestHandler("resources/list", async () => ({ resources: [] }));
    // Every view the tools name reads as a small document.
    s.server.setRequestHandler("resources/read", async (req) => ({
      contents: [
        {
          uri: req.params.uri,
          mimeType: PROFILE_MIME,
          text: "<!doctype html><html><body>view</body></html>",
        },
      ],
    }));
    s.server.setRequestHandler("tools/call", async (req) => {
      calls.push(req.params.name);
      return answer(req.params.name, req.params.arguments) as never;
    });
    return s;
  };
}

async function reviewCalling(
  tools: Record<string, unknown>[],
  answer: (name: string, args: unknown) => Record<string, unknown>,
  call?: { tool: string; args: Record<string, unknown> },
  calls: string[] = [],
): Promise<Report> {
  const server = stdioServer(planted(tools, answer, calls), "dual");
  servers.push(server);
  const input = await collectReview({
    target: "in-process",
    transport: "stdio",
    factory: server.transport,
    key: `call-${Math.random()}`,
    ...(call ? { call } : {}),
  });
  return buildReport(checkCallAgainstSchema(input));
}

const item = (r: Report, id: string): ReportItem => {
  const found = r.items.find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id} in ${r.items.map((i) => i.id).join(", ")}`);
  return found;
};

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: "object" },
  ...extra,
});
const totals = {
  type: "object",
  properties: { total: { type: "number" } },
  required: ["total"],
};

describe("--call: one real tools/call, judged (issue #21, item 6)", () => {
  it("without --call no tool is called, and text-fallback stays not checkable", async () => {
    const calls: string[] = [];
    const r = await reviewCalling(
      [tool("sum", { _meta: { ui: { resourceUri: "ui://p/sum.html" } } })],
      () => ({ content: [{ type: "text", text: "3" }] }),
      undefined,
      calls,
    );
    expect(calls).toEqual([]);
    expect(item(r, "text-fallback:sum").status).toBe("not-checkable");
    expect(r.items.some((i) => i.id.startsWith("call:"))).toBe(false);
  });

  it("a result with no text content fails text-fallback (OUT-1), quoting the content that came back", async () => {
    const calls: string[] = [];
    const r = await reviewCalling(
      [tool("stats")],
      () => ({ content: [{ type: "text", text: "  " }], structuredContent: { visits: 3 } }),
      { tool: "stats", args: { day: "mon" } },
      calls,
    );
    expect(calls).toEqual(["stats"]);
    const call = item(r, "call:stats");
    expect(call.status).toBe("pass");
    expect(call.evidence).toContain('{"day":"mon"}');
    const t = item(r, "text-fallback:stats");
    expect(t.status).toBe("fail");
    expect(t.ruleIds).toEqual(["OUT-1"]);
    expect(t.evidence).toContain('"text":"  "');
    // Only one text-fallback item: the call's replaces the not-checkable one.
    expect(r.items.filter((i) => i.id === "text-fallback:stats")).toHaveLength(1);
    const s = item(r, "structured-as-text:stats");
    expect(s.status).toBe("warning");
    expect(s.evidence).toMatch(/line 500/);
  });

  it("useful text passes, and structuredContent repeated as JSON text (keys in any order) passes", async () => {
    const r = await reviewCalling(
      [tool("totals", { outputSchema: totals })],
      () => ({
        content: [
          { type: "text", text: "Total: 12" },
          { type: "text", text: '{"unit":"eur","total":12}' },
        ],
        structuredContent: { total: 12, unit: "eur" },
      }),
      { tool: "totals", args: {} },
    );
    expect(item(r, "text-fallback:totals")).toMatchObject({
      status: "pass",
      lesson: LESSONS.channels,
    });
    expect(item(r, "text-fallback:totals").evidence).toContain('"Total: 12"');
    expect(item(r, "structured-as-text:totals").status).toBe("pass");
    expect(item(r, "output-schema-match:totals").status).toBe("pass");
  });

  it("structuredContent off its outputSchema fails output-schema-match, naming the field (core line 514)", async () => {
    const r = await reviewCalling(
      [tool("totals", { outputSchema: totals })],
      () => ({
        content: [{ type: "text", text: '{"total":"12"}' }],
        structuredContent: { total: "12" },
      }),
      { tool: "totals", args: {} },
    );
    const o = item(r, "output-schema-match:totals");
    expect(o.status).toBe("fail");
    expect(o.evidence).toContain("/total must be number");
    expect(o.evidence).toContain('{"total":"12"}');
    expect(o.ruleIds).toEqual(["OUT-2"]);
  });

  it("an outputSchema with no structuredContent in the result fails output-schema-match", async () => {
    const r = await reviewCalling(
      [tool("totals", { outputSchema: totals })],
      () => ({ content: [{ type: "text", text: "12" }] }),
      { tool: "totals", args: {} },
    );
    const o = item(r, "output-schema-match:totals");
    expect(o.status).toBe("fail");
    expect(o.evidence).toMatch(/returned no structuredContent/);
  });

  it("an isError result is a warning on the call item; a protocol-error answer is a warning naming its code and where isError belongs", async () => {
    const r = await reviewCalling(
      [tool("boom")],
      () => ({ isError: true, content: [{ type: "text", text: "city not found" }] }),
      { tool: "boom", args: { city: "Atlantis" } },
    );
    expect(item(r, "call:boom").status).toBe("warning");
    expect(item(r, "call:boom").evidence).toMatch(/isError: true/);
    expect(item(r, "text-fallback:boom").status).toBe("pass");

    const failing = await reviewCalling(
      [tool("boom")],
      () => {
        throw new Error("database is down");
      },
      { tool: "boom", args: {} },
    );
    // A protocol error is allowed (core server/tools, Error Handling): a warning that names it.
    const c = item(failing, "call:boom");
    expect(c.evidence).toMatch(/protocol error \{"code":-?\d+/);
    expect(c.evidence).toMatch(/isError: true/);
    expect(c.status).toBe("warning");
    expect(item(failing, "text-fallback:boom").status).toBe("not-checkable");
  });
});

describe("--call on the command line", () => {
  it.each([
    [["--args", "{}"], /--args is for --call/],
    [["--call", "x", "--args", "{day: mon}"], /--args is not JSON \(.+\): "\{day: mon\}"/],
    [["--call", "x", "--args", "[1,2]"], /--args must be a JSON object.*got an array/],
    [["--call", "x", "--args", "null"], /got null/],
    [["--call"], /--call needs a tool name/],
  ])("bad arguments %j exit 2 naming the problem", async (extra, why) => {
    const r = await runReviewCli(["--stdio", "node -e 0", ...extra]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(why);
    expect(r.stderr).toContain("--call tool");
  });

  it("calls the corpus's 1.x SDK tool for real: text-fallback fails in the JSON and the text report; an unknown tool exits 2", async () => {
    const cmd = "node lib/review/corpus/sdk1-server.mjs";
    const [r, unknown] = await Promise.all([
      runReviewCli(["--stdio", cmd, "--json", "--call", "show_stats", "--args", "{}"]),
      runReviewCli(["--stdio", cmd, "--call", "show_stat"]),
    ]);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as Report;
    const t = json.items.find((i) => i.id === "text-fallback:show_stats");
    expect(t).toMatchObject({ status: "fail", ruleIds: ["OUT-1"] });
    expect(json.items.find((i) => i.id === "call:show_stats")?.status).toBe("pass");
    // Only the tool asked for is called: another UI tool's text-fallback stays not checkable.
    expect(json.items.find((i) => i.id === "text-fallback:show_flat")?.status).toBe(
      "not-checkable",
    );
    const text = formatReport(json);
    expect(text).toMatch(/FAIL  The tool returns useful text content  \[OUT-1\]\n\s+content \[\]/);

    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--call "show_stat": the server lists no such tool/);
    expect(unknown.stderr).toContain('"show_stats"');
    expect(unknown.stderr).toMatch(/Nothing was called/);
  }, 30_000);
});
