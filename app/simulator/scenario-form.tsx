"use client";

import { memo } from "react";
import { ActionGroup, ConsentGroup } from "./run-groups";
import { NegotiationGroup, ResourceGroup, ToolGroup } from "./declaration-groups";
import type { GroupProps } from "./form-fields";
import { CspGroup, HostPolicyGroup, PermissionsGroup } from "./sandbox-groups";

/**
 * Every scenario field, grouped as the decision table is. Memoised: the page re-renders on every
 * batch of trace entries during a run, and the form only depends on the scenario.
 */
export const ScenarioForm = memo(function ScenarioForm({ scenario, update }: GroupProps) {
  return (
    <div className="sim-form" data-testid="scenario-form">
      <NegotiationGroup scenario={scenario} update={update} />
      <ToolGroup scenario={scenario} update={update} />
      <ResourceGroup scenario={scenario} update={update} />
      <CspGroup scenario={scenario} update={update} />
      <PermissionsGroup scenario={scenario} update={update} />
      <HostPolicyGroup scenario={scenario} update={update} />
      <ConsentGroup scenario={scenario} update={update} />
      <ActionGroup scenario={scenario} update={update} />
    </div>
  );
});
