/**
 * The host a simulator link names (issue 33): `host=<profile id>`, beside `preset=` in the query
 * or beside `s=` in the fragment; or, for a profile of one's own, the profile itself in the
 * fragment (`profile=p1.…`, share-profile.ts). Kept apart from share.ts, which loads the scenario
 * parser, so the page can read it before its first render. Absent, or the reference: the
 * reference host.
 */
export const HOST_PARAM = "host";
export const PROFILE_PARAM = "profile";
export const REFERENCE_HOST = "reference";

/** The host id a link carries, from its query or its fragment; null when it names none. */
export function hostInLink(search: string, hash: string): string | null {
  const fromQuery = new URLSearchParams(search).get(HOST_PARAM);
  const fromFragment = new URLSearchParams(hash.replace(/^#/, "")).get(HOST_PARAM);
  const id = fromFragment ?? fromQuery;
  return id && id !== REFERENCE_HOST ? id : null;
}

/** The own profile a link carries in its fragment (still encoded); null when it carries none. */
export function profileInLink(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get(PROFILE_PARAM) || null;
}

/**
 * `&host=<id>` to append to a query or a fragment; nothing for the reference host. An own profile
 * (its `profile=` value given) goes as `&profile=p1.…`, in a fragment only: it is the profile
 * itself, which no server needs to see.
 */
export function hostSuffix(hostId: string, profileLink?: string): string {
  if (profileLink) return `&${PROFILE_PARAM}=${profileLink}`;
  return hostId === REFERENCE_HOST ? "" : `&${HOST_PARAM}=${encodeURIComponent(hostId)}`;
}
