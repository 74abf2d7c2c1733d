"use client";

import { useId, useState } from "react";
import { PERMISSION_NAMES, type PermissionName } from "@/lib/simulator/constants";
import { ALLOW_FEATURE, decidePermissions } from "@/lib/decide/permissions";
import { RuleRef } from "../rule-ref";
import { HostPolicyNote, VerdictLine } from "./verdict";

type Shape = "flags" | "list" | "true";

const SHAPES: { key: Shape; label: string }[] = [
  { key: "flags", label: "an object of empty-object flags" },
  { key: "list", label: "a list of strings" },
  { key: "true", label: "flags set to true" },
];

function declaration(shape: Shape, requested: readonly PermissionName[]): unknown {
  if (shape === "list") return [...requested];
  return Object.fromEntries(requested.map((p) => [p, shape === "flags" ? {} : true]));
}

/**
 * Request permissions, choose what the host is willing to grant, and see the inner iframe's
 * `allow` attribute. Verdict and attribute come from the simulator's `decidePermissions`.
 */
export function PermissionsMapper() {
  const id = useId();
  const [requested, setRequested] = useState<PermissionName[]>(["camera", "clipboardWrite"]);
  const [grantable, setGrantable] = useState<PermissionName[]>(["clipboardWrite", "geolocation"]);
  const [shape, setShape] = useState<Shape>("flags");
  const toggle = (list: PermissionName[], p: PermissionName, on: boolean) =>
    on ? PERMISSION_NAMES.filter((n) => n === p || list.includes(n)) : list.filter((n) => n !== p);

  const declared = declaration(shape, requested);
  const decision = decidePermissions(requested.length > 0, declared, grantable);
  const reported = Object.fromEntries(decision.granted.map((p) => [p, {}]));

  return (
    <section className="widget" aria-label="Permissions mapper" data-widget="permissions-mapper">
      <fieldset>
        <legend>
          Requested in <code>_meta.ui.permissions</code>
        </legend>
        {PERMISSION_NAMES.map((p) => (
          <label key={p}>
            <input
              type="checkbox"
              data-request={p}
              checked={requested.includes(p)}
              onChange={(e) => setRequested(toggle(requested, p, e.target.checked))}
            />{" "}
            <code>{p}</code>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Written as</legend>
        {SHAPES.map((s) => (
          <label key={s.key}>
            <input
              type="radio"
              name={`${id}-shape`}
              checked={shape === s.key}
              onChange={() => setShape(s.key)}
            />{" "}
            {s.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="host-settings">
        <legend>
          The host is willing to grant: <HostPolicyNote rule="PERM-2" />
        </legend>
        {PERMISSION_NAMES.map((p) => (
          <label key={p}>
            <input
              type="checkbox"
              data-grant={p}
              checked={grantable.includes(p)}
              onChange={(e) => setGrantable(toggle(grantable, p, e.target.checked))}
            />{" "}
            <code>{p}</code>
          </label>
        ))}
      </fieldset>

      <div aria-live="polite">
        <VerdictLine decision={decision} testId="permissions-verdict" />
      </div>
      <div className="widget-grid">
        <div>
          <strong>The resource declares</strong>
          <pre tabIndex={0}>
            <code>
              {JSON.stringify(
                requested.length ? { ui: { permissions: declared } } : { ui: {} },
                null,
                2,
              )}
            </code>
          </pre>
        </div>
        <div>
          <strong>The view&apos;s iframe</strong>
          <pre tabIndex={0}>
            <code data-testid="allow-attribute">
              {decision.allow
                ? `<iframe allow="${decision.allow}">`
                : "<iframe> (no allow attribute)"}
            </code>
          </pre>
          <strong>
            <code>hostCapabilities.sandbox.permissions</code>
          </strong>
          <pre tabIndex={0}>
            <code data-testid="reported-permissions">{JSON.stringify(reported)}</code>
          </pre>
        </div>
      </div>
      <p className="muted">
        Flag to feature:{" "}
        {PERMISSION_NAMES.map((p, i) => (
          <span key={p}>
            {i > 0 ? ", " : ""}
            <code>{p}</code> → <code>{ALLOW_FEATURE[p]}</code>
          </span>
        ))}
        . Whatever is granted, the view renders <RuleRef id="PERM-3" />.
      </p>
    </section>
  );
}
