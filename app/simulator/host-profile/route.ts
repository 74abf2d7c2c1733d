import { loadHostRecords } from "@/lib/content/hosts";
import {
  OWN_PROFILE_MAX_BYTES,
  readLinkedHostProfile,
  readOwnHostProfile,
} from "@/lib/content/own-host-profile";

export const dynamic = "force-dynamic";

/**
 * A host implementer's own profile (issue 33): the simulator posts either the chosen file's name
 * and text (`{ name, text }`), or the `profile=` value of a share link it was opened with
 * (`{ link }`). The answer is the profile resolved as the repository's are, or the error naming
 * the field (or saying the link is damaged or too large). Nothing is stored.
 */
export async function POST(request: Request): Promise<Response> {
  const body = await request.text();
  if (body.length > OWN_PROFILE_MAX_BYTES * 2)
    return Response.json({ ok: false, error: "the file is too large" }, { status: 413 });
  let sent: { name?: unknown; text?: unknown; link?: unknown };
  try {
    sent = JSON.parse(body) as typeof sent;
  } catch {
    return Response.json({ ok: false, error: "send { name, text } or { link }" }, { status: 400 });
  }
  const today = new Date().toISOString().slice(0, 10);
  const records = await loadHostRecords();
  let result;
  if (typeof sent?.link === "string")
    result = await readLinkedHostProfile(sent.link, records, today);
  else if (typeof sent?.name === "string" && typeof sent.text === "string")
    result = readOwnHostProfile(sent.text, sent.name, records, today);
  else
    return Response.json({ ok: false, error: "send { name, text } or { link }" }, { status: 400 });
  return Response.json(result, {
    status: result.ok ? 200 : 422,
    headers: { "cache-control": "no-store" },
  });
}
