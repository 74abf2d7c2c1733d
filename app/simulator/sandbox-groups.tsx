import { PERMISSION_NAMES, type PermissionName } from "@/lib/simulator/constants";
import { Group, JsonField, Lines, type GroupProps } from "./form-fields";
import type { Scenario } from "@/lib/simulator/scenario";

// The fields of what the view may reach and use: its CSP, its permissions, and the host's policy
// for both.

const ORIGIN_PICKS = [
  "http://api.localhost:{port}",
  "http://cdn.localhost:{port}",
  "http://frames.localhost:{port}",
  "http://evil.localhost:{port}",
];

/** The "CSP" controls. */
export function CspGroup({ scenario: s, update }: GroupProps) {
  const csp = s.resource.csp;
  const cspMode =
    csp === undefined
      ? "omitted"
      : typeof csp === "object" && csp !== null && !Array.isArray(csp)
        ? "object"
        : "raw";
  const cspObj = (cspMode === "object" ? csp : {}) as Record<string, unknown>;
  const list = (k: string) =>
    Array.isArray(cspObj[k]) ? (cspObj[k] as unknown[]).map(String) : [];
  const setResource = (patch: Partial<Scenario["resource"]>) =>
    update((x) => ({ ...x, resource: { ...x.resource, ...patch } }));
  return (
    <Group title="CSP">
      <label>
        <code>_meta.ui.csp</code>{" "}
        <select
          value={cspMode}
          data-testid="csp-mode"
          onChange={(e) =>
            setResource({
              csp: e.target.value === "omitted" ? undefined : e.target.value === "object" ? {} : [],
            })
          }
        >
          <option value="omitted">not declared</option>
          <option value="object">an object of domain lists</option>
          <option value="raw">raw JSON (try a flat list)</option>
        </select>
      </label>
      {cspMode === "object"
        ? (["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const).map(
            (k) => (
              <Lines
                key={k}
                label={k}
                values={list(k)}
                picks={ORIGIN_PICKS}
                onChange={(v) => setResource({ csp: { ...cspObj, [k]: v } })}
              />
            ),
          )
        : null}
      {cspMode === "raw" ? (
        <JsonField
          key="csp-raw"
          label="csp as raw JSON"
          value={csp}
          onChange={(v) => setResource({ csp: v })}
        />
      ) : null}
    </Group>
  );
}

/** The "Permissions" controls. */
export function PermissionsGroup({ scenario: s, update }: GroupProps) {
  const perms = s.resource.permissions;
  const permMode =
    perms === undefined
      ? "omitted"
      : typeof perms === "object" && perms !== null && !Array.isArray(perms)
        ? "object"
        : "raw";
  const setResource = (patch: Partial<Scenario["resource"]>) =>
    update((x) => ({ ...x, resource: { ...x.resource, ...patch } }));
  return (
    <Group title="Permissions">
      <label>
        <code>_meta.ui.permissions</code>{" "}
        <select
          value={permMode}
          onChange={(e) =>
            setResource({
              permissions:
                e.target.value === "omitted"
                  ? undefined
                  : e.target.value === "object"
                    ? {}
                    : ["camera"],
            })
          }
        >
          <option value="omitted">not declared</option>
          <option value="object">an object of flags</option>
          <option value="raw">raw JSON (try a list of strings)</option>
        </select>
      </label>
      {permMode === "object"
        ? PERMISSION_NAMES.map((p) => (
            <label key={p}>
              <input
                type="checkbox"
                checked={!!(perms as Record<string, unknown>)[p]}
                onChange={(e) => {
                  const next = { ...(perms as Record<string, unknown>) };
                  if (e.target.checked) next[p] = {};
                  else delete next[p];
                  setResource({ permissions: next });
                }}
              />{" "}
              {p}
            </label>
          ))
        : null}
      {permMode === "raw" ? (
        <JsonField
          key="perm-raw"
          label="permissions as raw JSON"
          value={perms}
          onChange={(v) => setResource({ permissions: v })}
        />
      ) : null}
    </Group>
  );
}

/** The "Host policy" controls. */
export function HostPolicyGroup({ scenario: s, update }: GroupProps) {
  const setHost = (patch: Partial<Scenario["host"]>) =>
    update((x) => ({ ...x, host: { ...x.host, ...patch } }));
  return (
    <Group title="Host policy">
      <Lines
        label="Approved origins"
        values={s.host.approvedOrigins}
        onChange={(v) => setHost({ approvedOrigins: v })}
        picks={ORIGIN_PICKS}
      />
      <p className="muted">Grantable permissions:</p>
      {PERMISSION_NAMES.map((p) => (
        <label key={p}>
          <input
            type="checkbox"
            checked={s.host.grantablePermissions.includes(p)}
            onChange={(e) =>
              setHost({
                grantablePermissions: e.target.checked
                  ? [...s.host.grantablePermissions, p]
                  : s.host.grantablePermissions.filter((x: PermissionName) => x !== p),
              })
            }
          />{" "}
          {p}
        </label>
      ))}
      <label>
        Out-of-policy origin{" "}
        <select
          value={s.host.outOfPolicy}
          onChange={(e) => setHost({ outOfPolicy: e.target.value as "text" | "subset" })}
        >
          <option value="text">fall back to text</option>
          <option value="subset">render with the approved subset</option>
        </select>
      </label>
    </Group>
  );
}
