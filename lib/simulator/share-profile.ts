import { deflate, fromBase64Url, inflateAtMost, toBase64Url, TooLarge } from "./link-bytes";

// A host implementer's own profile in a share link (issue 33). A built-in host travels by its id
// (`host=claude`); an own profile has no id the simulator knows, so the link carries the profile
// file itself, beside the scenario in the fragment (`#s=d1.…&profile=p1.…`, or after a preset's
// name: `?preset=…#profile=p1.…`), where the server never sees it: `p1.` + base64url(zlib deflate
// of the compact JSON). zlib, not raw deflate: its Adler-32 checksum makes a changed character an
// error, where raw deflate unpacks it into other, still well-formed text. This is only the codec: whoever reads the text checks it as a profile file
// (lib/content/own-host-profile.ts `readLinkedHostProfile`), exactly as an uploaded file is checked.

export const PROFILE_LINK_PREFIX = "p1.";

/**
 * A link's profile may unpack to at most this many bytes: the same cap as an uploaded profile file
 * (the largest in content/host-profiles is under 10 KiB). Deflate packs a megabyte of one letter
 * into a few hundred characters, so the cap is checked while inflating, not after.
 */
export const MAX_PROFILE_LINK_BYTES = 64 * 1024;
/** Longer values are refused before decoding: base64url of the largest deflated size, and room. */
export const MAX_PROFILE_LINK_CHARS =
  Math.ceil((MAX_PROFILE_LINK_BYTES * 4) / 3) + 64 + PROFILE_LINK_PREFIX.length;

export type DecodedProfileLink = { ok: true; text: string } | { ok: false; message: string };

const DAMAGED =
  "the link's host profile is damaged: it is not in the form the simulator writes, so part of it was probably lost or changed when it was copied";
const TOO_LONG = `the link's host profile is too long: a shared profile is at most ${MAX_PROFILE_LINK_CHARS.toLocaleString("en")} characters`;
const TOO_LARGE = `the link's host profile is too large: it unpacks to more than ${MAX_PROFILE_LINK_BYTES / 1024} KiB, the most a profile may be`;

/**
 * The profile file's text (already read as a profile) as it goes after `profile=`: compact JSON,
 * deflated, base64url. Throws for a text that is not JSON or is over the cap, which no profile the
 * simulator accepted can be.
 */
export async function encodeProfileLink(fileText: string): Promise<string> {
  const compact = new TextEncoder().encode(JSON.stringify(JSON.parse(fileText)));
  if (compact.byteLength > MAX_PROFILE_LINK_BYTES)
    throw new Error(`a profile over ${MAX_PROFILE_LINK_BYTES / 1024} KiB cannot go in a link`);
  return PROFILE_LINK_PREFIX + toBase64Url(await deflate(compact, "deflate"));
}

/**
 * A `profile=` value back to the profile file's text: a JSON object, not yet checked as a profile.
 * Never throws: a damaged, over-long or oversized value gives a message in words.
 */
export async function decodeProfileLink(value: string): Promise<DecodedProfileLink> {
  if (value.length > MAX_PROFILE_LINK_CHARS) return { ok: false, message: TOO_LONG };
  if (!value.startsWith(PROFILE_LINK_PREFIX)) return { ok: false, message: DAMAGED };
  let text: string;
  try {
    const bytes = await inflateAtMost(
      fromBase64Url(value.slice(PROFILE_LINK_PREFIX.length)),
      MAX_PROFILE_LINK_BYTES,
      "deflate",
    );
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return { ok: false, message: DAMAGED };
  } catch (error) {
    return { ok: false, message: error instanceof TooLarge ? TOO_LARGE : DAMAGED };
  }
  return { ok: true, text };
}
