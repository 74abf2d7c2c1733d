/**
 * The host a simulator link names (issue 33): `host=<profile id>`, beside `preset=` in the query
 * or beside `s=` in the fragment. Kept apart from share.ts, which loads the scenario parser, so
 * the page can read it before its first render. Absent, or the reference: the reference host.
 */
export const HOST_PARAM = "host";
export const REFERENCE_HOST = "reference";

/** The host id a link carries, from its query or its fragment; null when it names none. */
export function hostInLink(search: string, hash: string): string | null {
  const fromQuery = new URLSearchParams(search).get(HOST_PARAM);
  const fromFragment = new URLSearchParams(hash.replace(/^#/, "")).get(HOST_PARAM);
  const id = fromFragment ?? fromQuery;
  return id && id !== REFERENCE_HOST ? id : null;
}

/** `&host=<id>` to append to a query or a fragment; nothing for the reference host. */
export function hostSuffix(hostId: string): string {
  return hostId === REFERENCE_HOST ? "" : `&${HOST_PARAM}=${encodeURIComponent(hostId)}`;
}
