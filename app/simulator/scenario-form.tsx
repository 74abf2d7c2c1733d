"use client";

import { memo, useId, useState, type ReactNode } from "react";
import { PERMISSION_NAMES, PROFILE_MIME, type PermissionName } from "@/lib/simulator/constants";
import type { Scenario } from "@/lib/simulator/scenario";

type Update = (fn: (s: Scenario) => Scenario) => void;

const MIME_PICKS = [
  PROFILE_MIME,
  "text/html",
  "text/html;charset=utf-8",
  "text/html+mcp",
  "text/html; profile=mcp-app",
];
const ORIGIN_PICKS = [
  "http://api.localhost:{port}",
  "http://cdn.localhost:{port}",
  "http://frames.localhost:{port}",
  "http://evil.localhost:{port}",
];
const VISIBILITY = {
  omitted: undefined,
  both: ["model", "app"],
  model: ["model"],
  app: ["app"],
  none: [],
} as const;
type VisibilityKey = keyof typeof VISIBILITY;

function visibilityKey(v: readonly string[] | undefined): VisibilityKey {
  if (v === undefined) return "omitted";
  const has = (x: string) => v.includes(x);
  return has("model") && has("app") ? "both" : has("model") ? "model" : has("app") ? "app" : "none";
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="sim-group">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function VisibilitySelect({
  value,
  onChange,
  label,
}: {
  value: readonly ("model" | "app")[] | undefined;
  onChange: (v: ("model" | "app")[] | undefined) => void;
  label: string;
}) {
  return (
    <label>
      {label}{" "}
      <select
        value={visibilityKey(value)}
        onChange={(e) => {
          const v = VISIBILITY[e.target.value as VisibilityKey];
          onChange(v === undefined ? undefined : [...v]);
        }}
      >
        <option value="omitted">omitted (default)</option>
        <option value="both">[&quot;model&quot;, &quot;app&quot;]</option>
        <option value="model">[&quot;model&quot;]</option>
        <option value="app">[&quot;app&quot;]</option>
        <option value="none">[]</option>
      </select>
    </label>
  );
}

/** A textarea that holds JSON; shows its own parse error and only reports valid values. */
function JsonField({
  label,
  value,
  onChange,
  allowEmpty,
}: {
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  allowEmpty?: boolean;
}) {
  const [text, setText] = useState(() =>
    value === undefined ? "" : JSON.stringify(value, null, 2),
  );
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <div className="sim-json-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        spellCheck={false}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (allowEmpty && e.target.value.trim() === "") {
            setError(null);
            onChange(undefined);
            return;
          }
          try {
            onChange(JSON.parse(e.target.value));
            setError(null);
          } catch (err) {
            setError((err as Error).message);
          }
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="sim-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Lines({
  label,
  values,
  onChange,
  picks,
}: {
  label: string;
  values: readonly string[];
  onChange: (v: string[]) => void;
  picks?: readonly string[];
}) {
  const id = useId();
  return (
    <div className="sim-lines">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={2}
        spellCheck={false}
        value={values.join("\n")}
        onChange={(e) =>
          onChange(
            e.target.value
              .split("\n")
              .map((x) => x.trim())
              .filter(Boolean),
          )
        }
      />
      {picks ? (
        <div className="sim-picks" aria-label={`Quick picks for ${label}`}>
          {picks.map((p) => (
            <button
              key={p}
              type="button"
              className="secondary small"
              disabled={values.includes(p)}
              onClick={() => onChange([...values, p])}
            >
              + {p.replace(":{port}", "").replace("http://", "")}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

type GroupProps = { scenario: Scenario; update: Update };

/** The "Negotiation" controls. */
function NegotiationGroup({ scenario: s, update }: GroupProps) {
  return (
    <Group title="Negotiation">
      <label>
        <input
          type="checkbox"
          checked={s.client.extension}
          onChange={(e) =>
            update((x) => ({ ...x, client: { ...x.client, extension: e.target.checked } }))
          }
          data-testid="client-extension"
        />{" "}
        Client declares the extension on each request
      </label>
      <Lines
        label="Client mimeTypes"
        values={s.client.mimeTypes}
        onChange={(v) => update((x) => ({ ...x, client: { ...x.client, mimeTypes: v } }))}
        picks={[PROFILE_MIME, "text/html"]}
      />
      <label>
        <input
          type="checkbox"
          checked={s.server.extension}
          onChange={(e) =>
            update((x) => ({ ...x, server: { ...x.server, extension: e.target.checked } }))
          }
        />{" "}
        server/discover lists the extension
      </label>
      <label>
        Client eras{" "}
        <select
          value={s.client.era}
          data-testid="client-era"
          onChange={(e) =>
            update((x) => ({
              ...x,
              client: { ...x.client, era: e.target.value as Scenario["client"]["era"] },
            }))
          }
        >
          <option value="modern">modern only (2026-07-28)</option>
          <option value="dual">dual-era (probes, falls back to initialize)</option>
        </select>
      </label>
      <label>
        Server eras{" "}
        <select
          value={s.server.era}
          data-testid="server-era"
          onChange={(e) =>
            update((x) => ({
              ...x,
              server: { ...x.server, era: e.target.value as Scenario["server"]["era"] },
            }))
          }
        >
          <option value="modern">modern only (2026-07-28)</option>
          <option value="legacy">legacy only (initialize)</option>
          <option value="dual">dual-era (both)</option>
        </select>
      </label>
    </Group>
  );
}

/** The "Tool & visibility" controls. */
function ToolGroup({ scenario: s, update }: GroupProps) {
  return (
    <Group title="Tool & visibility">
      <label>
        UI tool name{" "}
        <input
          value={s.uiTool.name}
          onChange={(e) => update((x) => ({ ...x, uiTool: { ...x.uiTool, name: e.target.value } }))}
        />
      </label>
      <VisibilitySelect
        label="UI tool visibility"
        value={s.uiTool.visibility}
        onChange={(v) => update((x) => ({ ...x, uiTool: { ...x.uiTool, visibility: v } }))}
      />
      <label>
        resourceUri{" "}
        <input
          value={s.uiTool.resourceUri}
          onChange={(e) =>
            update((x) => ({ ...x, uiTool: { ...x.uiTool, resourceUri: e.target.value } }))
          }
        />
      </label>
      <JsonField
        label="Extra keys in the tool's _meta.ui (e.g. a csp put here by mistake)"
        value={s.uiTool.extraUiMeta}
        allowEmpty
        onChange={(v) =>
          update((x) => ({
            ...x,
            uiTool: { ...x.uiTool, extraUiMeta: v as Record<string, unknown> | undefined },
          }))
        }
      />
      <p className="muted">Other tools the view may call:</p>
      <ul className="sim-tools">
        {s.otherTools.map((t, i) => (
          <li key={i}>
            <input
              aria-label={`Tool ${i + 1} name`}
              value={t.name}
              onChange={(e) =>
                update((x) => ({
                  ...x,
                  otherTools: x.otherTools.map((o, j) =>
                    j === i ? { ...o, name: e.target.value } : o,
                  ),
                }))
              }
            />{" "}
            <VisibilitySelect
              label="visibility"
              value={t.visibility}
              onChange={(v) =>
                update((x) => ({
                  ...x,
                  otherTools: x.otherTools.map((o, j) => (j === i ? { ...o, visibility: v } : o)),
                }))
              }
            />{" "}
            <label>
              server{" "}
              <select
                value={t.server}
                onChange={(e) =>
                  update((x) => ({
                    ...x,
                    otherTools: x.otherTools.map((o, j) =>
                      j === i ? { ...o, server: e.target.value as "main" | "second" } : o,
                    ),
                  }))
                }
              >
                <option value="main">same as the view</option>
                <option value="second">a second server</option>
              </select>
            </label>{" "}
            <button
              type="button"
              className="secondary small"
              onClick={() =>
                update((x) => ({ ...x, otherTools: x.otherTools.filter((_, j) => j !== i) }))
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="secondary small"
        onClick={() =>
          update((x) => ({
            ...x,
            otherTools: [
              ...x.otherTools,
              {
                name: `tool_${x.otherTools.length + 1}`,
                description: "Another tool",
                server: "main",
                visibility: ["app"],
              },
            ],
          }))
        }
      >
        Add a tool
      </button>
    </Group>
  );
}

/** The "Resource & mime type" controls. */
function ResourceGroup({ scenario: s, update }: GroupProps) {
  const setResource = (patch: Partial<Scenario["resource"]>) =>
    update((x) => ({ ...x, resource: { ...x.resource, ...patch } }));
  return (
    <Group title="Resource & mime type">
      <label>
        Registered URI{" "}
        <input value={s.resource.uri} onChange={(e) => setResource({ uri: e.target.value })} />
      </label>
      <label>
        Content item mimeType{" "}
        <input
          value={s.resource.mimeType}
          onChange={(e) => setResource({ mimeType: e.target.value })}
          data-testid="mime-input"
          list="sim-mime-picks"
        />
      </label>
      <datalist id="sim-mime-picks">
        {MIME_PICKS.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <label>
        Body{" "}
        <select
          value={s.resource.encoding}
          onChange={(e) => setResource({ encoding: e.target.value as "text" | "blob" })}
        >
          <option value="text">text</option>
          <option value="blob">blob (base64)</option>
        </select>
      </label>
      <label>
        View{" "}
        <select
          value={s.resource.view}
          onChange={(e) => setResource({ view: e.target.value as Scenario["resource"]["view"] })}
        >
          <option value="demo">demo (ext-apps App)</option>
          <option value="plain">plain JSON-RPC</option>
          <option value="silent">silent (never initializes)</option>
          <option value="hostile">hostile (attacks the host)</option>
          <option value="eval">eval (a real CSP violation)</option>
          <option value="garbage">garbage (malformed messages)</option>
          <option value="conformance">conformance (probes this host; see its preset)</option>
        </select>
      </label>
      <label>
        _meta.ui on{" "}
        <select
          value={s.resource.metaLocation}
          onChange={(e) =>
            setResource({ metaLocation: e.target.value as Scenario["resource"]["metaLocation"] })
          }
        >
          <option value="content">the content item</option>
          <option value="listing">the listing only</option>
          <option value="split">listing, with prefersBorder on the content item</option>
        </select>
      </label>
      <label>
        ttlMs{" "}
        <input
          type="number"
          min={0}
          value={s.resource.ttlMs}
          onChange={(e) => setResource({ ttlMs: Math.max(0, Number(e.target.value) || 0) })}
        />
      </label>
      <label>
        cacheScope{" "}
        <select
          value={s.resource.cacheScope}
          onChange={(e) => setResource({ cacheScope: e.target.value as "public" | "private" })}
        >
          <option value="private">private</option>
          <option value="public">public</option>
        </select>
      </label>
    </Group>
  );
}

/** The "CSP" controls. */
function CspGroup({ scenario: s, update }: GroupProps) {
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
function PermissionsGroup({ scenario: s, update }: GroupProps) {
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
function HostPolicyGroup({ scenario: s, update }: GroupProps) {
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

/** The "Consent" controls. */
function ConsentGroup({ scenario: s, update }: GroupProps) {
  return (
    <Group title="Consent">
      {(["allow", "deny", "ask"] as const).map((c) => (
        <label key={c}>
          <input
            type="radio"
            name="sim-consent"
            checked={s.consent === c}
            onChange={() => update((x) => ({ ...x, consent: c }))}
          />{" "}
          {c}
        </label>
      ))}
    </Group>
  );
}

/** The "Action" controls. */
function ActionGroup({ scenario: s, update }: GroupProps) {
  const toolNames = [s.uiTool.name, ...s.otherTools.map((t) => t.name)];
  return (
    <Group title="Action">
      <label>
        <input
          type="radio"
          name="sim-action"
          checked={s.action.kind === "agent-calls-tool"}
          onChange={() => update((x) => ({ ...x, action: { kind: "agent-calls-tool" } }))}
        />{" "}
        The agent calls the UI tool
      </label>
      <label>
        <input
          type="radio"
          name="sim-action"
          checked={s.action.kind === "view-calls-tool"}
          onChange={() =>
            update((x) => ({
              ...x,
              action: {
                kind: "view-calls-tool",
                tool: x.otherTools[0]?.name ?? x.uiTool.name,
                arguments: {},
              },
            }))
          }
        />{" "}
        …then the view calls a tool:
      </label>
      {s.action.kind === "view-calls-tool" ? (
        <label>
          Tool{" "}
          <input
            value={s.action.tool}
            list="sim-tool-names"
            onChange={(e) =>
              update((x) => ({
                ...x,
                action: { kind: "view-calls-tool", tool: e.target.value, arguments: {} },
              }))
            }
          />
          <datalist id="sim-tool-names">
            {toolNames.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </label>
      ) : null}
      <label>
        Signed-in user{" "}
        <input
          value={s.user}
          onChange={(e) =>
            update((x) => ({
              ...x,
              user: e.target.value.toLowerCase().replace(/[^a-z]/g, "") || "alice",
            }))
          }
        />
      </label>
    </Group>
  );
}

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
