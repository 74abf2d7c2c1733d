import { EXTENSION_ID } from "./constants";
import type { Scenario } from "./scenario";

/** Client capabilities the scenario's client declares on every request (NEG-2). */
export function clientCapabilitiesFor(s: Scenario): Record<string, unknown> {
  return s.client.extension
    ? { extensions: { [EXTENSION_ID]: { mimeTypes: s.client.mimeTypes } } }
    : {};
}
