import type { HostProfile } from "@/lib/decide/host-profile";
import { encodeProfileLink } from "@/lib/simulator/share-profile";

// A host implementer's own profile in the simulator (issue 33): read from a chosen file or from
// the `profile=` of a share link. The server reads it as the repository's profiles are read
// (app/simulator/host-profile/route.ts: the same schema, errors naming the field), so nothing here
// trusts the text. A chunk of its own: loaded when a file is chosen or a link carries a profile.

/** Every own profile's id starts so, so it can never be taken for a built-in host. */
export const OWN_HOST_PREFIX = "own:";

/** A loaded own profile, and the `profile=` value that carries it in a share link. */
export interface OwnHost {
  profile: HostProfile;
  link: string;
}

export type OwnHostResult = { ok: true; own: OwnHost } | { ok: false; error: string };

async function resolve(
  body: { name: string; text: string } | { link: string },
  suffix: string,
): Promise<{ ok: true; profile: HostProfile } | { ok: false; error: string }> {
  try {
    const response = await fetch("/simulator/host-profile", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as
      { ok: true; profile: HostProfile } | { ok: false; error: string };
    if (!answer.ok) return answer;
    const p = answer.profile;
    // An id of its own, so it can sit beside the host it was copied from.
    return {
      ok: true,
      profile: { ...p, id: `${OWN_HOST_PREFIX}${p.id}`, name: `${p.name} (${suffix})` },
    };
  } catch (e) {
    return { ok: false, error: `the profile could not be read: ${String(e)}` };
  }
}

/** Reads a chosen profile file; the profile comes back under an id of its own. */
export async function loadOwnProfileFile(file: File): Promise<OwnHostResult> {
  const text = await file.text();
  const read = await resolve({ name: file.name, text }, "your file");
  if (!read.ok) return read;
  // The server has read it as JSON within the cap, so it packs into a link.
  return { ok: true, own: { profile: read.profile, link: await encodeProfileLink(text) } };
}

/** Reads the profile a share link carries (its `profile=` value). */
export async function loadOwnProfileLink(link: string): Promise<OwnHostResult> {
  const read = await resolve({ link }, "from the link");
  return read.ok ? { ok: true, own: { profile: read.profile, link } } : read;
}
