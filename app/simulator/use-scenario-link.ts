"use client";

import { useEffect, useState } from "react";
import type { Scenario } from "@/lib/simulator/scenario";
import {
  hostInLink,
  hostSuffix,
  PROFILE_PARAM,
  profileInLink,
  REFERENCE_HOST,
} from "@/lib/simulator/share-host";
import { loadOwnProfile, loadShare } from "./lazy-modules";
import type { OwnHost } from "./own-profile";

const linkProblem = (message: string) =>
  `This link's scenario could not be used: ${message}. Showing the default scenario instead; your saved progress is untouched.`;

/** The scenario a link carries in its fragment (`#s=`), if any; read asynchronously. */
function fragmentLink(): string | null {
  if (typeof window === "undefined") return null;
  return new URLSearchParams(window.location.hash.slice(1)).get("s");
}

/** The preset a scenario came from: the one with its id, else the default. */
export function presetIdFor(presets: Scenario[], s: Scenario, fallback: Scenario): string {
  return presets.some((p) => p.id === s.id) ? s.id : fallback.id;
}

/** The default preset: happy-path, else the first. */
export const defaultPreset = (presets: Scenario[]) =>
  presets.find((p) => p.id === "happy-path") ?? presets[0]!;

/** The page's first scenario, from `?preset=` (or an old `?s=` link, read later). */
export function initialScenario(
  presets: Scenario[],
  params: URLSearchParams,
): { scenario: Scenario; presetId: string; message: string | null; legacyLink?: string } {
  const fallback = defaultPreset(presets);
  // Links written before the fragment form carried the scenario in ?s=; they still open, read
  // (like a `#s=` link) once the page has the parser.
  const shared = params.get("s");
  if (shared)
    return { scenario: fallback, presetId: fallback.id, message: null, legacyLink: shared };
  const id = params.get("preset");
  const preset = id ? presets.find((p) => p.id === id) : undefined;
  if (id && !preset)
    return {
      scenario: fallback,
      presetId: fallback.id,
      message: `There is no preset named "${id}". Showing the default scenario instead.`,
    };
  return { scenario: preset ?? fallback, presetId: (preset ?? fallback).id, message: null };
}

/**
 * The host the page opens with (issue 33), from `host=` in the query or the fragment: a host the
 * simulator has a profile for, else the reference, with a message saying why.
 */
export function initialHost(known: readonly string[]): {
  hostId: string;
  message: string | null;
  /** A profile of one's own the link carries (`profile=`), read by useProfileLink. */
  profileLink?: string;
} {
  if (typeof window === "undefined") return { hostId: REFERENCE_HOST, message: null };
  // An own profile travels as itself; until it is read and checked the reference is the host.
  const profileLink = profileInLink(window.location.hash);
  if (profileLink) return { hostId: REFERENCE_HOST, message: null, profileLink };
  const named = hostInLink(window.location.search, window.location.hash);
  if (named === null) return { hostId: REFERENCE_HOST, message: null };
  if (known.includes(named)) return { hostId: named, message: null };
  return {
    hostId: REFERENCE_HOST,
    message: `This link names a host the simulator has no profile for ("${named}"). Showing the reference host instead.`,
  };
}

type LinkPart<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Reads one part of the link the page was opened with (its scenario, its own host profile), once
 * and asynchronously; `read` is null when the link has no such part. Hands over what the part
 * holds, or why it could not be used, in the words `problem` puts it in. Returns true while it is
 * being read: nothing runs until then.
 */
function useLinkPart<T>(
  read: (() => Promise<LinkPart<T>>) | null,
  onValue: (value: T) => void,
  onProblem: (message: string) => void,
  problem: (message: string) => string,
): boolean {
  const [pending, setPending] = useState(read !== null);
  useEffect(() => {
    if (!read) return;
    let live = true;
    void read()
      .catch((): LinkPart<T> => ({
        ok: false,
        message: "the page could not load the part that reads it",
      }))
      .then((r) => {
        if (!live) return;
        if (r.ok) onValue(r.value);
        else onProblem(problem(r.message));
        setPending(false);
      });
    return () => {
      live = false;
    };
    // Once, for the link the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return pending;
}

/**
 * Opens a `#s=` link (or an old `?s=` one): decodes it (it is compressed), then hands over its
 * scenario or says why it could not be used. True while the link is being read.
 */
export function useSharedLink(
  legacyLink: string | undefined,
  onScenario: (s: Scenario) => void,
  onProblem: (message: string) => void,
): boolean {
  const value = fragmentLink();
  const read =
    value === null && legacyLink === undefined
      ? null
      : async (): Promise<LinkPart<Scenario>> => {
          const share = await loadShare();
          const r =
            value !== null
              ? await share.decodeScenarioLink(value)
              : share.decodeScenario(legacyLink!);
          return r.ok ? { ok: true, value: r.scenario } : r;
        };
  return useLinkPart(read, onScenario, onProblem, linkProblem);
}

const profileProblem = (message: string) =>
  `This link's host profile could not be used: ${message}. Showing the reference host instead; the scenario is kept.`;

/**
 * Reads the own profile a link carries (issue 33): the server checks it as it checks an uploaded
 * file. Hands over the profile, or says why it could not be used (the reference host stays, and
 * the scenario is untouched). True while it is being read.
 */
export function useProfileLink(
  profileLink: string | undefined,
  onProfile: (own: OwnHost) => void,
  onProblem: (message: string) => void,
): boolean {
  const read =
    profileLink === undefined
      ? null
      : async (): Promise<LinkPart<OwnHost>> => {
          const r = await (await loadOwnProfile()).loadOwnProfileLink(profileLink);
          return r.ok ? { ok: true, value: r.own } : { ok: false, message: r.error };
        };
  return useLinkPart(read, onProfile, onProblem, profileProblem);
}

/**
 * Keeps the address in step, a little later: Next.js follows replaceState with a render of every
 * component that reads the URL, which would otherwise delay the run by 10–15 ms. An unedited
 * preset is named; an edited scenario travels in the fragment, compressed, so it never reaches the
 * server however long it is.
 */
export function useAddressSync(
  scenario: Scenario,
  preset: Scenario | undefined,
  edited: boolean,
  pathname: string,
  linkPending: boolean,
  hostId: string = REFERENCE_HOST,
  /** The chosen host's `profile=` value when it is a profile of one's own. */
  profileLink?: string,
): void {
  useEffect(() => {
    if (linkPending) return;
    let live = true;
    const t = setTimeout(() => {
      const write = (url: string) => {
        if (
          live &&
          url !== window.location.pathname + window.location.search + window.location.hash
        )
          window.history.replaceState(null, "", url);
      };
      // The chosen host travels beside the preset's name, or beside the scenario in the fragment;
      // an own profile always in the fragment, which the server never sees.
      if (!edited && preset)
        write(
          profileLink
            ? `${pathname}?preset=${preset.id}#${PROFILE_PARAM}=${profileLink}`
            : `${pathname}?preset=${preset.id}${hostSuffix(hostId)}`,
        );
      else
        void loadShare()
          .then((share) => share.encodeShareFragment(scenario, hostId, profileLink))
          .then((fragment) => write(`${pathname}#${fragment}`));
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [scenario, edited, preset, pathname, linkPending, hostId, profileLink]);
}
