import type { RuleInfo } from "@/lib/rules/info";
import { ruleInfoFor } from "@/lib/rules/server-info";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { listLessons } from "@/lib/content/lessons";
import { loadScenarioFiles } from "@/lib/content/scenarios";
import { simulatorHostProfiles } from "@/lib/content/host-profiles";
import { behavioursOf, type HostProfile } from "@/lib/decide/host-profile";
import { previewDecision } from "@/lib/simulator/preview";
import { HOST_PARAM, REFERENCE_HOST } from "@/lib/simulator/share-host";
import { resolvePorts, type Scenario } from "@/lib/simulator/scenario";
import { InstantPreview } from "./instant-preview";
import { SimulatorShell } from "./simulator-shell";

export const metadata: Metadata = { title: "Simulator" };

interface SimulatorData {
  presets: Scenario[];
  /** Rule ID → its title and the first lesson (in course order) that teaches it. */
  ruleInfo: RuleInfo;
  /**
   * The hosts to choose from (issue 33), the reference first. Sent with the page's data, not
   * its JavaScript: the first-load chunks carry none of it.
   */
  profiles: HostProfile[];
}

async function readData(): Promise<SimulatorData> {
  const presets = (await loadScenarioFiles()).map((f) => f.scenario);
  const ruleInfo = ruleInfoFor(await listLessons());
  // Sources are dated against the day the data is read: once per server in production.
  const profiles = await simulatorHostProfiles(new Date().toISOString().slice(0, 10));
  return { presets, ruleInfo, profiles };
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
  const { presets, ruleInfo, profiles } = await simulatorData();
  const params = await searchParams;
  // The scenario the page will open with, as SimulatorApp chooses it: a named preset, else the
  // default. A scenario carried in the link (?s=, #s=) is decoded in the browser.
  const fallback = presets.find((p) => p.id === "happy-path") ?? presets[0]!;
  const named = typeof params.preset === "string" ? params.preset : undefined;
  const scenario =
    params.s !== undefined ? null : (presets.find((p) => p.id === named) ?? fallback);
  const port = (await headers()).get("host")?.match(/:(\d+)$/)?.[1] ?? "80";
  // The host a preset's link names (a scenario's link names it in the fragment, read later).
  const hostId = typeof params[HOST_PARAM] === "string" ? params[HOST_PARAM] : REFERENCE_HOST;
  const host = profiles.find((p) => p.id === hostId && p.id !== REFERENCE_HOST);
  const decision = scenario
    ? previewDecision(resolvePorts(scenario, port), host && behavioursOf(host))
    : null;
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
        profiles={profiles}
        preview={
          <InstantPreview
            decision={decision}
            title={scenario ? `${scenario.title}${host ? `, in ${host.name}` : ""}` : null}
            description={scenario?.description ?? null}
            ruleInfo={ruleInfo}
          />
        }
      />
    </>
  );
}
