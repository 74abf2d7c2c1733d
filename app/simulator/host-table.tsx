"use client";

import { useMemo } from "react";
import type { Decision } from "@/lib/decide";
import type { HostBehaviours, HostProfile } from "@/lib/decide/host-profile";
import type { RuleInfo } from "@/lib/rules/info";
import { previewDecision } from "@/lib/simulator/preview";
import type { Scenario } from "@/lib/simulator/scenario";
import { resolvePorts } from "@/lib/simulator/scenario-core";
import { REFERENCE_HOST } from "@/lib/simulator/share-host";
import { hostDetail } from "./lazy-modules";
import { TableSection } from "./run-panels";

/** The scenario with this page's port in it, as the run will see it. */
const resolvedHere = (scenario: Scenario) =>
  resolvePorts(scenario, typeof window === "undefined" ? "3000" : window.location.port || "80");

/** The table as the rules give it for the scenario in the chosen host, before (and while) it runs. */
export const instantPreview = (scenario: Scenario, behaviours: HostBehaviours) =>
  previewDecision(resolvedHere(scenario), behaviours);

/**
 * The decision table as the chosen host would decide it: for a host other than the reference,
 * each row's departure from it and the host's other behaviours, and for the conformance preset the
 * host's measured row, from the detail chunk (loaded only then).
 */
export function HostTable({
  decision,
  pending,
  hidden,
  ruleInfo,
  scenario,
  hostId,
  profile,
  hosts,
  ownChosen,
}: {
  decision: Decision;
  pending: boolean;
  hidden: boolean;
  ruleInfo: RuleInfo;
  scenario: Scenario;
  hostId: string;
  /** The chosen host's profile. */
  profile: HostProfile;
  /** Every host, for comparing the chosen one with another. */
  hosts: HostProfile[];
  /** The chosen host is a profile of one's own. */
  ownChosen: boolean;
}) {
  const conformance = scenario.resource.view === "conformance";
  const detail = hostDetail.useLoaded(hostId !== REFERENCE_HOST || conformance);
  const d = detail.status === "ready" ? detail.module : undefined;
  const departures = useMemo(
    () =>
      d && hostId !== REFERENCE_HOST ? d.hostDepartures(resolvedHere(scenario), profile) : null,
    [d, hostId, scenario, profile],
  );
  return (
    <TableSection
      decision={decision}
      pending={pending}
      hidden={hidden}
      ruleInfo={ruleInfo}
      hostName={hostId === REFERENCE_HOST ? undefined : profile.name}
      ownHost={ownChosen}
      rowNote={
        d && departures
          ? (row) => (
              <d.DepartureNote
                departure={departures.departures.find((x) => x.row === row)}
                unknown={departures.unknown[row]}
                hostName={profile.name}
                ruleInfo={ruleInfo}
              />
            )
          : undefined
      }
    >
      {d && departures ? (
        <d.HostBehaviourPanel
          departures={departures}
          profile={profile}
          profiles={hosts}
          ruleInfo={ruleInfo}
        />
      ) : null}
      {d && conformance ? <d.MeasuredRowPanel profile={profile} /> : null}
    </TableSection>
  );
}
