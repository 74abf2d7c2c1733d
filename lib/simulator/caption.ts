import type { Scenario } from "./scenario";
import type { TraceEntry } from "../host/view/trace";

/** True when the scenario differs from the preset it started from (or starts from none). */
export function isEdited(scenario: Scenario, preset: Scenario | undefined): boolean {
  return !preset || JSON.stringify(preset) !== JSON.stringify(scenario);
}

/**
 * The name a panel gives the scenario it ran: its preset's title while it is that preset, and
 * the title marked "(edited)" once the learner has changed anything, so a caption never passes
 * an edited scenario off as the preset. A scenario from no preset (a shared link) keeps its title.
 */
export function scenarioCaption(scenario: Scenario, presets: readonly Scenario[]): string {
  const preset = presets.find((p) => p.id === scenario.id);
  if (!preset) return scenario.title;
  return isEdited(scenario, preset) ? `${preset.title} (edited)` : preset.title;
}

/**
 * How a message's status reads in the sequence: "fault" for a message the host or browser stopped
 * (refused, rejected, blocked: drawn dashed and in the failure colour), "note" for a cache's
 * hit or miss, which is bookkeeping (RES-5), not an error, and "none" when it was delivered.
 */
export function statusTone(status: TraceEntry["status"]): "fault" | "note" | "none" {
  if (status === "delivered") return "none";
  return status === "cache-hit" || status === "cache-miss" ? "note" : "fault";
}
