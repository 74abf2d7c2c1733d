import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { META_CLIENT_CAPABILITIES } from "./constants";
import { createViewCache, SimHost } from "./host";
import { HEADLESS_VIEWS } from "./run";
import { parseScenario, resolvePorts } from "./scenario";
import { Trace } from "../host/view/trace";

const load = (id: string) =>
  resolvePorts(parseScenario(readFileSync(`content/scenarios/${id}.json`, "utf8"), id), 4000);

/** The `_meta` client capabilities of the tools/call the host put on the wire, from the trace. */
function sentOnToolsCall(trace: Trace): unknown {
  const call = trace.entries.find(
    (e) => e.channel === "host-server" && e.from === "host" && e.method === "tools/call",
  );
  const params = (call?.message as { params?: { _meta?: Record<string, unknown> } }).params;
  return params?._meta?.[META_CLIENT_CAPABILITIES];
}

describe("SimHost decision inputs come from the wire (NEG-2)", () => {
  it.each(["happy-path", "client-without-extension", "client-mime-types-without-profile"])(
    "%s: the negotiation row judges the capabilities the tools/call carried",
    async (id) => {
      const trace = new Trace();
      const host = await SimHost.create(load(id), HEADLESS_VIEWS, trace, createViewCache());
      try {
        const turn = await host.agentTurn({});
        const sent = sentOnToolsCall(trace);
        expect(sent).toBeDefined();
        expect(turn.inputs.clientCapabilities).toEqual(sent);
      } finally {
        await host.close();
      }
    },
  );
});
