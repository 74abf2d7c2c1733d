import type { Metadata } from "next";
import { Suspense } from "react";
import { listLessons } from "@/lib/content/lessons";
import { loadScenarioFiles } from "@/lib/content/scenarios";
import { SimulatorApp } from "./simulator-app";

export const metadata: Metadata = { title: "Simulator" };

export default async function SimulatorPage() {
  const presets = (await loadScenarioFiles()).map((f) => f.scenario);
  // Each rule links to the first lesson (in course order) that teaches it.
  const lessonFor: Record<string, string> = {};
  for (const lesson of await listLessons()) {
    for (const id of lesson.rules) lessonFor[id] ??= lesson.slug;
  }
  return (
    <>
      <h1>Simulator</h1>
      <p className="muted">
        A real MCP server, host, sandbox proxy and view, running in this page. Change anything: the
        decision table updates at once, then the real run confirms it, with the view on a separate
        origin under the CSP the host built.
      </p>
      <Suspense fallback={<p>Loading the simulator…</p>}>
        <SimulatorApp presets={presets} lessonFor={lessonFor} />
      </Suspense>
    </>
  );
}
