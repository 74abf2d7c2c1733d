/**
 * The conformance server as a simulator scenario's main server. The app hands it to the simulator
 * (runInBrowser's and runHeadless's `mainServer`) for the conformance view, in the shape any
 * scenario server takes: made from the scenario and its view documents, a factory of servers. The
 * simulator never imports the kit; the kit takes only the scenario fields it reads.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import type { ProbeOrigins } from "./server";

interface ConformanceScenario {
  resource: { view: string; probeOrigins?: ProbeOrigins };
}

/**
 * For a scenario whose view is the conformance view: its main server, the conformance server with
 * the scenario's probe origins, the view document the simulator loaded and a fresh state; the
 * server's module (zod, the SDK's server side, the catalogue) loads with the first such run.
 * For any other view: none, and the simulator serves the scenario's own.
 */
export function conformanceMainServer(
  scenario: ConformanceScenario,
):
  | ((s: ConformanceScenario, views: { conformance: string }) => Promise<() => McpServer>)
  | undefined {
  if (scenario.resource.view !== "conformance") return undefined;
  return async (s, views) => {
    const origins = s.resource.probeOrigins;
    if (!origins) throw new Error("the conformance view needs resource.probeOrigins");
    const { ConformanceState, createConformanceServerFactory } = await import("./server");
    return createConformanceServerFactory({
      viewHtml: views.conformance,
      origins,
      state: new ConformanceState(),
    });
  };
}
