/**
 * core 2026-07-28 basic/index line 384 (catalogue entry negotiation/client-info): a client SHOULD
 * put `io.modelcontextprotocol/clientInfo` in the `_meta` of every request. Checked on the wire of
 * a real SDK client (our host's connectServer) against a real in-process server, over both
 * transports, for every request a review or a simulated tool call makes.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { HEADLESS_VIEWS } from "./run";
import { parseScenario } from "./scenario";
import { createServerFactory } from "./server";
import {
  connectServer,
  HOST_INFO,
  META_PROTOCOL_VERSION,
  type HostConnection,
} from "../host/connect";
import { EraCache } from "../host/era";
import { META_CLIENT_INFO as CLIENT_INFO } from "../decide/ids";
import { inspectServer } from "../host/inspect";
import { httpServer, stdioServer, type InProcessServer } from "../host/test-servers";

const factory = createServerFactory(
  parseScenario(readFileSync("content/scenarios/happy-path.json", "utf8"), "happy-path.json"),
  "main",
  HEADLESS_VIEWS,
);

const open: { server: InProcessServer; conn?: HostConnection }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.conn?.close().catch(() => {});
    await o.server.close();
  }
});

describe("clientInfo on every modern request (core basic/index line 384)", () => {
  it("every request of a review and a tool call, over stdio and HTTP, names the host in io.modelcontextprotocol/clientInfo", async () => {
    for (const transport of ["stdio", "http"] as const) {
      const server =
        transport === "stdio" ? stdioServer(factory, "dual") : httpServer(factory, "dual");
      open.push({ server });
      const conn = await connectServer({
        clientEra: "dual",
        transport: server.transport,
        key: `client-info-${transport}`,
        cache: new EraCache(),
      });
      open.at(-1)!.conn = conn;
      expect(conn.era).toBe("modern");
      const review = await inspectServer(conn);
      await conn.client.callTool({ name: review.uiTools[0]!.name, arguments: {} });

      const requests = conn.wire.requests();
      const methods = new Set(requests.map((r) => r.method));
      for (const m of ["tools/list", "resources/list", "resources/read", "tools/call"])
        expect(methods, m).toContain(m);
      for (const r of requests) {
        const meta = r.params?._meta as Record<string, unknown> | undefined;
        expect(meta?.[META_PROTOCOL_VERSION], r.method).toBe("2026-07-28");
        expect(meta?.[CLIENT_INFO], `${transport} ${r.method}`).toEqual(HOST_INFO);
      }
    }
  });
});
