import { describe, expect, it } from "vitest";
import { runReviewCli, withRenderedItems, type RenderRequest } from "./cli";
import type { Report, ReportItem } from "./report";

const item = (id: string, status: ReportItem["status"], tool?: string): ReportItem => ({
  id,
  title: id,
  status,
  evidence: "",
  ruleIds: [],
  lesson: "/lessons/x#y",
  source: "review",
  ...(tool ? { tool } : {}),
});

describe("--render's options and its items in the report", () => {
  it.each([
    [["http://x/mcp", "--watch", "500"], "--watch is for --render: give --render too"],
    [["http://x/mcp", "--app-url", "http://a"], "--app-url is for --render"],
    [
      ["http://x/mcp", "--render", "--app-url", "localhost:3000"],
      "--app-url needs the academy's http(s) URL",
    ],
    [["http://x/mcp", "--render", "--watch", "soon"], "--watch needs milliseconds"],
  ])("refuses %j before connecting to anything", async (args, message) => {
    const r = await runReviewCli(args, { render: async () => [] });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it("says --render is unavailable where no renderer is given (the library used without the script)", async () => {
    const r = await runReviewCli(["http://x/mcp", "--render"]);
    expect(r).toMatchObject({ code: 2 });
    expect(r.stderr).toContain("--render is not available here");
  });

  it("replaces the static item of the same id, puts new ones after their tool's last item, and recounts", () => {
    const report: Report = {
      target: "t",
      transport: "stdio",
      server: {},
      era: "legacy",
      eraSource: "pinned",
      counts: { pass: 1, fail: 0, warning: 0, "not-checkable": 1 },
      items: [
        item("mime:a", "pass", "a"),
        item("renders:a", "not-checkable", "a"),
        item("server", "pass"),
      ],
    };
    const merged = withRenderedItems(report, [
      item("renders:a", "pass", "a"),
      item("csp-observed:a", "fail", "a"),
    ]);
    expect(merged.items.map((i) => `${i.id}=${i.status}`)).toEqual([
      "mime:a=pass",
      "renders:a=pass",
      "csp-observed:a=fail",
      "server=pass",
    ]);
    expect(merged.counts).toEqual({ pass: 3, fail: 1, warning: 0, "not-checkable": 0 });
  });

  it("asks the renderer for the UI tools the review found, on the same server, and exits 1 on a rendered failure", async () => {
    const asked: RenderRequest[] = [];
    const r = await runReviewCli(
      [
        "--stdio",
        "node node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js --stdio",
        "--render",
        "--watch",
        "0",
        "--json",
      ],
      {
        render: async (request) => {
          asked.push(request);
          return [item("csp-observed:get-time", "fail", "get-time")];
        },
      },
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ tools: ["get-time"], watchMs: 0, handshakeMs: 10_000 });
    expect(asked[0]!.stdio).toContain("server-basic-vanillajs");
    expect(r.code).toBe(1);
    expect(r.report!.items.some((i) => i.id === "csp-observed:get-time")).toBe(true);
  }, 60_000);

  // Issue #37 (HIGH): a renderer that gave up threw the protocol report away (exit 2, empty stdout).
  it("keeps the protocol report when the renderer fails, with one warning saying why", async () => {
    const r = await runReviewCli(
      [
        "--stdio",
        "node node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js --stdio",
        "--render",
        "--json",
      ],
      {
        render: async () => {
          throw new Error("the academy did not answer within 60000 ms");
        },
      },
    );
    expect(r.code).not.toBe(2);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.items.some((i) => i.id.startsWith("mime:"))).toBe(true);
    expect(report.items.find((i) => i.id === "rendering")).toMatchObject({
      status: "warning",
      evidence: expect.stringContaining("the academy did not answer"),
    });
  }, 60_000);
});
