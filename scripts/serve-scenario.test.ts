/**
 * scripts/serve-scenario.ts as the README tells people to run it: the real process, connected to
 * over stdio by the review's own host (modern era), reading the view the way /review does.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { connectServer, eraKeyForCommand } from "../lib/host";
import { stdioTransport } from "../lib/host/stdio";

// Node with tsx's loader, in one process: the `tsx` command starts a second Node under itself
// (about 0.5 s more per spawn on these machines).
const TSX = `${process.execPath} --import tsx`;
const TSX_ARGS = ["--import", "tsx"];
const SERVE = "scripts/serve-scenario.ts";

async function readView(scenario: string, uri: string): Promise<string> {
  const command = `${TSX} ${SERVE} ${scenario} --era modern`;
  const conn = await connectServer({
    clientEra: "modern",
    key: eraKeyForCommand(command),
    transport: stdioTransport(command),
    timeoutMs: 30_000,
  });
  try {
    const read = await conn.client.readResource({ uri });
    const item = read.contents[0] as { text?: string; blob?: string };
    return item.text ?? Buffer.from(item.blob ?? "", "base64").toString("utf8");
  } finally {
    await conn.close();
  }
}

describe("scripts/serve-scenario.ts", { timeout: 60_000 }, () => {
  it("--help prints the usage on stdout and exits 0", () => {
    const r = spawnSync(process.execPath, [...TSX_ARGS, SERVE, "--help"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("usage: tsx scripts/serve-scenario.ts <scenario.json>");
    expect(r.stdout).toContain("--cors");
  });

  it("bad usage still exits 2 with the usage on stderr", () => {
    const r = spawnSync(process.execPath, [...TSX_ARGS, SERVE, "--era", "future"], {
      encoding: "utf8",
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("usage:");
  });

  it("serves the simulator's demo view, a document with a script that starts the handshake, not a scriptless placeholder", async () => {
    const html = await readView("content/scenarios/happy-path.json", "ui://weather/forecast.html");
    expect(html).toMatch(/<script\b/i);
    expect(html).toContain("ui/initialize");
    expect(html).toContain("ui/notifications/tool-result");
    expect(html).toContain('data-testid="tool-result"');
  });

  it("serves the demo view naming the tools its own server has for the view to call (the app-only refresh_forecast), so the view offers them without the simulator's toolsToTry", async () => {
    const html = await readView("content/scenarios/happy-path.json", "ui://weather/forecast.html");
    const meta = /<meta name="companion-tools" content="([^"]*)"/.exec(html);
    expect(meta?.[1]).toBe("refresh_forecast");
  });

  it("serves the view a scenario names from public/sim-views byte for byte (the plain bridge view)", async () => {
    const html = await readView(
      "content/scenarios/plain-bridge-view.json",
      "ui://weather/forecast.html",
    );
    expect(html).toBe(readFileSync("public/sim-views/plain.html", "utf8"));
  });
});
