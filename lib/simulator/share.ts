import { parseScenario, ScenarioError, type Scenario } from "./scenario";

function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The scenario as a URL-safe string: base64url of its JSON. */
export function encodeScenario(s: Scenario): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(s)));
}

/**
 * Reads a shared scenario. Never throws: a link that is not base64, not JSON, not a scenario or
 * from a newer version gives a message naming what is wrong, and the caller keeps the default.
 */
export function decodeScenario(
  param: string,
): { ok: true; scenario: Scenario } | { ok: false; message: string } {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(fromBase64Url(param));
  } catch {
    return { ok: false, message: "the link's scenario is not valid base64url text" };
  }
  try {
    return { ok: true, scenario: parseScenario(text, "link") };
  } catch (error) {
    if (error instanceof ScenarioError) return { ok: false, message: error.message };
    return {
      ok: false,
      message: `the link's scenario could not be read (${(error as Error).message})`,
    };
  }
}
