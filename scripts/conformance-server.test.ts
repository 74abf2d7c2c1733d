/**
 * scripts/conformance-server.ts as the README tells people to run it: the real process over stdio,
 * loaded by the review's own host; a report sent through conformance_report is
 * printed on stderr as JSON and Markdown, and the CSP probe's origins answer.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { connectServer, eraKeyForCommand, type ClientEra } from "../lib/host";
import { stdioTransport } from "../lib/host/stdio";
import { judgeProbes, TOOLS, VIEW_URI, type ConformanceReport } from "../lib/conformance/probes";
import type { CallToolResult } from "@modelcontextprotocol/client";

const TSX = "node_modules/.bin/tsx";
const SCRIPT = "scripts/conformance-server.ts";

describe("scripts/conformance-server.ts", { timeout: 60_000 }, () => {
  it("without --stdio or --http it exits 2 with the usage on stderr", () => {
    const bad = spawnSync(TSX, [SCRIPT], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("usage: npm run conformance-server");
    expect(bad.stderr).toContain("--negative-control");
  });

  // The legacy era is covered in process (lib/conformance); one real process is enough here.
  it.each(["modern"] as const)(
    "over stdio a %s host reads the bundled view, both probe origins answer, and a report is printed on stderr as JSON and Markdown",
    async (clientEra: ClientEra) => {
      let stderr = "";
      const command = `${TSX} ${SCRIPT} --stdio`;
      const conn = await connectServer({
        clientEra,
        key: eraKeyForCommand(command),
        transport: stdioTransport(command, { onStderr: (t) => (stderr += t) }),
        timeoutMs: 30_000,
      });
      try {
        expect(conn.era).toBe(clientEra);
        const read = await conn.client.readResource({ uri: VIEW_URI });
        const html = (read.contents[0] as { text: string }).text;
        expect(html).toContain("ui/initialize");
        const config = JSON.parse(
          /<script type="application\/json" id="conformance-config">([\s\S]*?)<\/script>/.exec(
            html,
          )![1]!,
        ) as { origins: { declared: string; undeclared: string } };
        expect(config.origins.declared).not.toBe(config.origins.undeclared);
        for (const origin of Object.values(config.origins)) {
          const res = await fetch(`${origin}/probe/csp?run=t&via=declared`);
          expect(res.status).toBe(200);
          expect(res.headers.get("access-control-allow-origin")).toBe("*");
        }
        const run = (await conn.client.callTool({
          name: TOOLS.run,
          arguments: {},
        })) as CallToolResult;
        const report: ConformanceReport = {
          run: (run.structuredContent as { run: string }).run,
          finishedAt: new Date(0).toISOString(),
          host: { name: "cli-test" },
          results: judgeProbes({ inbound: [] }),
        };
        await conn.client.callTool({ name: TOOLS.report, arguments: { report } });
        await expect.poll(() => stderr).toContain("## MCP Apps host conformance: cli-test");
        const json = stderr.split("\n").find((l) => l.startsWith('{"conformanceReport"'));
        expect(JSON.parse(json!).conformanceReport.run).toBe(report.run);
      } finally {
        await conn.close();
      }
    },
  );
});
