import { PROFILE_MIME } from "../decide/ids";
import type { PermissionName } from "../decide/vocabulary";
import type { Rng } from "../quiz/random";
import type { Scenario } from "../simulator/scenario";

// The scenario space a drill draws from: a scenario in which every row passes, drawn with its
// harmless variety (eras that connect, omitted or explicit visibility, csp or none, listing or
// content metadata, permissions granted or withheld), and the edits that break one thing each
// (cases.ts composes them). Nothing here says what the host does with a draw: the engine decides
// every drawn scenario (generator.ts).

/** The rule groups a drill can focus on: each varies the dimensions its rules decide. */
export const DRILL_TOPICS = ["NEG", "TOOL", "RES", "CSP", "PERM", "BRG"] as const;
export type DrillTopic = (typeof DRILL_TOPICS)[number];

/**
 * A small cast of servers, so items read as different apps rather than one fixture: each with its
 * UI tool, a helper its view calls, and two more tools for the agent's list.
 */
const THEMES = [
  {
    tool: "show_forecast",
    description: "Shows the week's forecast for a city",
    uri: "ui://weather/forecast.html",
    helper: "refresh_forecast",
    helperDescription: "Reloads the forecast for the view",
    extras: ["list_cities", "export_forecast"],
    origins: ["https://api.weather.example", "https://cdn.weather.example"],
  },
  {
    tool: "show_agenda",
    description: "Shows today's agenda",
    uri: "ui://agenda/today.html",
    helper: "move_meeting",
    helperDescription: "Moves a meeting to another slot",
    extras: ["list_rooms", "export_agenda"],
    origins: ["https://api.agenda.example", "https://static.agenda.example"],
  },
  {
    tool: "open_notes",
    description: "Opens the notebook view",
    uri: "ui://notes/board.html",
    helper: "save_note",
    helperDescription: "Saves the note being edited",
    extras: ["list_notebooks", "export_notes"],
    origins: ["https://sync.notes.example", "https://assets.notes.example"],
  },
  {
    tool: "show_tides",
    description: "Shows the tide table for a harbour",
    uri: "ui://tides/table.html",
    helper: "refresh_tides",
    helperDescription: "Reloads the tide table for the view",
    extras: ["list_harbours", "export_tides"],
    origins: ["https://api.tides.example", "https://img.tides.example"],
  },
] as const;
export type Theme = (typeof THEMES)[number];

/** The theme a scenario was drawn from (its UI tool names it). */
export function themeOf(s: Scenario): Theme {
  return THEMES.find((t) => t.tool === s.uiTool.name) ?? THEMES[0];
}

/** Origins no theme owns: a map tile server, a tracker, a video embed. */
export const FOREIGN_ORIGINS = [
  "https://tiles.maps.example",
  "https://collect.tracker.example",
  "https://player.video.example",
] as const;

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
export const chance = (rng: Rng, p: number) => rng() < p;

/** The parent domain of an origin, as a host would approve it with a wildcard (CSP-6). */
export const wildcardOf = (origin: string) => origin.replace(/^https:\/\/[^.]+\./, "https://*.");

export const CSP_LISTS = [
  "connectDomains",
  "resourceDomains",
  "frameDomains",
  "baseUriDomains",
] as const;
export type CspList = (typeof CSP_LISTS)[number];

export const PERMISSIONS: readonly PermissionName[] = [
  "camera",
  "microphone",
  "geolocation",
  "clipboardWrite",
];

/** Content-item mime types that are not the profile type, as servers get them wrong. */
export const MIME_NEAR_MISSES = [
  "text/html",
  "text/html+mcp",
  "text/html;charset=utf-8",
  "text/html; profile=mcp-app",
  "TEXT/HTML;PROFILE=MCP-APP",
];

/** A csp object of one or two lists, each naming the theme's own origins (maybe a wildcard). */
export function drawDeclaredCsp(rng: Rng, own: readonly string[]): Record<CspList, string[]> {
  const csp: Partial<Record<CspList, string[]>> = {};
  const weights = [0.75, 0.5, 0.25, 0.2];
  CSP_LISTS.forEach((k, i) => {
    if (!chance(rng, weights[i]!)) return;
    csp[k] = drawOrigins(rng, own);
  });
  if (Object.keys(csp).length === 0) csp.connectDomains = [own[0]!];
  return csp as Record<CspList, string[]>;
}

/**
 * One to three origins for a csp list: the theme's own, now and then its wildcard (CSP-6) or an
 * origin no theme owns (a map tile server, a tracker, a video embed), in any order.
 */
export function drawOrigins(rng: Rng, own: readonly string[]): string[] {
  const n = 1 + Math.floor(rng() * 3);
  const one = () => {
    const r = rng();
    return r < 0.7 ? pick(rng, own) : r < 0.82 ? wildcardOf(own[0]!) : pick(rng, FOREIGN_ORIGINS);
  };
  return [...new Set(Array.from({ length: n }, one))];
}

/** Every string entry of a csp object's lists. */
export function cspEntries(csp: unknown): string[] {
  if (typeof csp !== "object" || csp === null || Array.isArray(csp)) return [];
  return Object.values(csp as Record<string, unknown>).flatMap((v) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [],
  );
}

/**
 * Approved origins that cover every entry of `declared`: each origin itself or its wildcard (a
 * declared wildcard is approved as written), with one or two more origins besides.
 */
function coveringApproval(rng: Rng, declared: readonly string[], own: readonly string[]) {
  const out = new Set<string>();
  for (const o of declared) out.add(o.includes("*.") || chance(rng, 0.7) ? o : wildcardOf(o));
  // A host approves more than one view needs, and an item's options can then name origins the
  // learner sees even when the view declares none.
  for (const o of own) if (chance(rng, 0.5)) out.add(o);
  if (chance(rng, 0.4)) out.add(pick(rng, FOREIGN_ORIGINS));
  while (out.size < 2) out.add(pick(rng, [...own, ...FOREIGN_ORIGINS]));
  return [...out];
}

/** A non-empty set of permission flags, each of the fifteen equally likely (PERM-1). */
export function drawPermissionSet(rng: Rng): PermissionName[] {
  const bits = 1 + Math.floor(rng() * 15);
  return PERMISSIONS.filter((_, i) => bits & (1 << i));
}

const VISIBLE_TO_AGENT: readonly (Scenario["uiTool"]["visibility"] | "omit")[] = [
  "omit",
  ["model", "app"],
  ["model"],
];

/**
 * Draws a scenario in which every row passes: the client and server share an era and both declare
 * the extension, the agent sees the tool, the view is served with the profile type, every
 * declared origin is approved and every requested permission is well formed.
 */
export function drawWorkingScenario(rng: Rng, id: string): Scenario {
  const theme = pick(rng, THEMES);
  const visibility = pick(rng, VISIBLE_TO_AGENT);
  const csp = ((): unknown => {
    const r = rng();
    if (r < 0.3) return undefined;
    if (r < 0.38) return {};
    return drawDeclaredCsp(rng, theme.origins);
  })();
  const resource: Scenario["resource"] = {
    uri: theme.uri,
    mimeType: PROFILE_MIME,
    ttlMs: 60_000,
    cacheScope: "private",
    encoding: chance(rng, 0.3) ? "blob" : "text",
    view: "demo",
    metaLocation: csp !== undefined && chance(rng, 0.15) ? "listing" : "content",
  };
  if (csp !== undefined) resource.csp = csp;
  const grantable = PERMISSIONS.filter(() => chance(rng, 0.5));
  if (chance(rng, 0.5))
    resource.permissions = Object.fromEntries(drawPermissionSet(rng).map((p) => [p, {}]));
  return {
    version: 1,
    id,
    title: `Drill: ${theme.tool}`,
    description: "A scenario drawn by the drill generator; the host engine decides it.",
    row: "visibility",
    client: {
      extension: true,
      mimeTypes: chance(rng, 0.15) ? ["text/html", PROFILE_MIME] : [PROFILE_MIME],
      era: chance(rng, 0.4) ? "dual" : "modern",
    },
    server: { extension: true, denyTools: [], era: chance(rng, 0.3) ? "dual" : "modern" },
    uiTool: {
      name: theme.tool,
      description: theme.description,
      resourceUri: theme.uri,
      ...(visibility === "omit" ? {} : { visibility }),
    },
    otherTools: [],
    resource,
    host: {
      approvedOrigins: coveringApproval(rng, cspEntries(csp), theme.origins),
      grantablePermissions: grantable,
      outOfPolicy: chance(rng, 0.5) ? "text" : "subset",
    },
    consent: "allow",
    user: "alice",
    action: { kind: "agent-calls-tool" },
  };
}
