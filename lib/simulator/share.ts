import { parseScenario, ScenarioError, type Scenario } from "./scenario";
import { hostSuffix } from "./share-host";
import { deflate, fromBase64Url, inflateAtMost, toBase64Url, TooLarge } from "./link-bytes";

/**
 * Share links. The scenario travels in the URL fragment (`#s=`), which browsers never send to a
 * server, so a long scenario cannot make a request too large (HTTP 431) and the server never sees
 * it. It is deflated first: `d1.` + base64url(deflate-raw(JSON)). Links written before carried
 * plain base64url JSON in `?s=`; they are still read.
 */
export const LINK_PREFIX = "d1.";

/**
 * A link's scenario may inflate to at most this many bytes of JSON. Any site can link to the
 * simulator, and deflate packs 100 MB of one byte into about 100 KB: without a cap such a link
 * would crash the tab. A real scenario, view HTML included, is far smaller (presets: < 10 KB).
 */
export const MAX_LINK_SCENARIO_BYTES = 1024 * 1024;
/** Longer link values are refused before decoding (base64url of the largest inflated size). */
export const MAX_LINK_CHARS = Math.ceil((MAX_LINK_SCENARIO_BYTES * 4) / 3) + 16;

const TOO_LONG = `the link is too long: a shared scenario is at most ${MAX_LINK_CHARS.toLocaleString("en")} characters`;
const TOO_LARGE = `the link's scenario is too large: it unpacks to more than ${MAX_LINK_SCENARIO_BYTES / 1024} KB, the most the simulator reads from a link`;

export type DecodedLink = { ok: true; scenario: Scenario } | { ok: false; message: string };

const DAMAGED =
  "the link is damaged: its scenario is not in the form the simulator writes, so part of it was probably lost or changed when it was copied";

/** The scenario as it goes after `#s=`: deflated, then base64url. */
export async function encodeScenarioLink(s: Scenario): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(s));
  return LINK_PREFIX + toBase64Url(await deflate(json));
}

/**
 * The whole fragment of a share link, after `#`: the scenario, and the host it is run in when that
 * is not the reference (`s=d1.…&host=claude`). The host travels beside the scenario, not in it: a
 * scenario is the server's and the view's; the host is who renders them. An own profile goes as
 * itself (`&profile=p1.…`, share-profile.ts), given its link value.
 */
export async function encodeShareFragment(
  s: Scenario,
  hostId: string,
  profileLink?: string,
): Promise<string> {
  return `s=${await encodeScenarioLink(s)}${hostSuffix(hostId, profileLink)}`;
}

export { hostInLink } from "./share-host";

/** The legacy form (plain base64url of the JSON), as old `?s=` links carry it. */
export function encodeScenario(s: Scenario): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(s)));
}

/** Words for a scenario that parsed as JSON but cannot be used. */
function unusable(error: unknown): DecodedLink {
  if (error instanceof ScenarioError) {
    if (error.field === "JSON") return { ok: false, message: DAMAGED };
    if (error.field === "version") return { ok: false, message: error.detail };
    const fields = error.issues.slice(0, 3).map((i) => `${i.field} (${i.detail})`);
    const more = error.issues.length > 3 ? ` and ${error.issues.length - 3} more` : "";
    return {
      ok: false,
      message: `the scenario in the link has fields this simulator cannot use: ${fields.join("; ")}${more}`,
    };
  }
  return { ok: false, message: DAMAGED };
}

/** A decoded link's text as a scenario, or why it cannot be one. Never throws. */
function parseLinked(text: string): DecodedLink {
  try {
    return { ok: true, scenario: parseScenario(text, "link") };
  } catch (error) {
    return unusable(error);
  }
}

/**
 * Reads a legacy `?s=` value. Never throws: a damaged link, one that is not a scenario, or one from
 * a newer version gives a message in words, and the caller keeps the default scenario.
 */
export function decodeScenario(param: string): DecodedLink {
  if (param.length > MAX_LINK_CHARS) return { ok: false, message: TOO_LONG };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(fromBase64Url(param));
  } catch {
    return { ok: false, message: DAMAGED };
  }
  return parseLinked(text);
}

/** Reads a `#s=` value (or, without the `d1.` prefix, a legacy one). Never throws. */
export async function decodeScenarioLink(value: string): Promise<DecodedLink> {
  if (!value.startsWith(LINK_PREFIX)) return decodeScenario(value);
  if (value.length > MAX_LINK_CHARS) return { ok: false, message: TOO_LONG };
  let text: string;
  try {
    const bytes = await inflateAtMost(
      fromBase64Url(value.slice(LINK_PREFIX.length)),
      MAX_LINK_SCENARIO_BYTES,
    );
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    return { ok: false, message: error instanceof TooLarge ? TOO_LARGE : DAMAGED };
  }
  return parseLinked(text);
}
