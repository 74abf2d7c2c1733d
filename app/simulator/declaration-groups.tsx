import { PROFILE_MIME } from "@/lib/simulator/constants";
import { Group, JsonField, Lines, type GroupProps } from "./form-fields";
import type { Scenario } from "@/lib/simulator/scenario";

// The fields of what each side declares: the extension and eras (negotiation), the UI tool and its
// visibility, the resource and its mime type.

const MIME_PICKS = [
  PROFILE_MIME,
  "text/html",
  "text/html;charset=utf-8",
  "text/html+mcp",
  "text/html; profile=mcp-app",
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

/** The "Negotiation" controls. */
export function NegotiationGroup({ scenario: s, update }: GroupProps) {
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
export function ToolGroup({ scenario: s, update }: GroupProps) {
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
export function ResourceGroup({ scenario: s, update }: GroupProps) {
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
