import type { RuleInfo } from "@/lib/rules/info";
import { ruleInfoFor } from "@/lib/rules/server-info";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { listLessons } from "@/lib/content/lessons";
import { loadScenarioFiles } from "@/lib/content/scenarios";
import { previewDecision } from "@/lib/simulator/preview";
import { resolvePorts, type Scenario } from "@/lib/simulator/scenario";
import { InstantPreview } from "./instant-preview";
import { SimulatorShell } from "./simulator-shell";

export const metadata: Metadata = { title: "Simulator" };

interface SimulatorData {
  presets: Scenario[];
  /** Rule ID → its title and the first lesson (in course order) that teaches it. */
  ruleInfo: RuleInfo;
}

async function readData(): Promise<SimulatorData> {
  const presets = (await loadScenarioFiles()).map((f) => f.scenario);
  const ruleInfo = ruleInfoFor(await listLessons());
  return { presets, ruleInfo };
}

// The page is rendered per request (the preview follows ?preset=); its content files are read
// once per server in production, where they cannot change.
let cached: Promise<SimulatorData> | undefined;
function simulatorData(): Promise<SimulatorData> {
  if (process.env.NODE_ENV !== "production") return readData();
  cached ??= readData();
  cached.catch(() => (cached = undefined));
  return cached;
}

export default async function SimulatorPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { presets, ruleInfo } = await simulatorData();
  const params = await searchParams;
  // The scenario the page will open with, as SimulatorApp chooses it: a named preset, else the
  // default. A scenario carried in the link (?s=, #s=) is decoded in the browser.
  const fallback = presets.find((p) => p.id === "happy-path") ?? presets[0]!;
  const named = typeof params.preset === "string" ? params.preset : undefined;
  const scenario =
    params.s !== undefined ? null : (presets.find((p) => p.id === named) ?? fallback);
  const port = (await headers()).get("host")?.match(/:(\d+)$/)?.[1] ?? "80";
  const decision = scenario ? previewDecision(resolvePorts(scenario, port)) : null;
  return (
    <>
      <div className="sim-intro">
        <h1>Simulator</h1>
        <p className="muted">
          A real MCP server, host, sandbox proxy and view in this page: change anything, the table
          updates at once and the real run confirms it.
        </p>
      </div>
      <SimulatorShell
        presets={presets}
        ruleInfo={ruleInfo}
        preview={
          <InstantPreview
            decision={decision}
            title={scenario?.title ?? null}
            description={scenario?.description ?? null}
            ruleInfo={ruleInfo}
          />
        }
      />
    </>
  );
}
