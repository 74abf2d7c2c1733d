import type { Metadata } from "next";
import { Suspense } from "react";
import { loadScenarioFiles } from "@/lib/content/scenarios";
import { SimulatorRunner } from "./simulator-runner";

export const metadata: Metadata = { title: "Simulator" };

export default async function SimulatorPage() {
  const presets = (await loadScenarioFiles()).map((f) => f.scenario);
  return (
    <>
      <h1>Simulator</h1>
      <p className="muted">
        A real MCP server, host, sandbox proxy and view, running in this page. Pick a scenario and
        run it: the table says what the host decided and why, rule by rule, and the view (if the
        host renders it) runs on a separate origin under the CSP the host built.
      </p>
      <Suspense fallback={<p>Loading the simulator…</p>}>
        <SimulatorRunner presets={presets} />
      </Suspense>
    </>
  );
}
