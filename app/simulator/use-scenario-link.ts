"use client";

import { useEffect, useState } from "react";
import type { Scenario } from "@/lib/simulator/scenario";
import { hostInLink, hostSuffix, REFERENCE_HOST } from "@/lib/simulator/share-host";
import { loadShare } from "./lazy-modules";

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
export function initialHost(known: readonly string[]): { hostId: string; message: string | null } {
  const named =
    typeof window === "undefined" ? null : hostInLink(window.location.search, window.location.hash);
  if (named === null) return { hostId: REFERENCE_HOST, message: null };
  if (known.includes(named)) return { hostId: named, message: null };
  return {
    hostId: REFERENCE_HOST,
    message: `This link names a host the simulator has no profile for ("${named}"). Showing the reference host instead.`,
  };
}

/**
 * Opens a `#s=` link (or an old `?s=` one): decodes it, then hands over its scenario or says why
 * it could not be used. Returns true while the link is being read: nothing runs until then.
 */
export function useSharedLink(
  legacyLink: string | undefined,
  onScenario: (s: Scenario) => void,
  onProblem: (message: string) => void,
): boolean {
  // A `#s=` link is decoded asynchronously (it is compressed); nothing runs until it is read.
  const [pending, setPending] = useState(() => fragmentLink() !== null || legacyLink !== undefined);
  useEffect(() => {
    const value = fragmentLink();
    if (value === null && legacyLink === undefined) return;
    let live = true;
    void loadShare()
      .then((share) =>
        value !== null ? share.decodeScenarioLink(value) : share.decodeScenario(legacyLink!),
      )
      .then((r) => {
        if (!live) return;
        if (r.ok) onScenario(r.scenario);
        else onProblem(linkProblem(r.message));
        setPending(false);
      });
    return () => {
      live = false;
    };
    // Once, for the link the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [legacyLink]);
  return pending;
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
      // The chosen host travels beside the preset's name, or beside the scenario in the fragment.
      if (!edited && preset) write(`${pathname}?preset=${preset.id}${hostSuffix(hostId)}`);
      else
        void loadShare()
          .then((share) => share.encodeShareFragment(scenario, hostId))
          .then((fragment) => write(`${pathname}#${fragment}`));
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [scenario, edited, preset, pathname, linkPending, hostId]);
}
