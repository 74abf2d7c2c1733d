"use client";

import { useMemo, useRef, useState } from "react";
import {
  behavioursOf,
  REFERENCE_BEHAVIOURS,
  type HostBehaviours,
  type HostProfile,
} from "@/lib/decide/host-profile";
import { REFERENCE_HOST } from "@/lib/simulator/share-host";
import { loadOwnProfile } from "./lazy-modules";
import type { OwnHost } from "./own-profile";
import { initialHost } from "./use-scenario-link";

/** A host's behaviours; the reference's own object, so its preview is today's exactly. */
const behavioursFor = (p: HostProfile): HostBehaviours =>
  p.id === REFERENCE_HOST ? REFERENCE_BEHAVIOURS : behavioursOf(p);

/**
 * The host the page decides and runs in (issue 33): one of the server's profiles, or a profile of
 * one's own from a file or a link, a host like any other once loaded. `hostRef` is the chosen host
 * as the next run reads it, set in the same handler that chooses it.
 */
export function useHostChoice(profiles: HostProfile[]) {
  const [start] = useState(() => initialHost(profiles.map((p) => p.id)));
  const [hostId, setHostId] = useState(start.hostId);
  const [own, setOwn] = useState<OwnHost | null>(null);
  const [ownError, setOwnError] = useState("");
  const hosts = useMemo(() => (own ? [...profiles, own.profile] : profiles), [profiles, own]);
  // The server sends the reference first.
  const profile = hosts.find((p) => p.id === hostId) ?? profiles[0]!;
  const behaviours = useMemo(() => behavioursFor(profile), [profile]);
  const hostRef = useRef({ id: hostId, behaviours });
  const ownChosen = own !== null && hostId === own.profile.id;

  /** Makes `next` the host the next run and the table decide with. */
  function applyHost(next: HostProfile) {
    hostRef.current = { id: next.id, behaviours: behavioursFor(next) };
    setHostId(next.id);
  }
  /** A profile of one's own, read and checked: it joins the hosts and is chosen. */
  function adoptOwn(loaded: OwnHost) {
    setOwn(loaded);
    applyHost(loaded.profile);
  }
  /**
   * Reads a profile file of one's own (checked by the server) and adds it to the hosts; its
   * profile, or null with the reason in `ownError`.
   */
  async function readOwnFile(file: File): Promise<HostProfile | null> {
    setOwnError("");
    const loaded = await loadOwnProfile().then(
      (m) => m.loadOwnProfileFile(file),
      () => ({ ok: false as const, error: "the page could not load the part that reads it" }),
    );
    if (!loaded.ok) {
      setOwnError(loaded.error);
      return null;
    }
    setOwn(loaded.own);
    return loaded.own.profile;
  }

  return {
    /** The host the link named: its message if it could not be used, or the own profile it carries. */
    start,
    hostId,
    profile,
    hosts,
    own,
    /** The chosen host is the profile of one's own. */
    ownChosen,
    /** The chosen host's `profile=` value, when it is a profile of one's own. */
    ownLink: ownChosen ? own.link : undefined,
    ownError,
    behaviours,
    hostRef,
    applyHost,
    adoptOwn,
    readOwnFile,
  };
}
