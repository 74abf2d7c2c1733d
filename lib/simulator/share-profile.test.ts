import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { deflate, toBase64Url } from "./link-bytes";
import { hostInLink, profileInLink } from "./share-host";
import {
  decodeProfileLink,
  encodeProfileLink,
  MAX_PROFILE_LINK_BYTES,
  MAX_PROFILE_LINK_CHARS,
  PROFILE_LINK_PREFIX,
} from "./share-profile";

// A host implementer's own profile in a share link (issue 33): the profile file itself, compact,
// beside the scenario in the fragment. This is the codec; the profile is validated as a profile
// file where it is read (lib/content/own-host-profile.ts, readLinkedHostProfile).

const OWN = {
  id: "acme-chat",
  basis: "Acme Chat's own reading of its host code, December 2026.",
  fields: {
    appCallVisibility: {
      value: "unchecked",
      evidence: [
        {
          kind: "host-code",
          date: "2026-12-01",
          source: "https://example.com/acme-chat/bridge.ts",
          says: "Our bridge forwards every tools/call a view sends.",
        },
      ],
    },
  },
};

const linkOf = async (bytes: Uint8Array) =>
  PROFILE_LINK_PREFIX + toBase64Url(await deflate(bytes, "deflate"));

describe("a host profile in a share link", () => {
  it("round-trips the profile file exactly, compact: pretty-printing does not travel", async () => {
    const link = await encodeProfileLink(JSON.stringify(OWN, null, 2));
    expect(link).toMatch(/^p1\.[A-Za-z0-9_-]+$/);
    expect(link.length).toBeLessThan(JSON.stringify(OWN, null, 2).length);
    const back = await decodeProfileLink(link);
    expect(back).toEqual({ ok: true, text: JSON.stringify(OWN) });
  });

  it("puts the largest profile in the repository in under half its file's characters", async () => {
    const files = await readdir("content/host-profiles");
    const texts = await Promise.all(
      files.map((f) => readFile(`content/host-profiles/${f}`, "utf8")),
    );
    const largest = texts.sort((a, b) => b.length - a.length)[0]!;
    const link = await encodeProfileLink(largest);
    expect(link.length).toBeLessThan(largest.length / 2);
    expect(await decodeProfileLink(link)).toEqual({
      ok: true,
      text: JSON.stringify(JSON.parse(largest)),
    });
  });

  it("says a tampered link is damaged, in words, without parser text", async () => {
    // One letter changed in the middle: raw deflate unpacked this into well-formed JSON with a
    // field renamed; the checksum refuses it.
    const link = await encodeProfileLink(JSON.stringify(OWN));
    const mid = Math.floor(link.length / 2);
    const flipped = link.slice(0, mid) + (link[mid] === "A" ? "B" : "A") + link.slice(mid + 1);
    for (const bad of [link.slice(0, -6), flipped, "p1.!!", "p1.", "p2." + link.slice(3), "{}"]) {
      const r = await decodeProfileLink(bad);
      expect(r, bad).toEqual({
        ok: false,
        message: expect.stringContaining("the link's host profile is damaged"),
      });
      if (!r.ok) expect(r.message).not.toMatch(/base64|Unexpected|position|deflate/i);
    }
    // Bytes that inflate but are not a JSON object are damage too.
    for (const text of ["not json", "[1,2]", "\u00ff\u00fe"]) {
      const r = await decodeProfileLink(await linkOf(new TextEncoder().encode(text)));
      expect(r.ok, text).toBe(false);
    }
    const latin = await decodeProfileLink(await linkOf(new Uint8Array([0xff, 0xfe, 0x7b])));
    expect(latin.ok).toBe(false);
  });

  it("refuses an over-long link before decoding it, and one that unpacks past the cap, naming each limit", async () => {
    const long = await decodeProfileLink(PROFILE_LINK_PREFIX + "A".repeat(MAX_PROFILE_LINK_CHARS));
    expect(long).toEqual({
      ok: false,
      message: expect.stringContaining(`${MAX_PROFILE_LINK_CHARS.toLocaleString("en")} characters`),
    });
    // A profile whose basis is 1 MB of one letter deflates to a short link, but unpacks past 64 KiB.
    const bomb = JSON.stringify({ ...OWN, basis: "a".repeat(1024 * 1024) });
    const link = await linkOf(new TextEncoder().encode(bomb));
    expect(link.length).toBeLessThan(MAX_PROFILE_LINK_CHARS);
    expect(await decodeProfileLink(link)).toEqual({
      ok: false,
      message: expect.stringContaining(`${MAX_PROFILE_LINK_BYTES / 1024} KiB`),
    });
    // Encoding refuses what decoding would: a profile over the cap is never put in a link.
    await expect(encodeProfileLink(bomb)).rejects.toThrow(/64 KiB/);
  });

  it("is found in the fragment beside the scenario, and names no built-in host there", () => {
    expect(profileInLink("#s=d1.abc&profile=p1.xyz")).toBe("p1.xyz");
    expect(profileInLink("#profile=p1.xyz")).toBe("p1.xyz");
    expect(profileInLink("#s=d1.abc&host=claude")).toBeNull();
    expect(profileInLink("")).toBeNull();
    expect(hostInLink("?preset=happy-path", "#profile=p1.xyz")).toBeNull();
  });
});
