import { parseOrigin, type Decision } from "../decide";
import { PROFILE_MIME } from "../decide/ids";
import { PERMISSION_NAMES } from "../decide/vocabulary";
import type { HostBehaviours } from "../decide/host-profile";
import { previewDecision } from "../simulator/preview";
import type { Scenario } from "../simulator/scenario";

// Near misses: the scenario with one thing changed, each decided by the engine. They give the
// distractors of an item their meaning ("it would be, if …") and, for the csp and allow kinds,
// their text. Each change returns null when it does not apply, so every near miss differs from
// the scenario it starts from.

/** The scenario with one thing changed, and what the engine then decides. */
export interface NearMiss {
  /** "if …": what was changed, in words. */
  change: string;
  scenario: Scenario;
  decision: Decision;
}

type Mutation = { change: string; apply: (s: Scenario) => Scenario | null };

function mutate(change: string, edit: (s: Scenario) => boolean): Mutation {
  return {
    change,
    apply(s) {
      const c = structuredClone(s);
      return edit(c) ? c : null;
    },
  };
}

/**
 * Every valid origin the resource declared, wildcards included (for "approve them all"): an entry
 * the engine accepts as an origin is one the host could approve, so the near miss must approve it.
 */
export function declaredOrigins(csp: unknown): string[] {
  if (typeof csp !== "object" || csp === null || Array.isArray(csp)) return [];
  return Object.values(csp as Record<string, unknown>)
    .flatMap((v) => (Array.isArray(v) ? v : []))
    .flatMap((v) => {
      const parsed = parseOrigin(v);
      return parsed.ok ? [parsed.origin] : [];
    });
}

/** The permission names a request mentions, in any shape (an object's keys, a list's strings). */
function mentionedPermissions(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.filter((x): x is string => typeof x === "string");
  if (typeof raw === "object" && raw !== null) return Object.keys(raw);
  return [];
}

/** The view's call, its target as listed, or undefined. */
function calledTool(s: Scenario) {
  if (s.action.kind !== "view-calls-tool") return undefined;
  const name = s.action.tool;
  return s.otherTools.find((x) => x.name === name);
}

const MUTATIONS: Mutation[] = [
  mutate("the client had declared the extension with the profile mime type on the request", (s) => {
    if (s.client.extension && s.client.mimeTypes.includes(PROFILE_MIME)) return false;
    s.client.extension = true;
    s.client.mimeTypes = [PROFILE_MIME];
    return true;
  }),
  mutate("the client had not declared the extension", (s) => {
    if (!s.client.extension) return false;
    s.client.extension = false;
    return true;
  }),
  mutate("server/discover had listed the extension", (s) => {
    if (s.server.extension || s.server.era === "legacy") return false;
    s.server.extension = true;
    return true;
  }),
  mutate("server/discover had not listed the extension", (s) => {
    if (!s.server.extension || s.server.era === "legacy") return false;
    s.server.extension = false;
    return true;
  }),
  mutate("the server spoke only the legacy era (initialize)", (s) => {
    if (s.server.era === "legacy") return false;
    s.server.era = "legacy";
    s.server.extension = false;
    return true;
  }),
  mutate("the client were dual-era (falling back to initialize)", (s) => {
    if (s.client.era === "dual") return false;
    s.client.era = "dual";
    return true;
  }),
  mutate("the client spoke only 2026-07-28", (s) => {
    if (s.client.era === "modern") return false;
    s.client.era = "modern";
    return true;
  }),
  mutate("the server served the modern era and listed the extension", (s) => {
    if (s.server.era !== "legacy") return false;
    s.server.era = "modern";
    s.server.extension = true;
    return true;
  }),
  mutate("the UI tool's visibility were omitted (so both callers)", (s) => {
    if (s.uiTool.visibility === undefined) return false;
    delete s.uiTool.visibility;
    return true;
  }),
  mutate('the UI tool\'s visibility were ["app"]', (s) => {
    if (JSON.stringify(s.uiTool.visibility) === '["app"]') return false;
    s.uiTool.visibility = ["app"];
    return true;
  }),
  mutate("the server served the view at the URI the tool names", (s) => {
    if (s.resource.uri === s.uiTool.resourceUri) return false;
    s.resource.uri = s.uiTool.resourceUri;
    return true;
  }),
  mutate(`the content item's mimeType were exactly ${PROFILE_MIME}`, (s) => {
    if (s.resource.mimeType === PROFILE_MIME) return false;
    s.resource.mimeType = PROFILE_MIME;
    return true;
  }),
  mutate("the content item's mimeType were plain text/html", (s) => {
    if (s.resource.mimeType === "text/html") return false;
    s.resource.mimeType = "text/html";
    return true;
  }),
  mutate("the resource declared no csp at all", (s) => {
    if (s.resource.csp === undefined) return false;
    delete s.resource.csp;
    return true;
  }),
  mutate("the csp were an empty object {}", (s) => {
    if (JSON.stringify(s.resource.csp) === "{}") return false;
    s.resource.csp = {};
    return true;
  }),
  mutate("the host had approved every origin the csp declares", (s) => {
    const missing = declaredOrigins(s.resource.csp).filter(
      (o) => !s.host.approvedOrigins.includes(o),
    );
    if (!missing.length) return false;
    s.host.approvedOrigins = [...s.host.approvedOrigins, ...missing];
    return true;
  }),
  mutate("the host's setting for origins it has not approved were the other one", (s) => {
    s.host.outOfPolicy = s.host.outOfPolicy === "text" ? "subset" : "text";
    return s.resource.csp !== undefined;
  }),
  mutate("the content item's _meta.ui held only prefersBorder, hiding the listing's", (s) => {
    if (s.resource.metaLocation === "split" || s.resource.csp === undefined) return false;
    s.resource.metaLocation = "split";
    return true;
  }),
  mutate("the content item itself carried the _meta.ui", (s) => {
    if (s.resource.metaLocation === "content") return false;
    s.resource.metaLocation = "content";
    return true;
  }),
  mutate("the permissions were requested as an object of {} flags", (s) => {
    const names = mentionedPermissions(s.resource.permissions).filter((p) =>
      (PERMISSION_NAMES as readonly string[]).includes(p),
    );
    const flags = JSON.stringify(Object.fromEntries(names.map((p) => [p, {}])));
    if (!names.length || JSON.stringify(s.resource.permissions) === flags) return false;
    s.resource.permissions = JSON.parse(flags) as unknown;
    return true;
  }),
  mutate("the host could grant every permission there is", (s) => {
    if (s.host.grantablePermissions.length === PERMISSION_NAMES.length) return false;
    s.host.grantablePermissions = [...PERMISSION_NAMES];
    return s.resource.permissions !== undefined;
  }),
  mutate("the host could grant no permission", (s) => {
    if (!s.host.grantablePermissions.length) return false;
    s.host.grantablePermissions = [];
    return s.resource.permissions !== undefined;
  }),
  mutate("the host's consent answer were the other one", (s) => {
    if (s.action.kind !== "view-calls-tool") return false;
    const now = s.consent === "ask" ? (s.consentAnswer ?? "deny") : s.consent;
    s.consent = now === "allow" ? "deny" : "allow";
    delete s.consentAnswer;
    return true;
  }),
  mutate('the called tool were on the view\'s own server with visibility ["app"]', (s) => {
    const t = calledTool(s);
    if (!t || (t.server === "main" && JSON.stringify(t.visibility) === '["app"]')) return false;
    t.server = "main";
    t.visibility = ["app"];
    return true;
  }),
  mutate('the called tool\'s visibility were ["model"]', (s) => {
    const t = calledTool(s);
    if (!t || JSON.stringify(t.visibility) === '["model"]') return false;
    t.visibility = ["model"];
    return true;
  }),
  mutate("the called tool were on a second connected server", (s) => {
    const t = calledTool(s);
    if (!t || t.server === "second") return false;
    t.server = "second";
    return true;
  }),
  mutate("the called tool were on the view's own server", (s) => {
    const t = calledTool(s);
    if (!t || t.server === "main") return false;
    t.server = "main";
    return true;
  }),
  mutate("the view had called a tool no connected server lists", (s) => {
    const name = s.action.kind === "view-calls-tool" ? s.action.tool : undefined;
    if (name?.endsWith("_v2")) return false;
    s.action = { kind: "view-calls-tool", tool: `${name ?? s.uiTool.name}_v2`, arguments: {} };
    return true;
  }),
  mutate("the csp had also declared an origin the host has not approved", (s) => {
    const csp = s.resource.csp;
    if (typeof csp !== "object" || csp === null || Array.isArray(csp)) return false;
    const outside = "https://collect.tracker.example";
    if (s.host.approvedOrigins.includes(outside)) return false;
    const lists = csp as Record<string, unknown>;
    lists.connectDomains = [
      ...(Array.isArray(lists.connectDomains) ? lists.connectDomains : []),
      outside,
    ];
    return true;
  }),
  mutate("the permissions had been a list of strings", (s) => {
    const names = mentionedPermissions(s.resource.permissions);
    if (Array.isArray(s.resource.permissions)) return false;
    s.resource.permissions = names.length ? names : ["camera"];
    return true;
  }),
];

/** One grant more or fewer: what the host could grant, a flag at a time (PERM-2). */
function grantMutations(s: Scenario): Mutation[] {
  if (s.resource.permissions === undefined) return [];
  return PERMISSION_NAMES.map((p) =>
    s.host.grantablePermissions.includes(p)
      ? mutate(`the host could not grant ${p}`, (c) => {
          c.host.grantablePermissions = c.host.grantablePermissions.filter((q) => q !== p);
          return true;
        })
      : mutate(`the host could also grant ${p}`, (c) => {
          c.host.grantablePermissions = [...c.host.grantablePermissions, p];
          return true;
        }),
  );
}

/** The scenario's near misses, each decided by the engine (with a host profile's behaviours, if given). */
export function nearMissesOf(s: Scenario, b?: HostBehaviours): NearMiss[] {
  const out: NearMiss[] = [];
  for (const m of [...MUTATIONS, ...grantMutations(s)]) {
    const changed = m.apply(s);
    if (changed)
      out.push({ change: m.change, scenario: changed, decision: previewDecision(changed, b) });
  }
  return out;
}
