import { loadHostRecords } from "@/lib/content/hosts";
import { OWN_PROFILE_MAX_BYTES, readOwnHostProfile } from "@/lib/content/own-host-profile";

export const dynamic = "force-dynamic";

/**
 * A host implementer's own profile (issue 33): the simulator posts the chosen file's name and
 * text; the answer is the profile resolved as the repository's are, or the error naming the
 * field. Nothing is stored.
 */
export async function POST(request: Request): Promise<Response> {
  const body = await request.text();
  if (body.length > OWN_PROFILE_MAX_BYTES * 2)
    return Response.json({ ok: false, error: "the file is too large" }, { status: 413 });
  let sent: { name?: unknown; text?: unknown };
  try {
    sent = JSON.parse(body) as typeof sent;
  } catch {
    return Response.json({ ok: false, error: "send { name, text }" }, { status: 400 });
  }
  if (typeof sent?.name !== "string" || typeof sent.text !== "string")
    return Response.json({ ok: false, error: "send { name, text }" }, { status: 400 });
  const today = new Date().toISOString().slice(0, 10);
  const result = readOwnHostProfile(sent.text, sent.name, await loadHostRecords(), today);
  return Response.json(result, {
    status: result.ok ? 200 : 422,
    headers: { "cache-control": "no-store" },
  });
}
