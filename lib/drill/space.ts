import { PROFILE_MIME } from "../decide/ids";
import type { PermissionName } from "../decide/vocabulary";
import type { Rng } from "../quiz/random";
import type { Scenario } from "../simulator/scenario";

// The scenario space a drill draws from: every dimension the host engine decides (eras and their
// pairings, extension declarations, visibility, mime types and near misses, CSP shapes, permissions,
// app-initiated calls and consent), each drawn from a seeded generator. Nothing here says what the
// host does with a draw: the engine decides every drawn scenario (see generator.ts).

/** The rule groups a drill can focus on: each varies the dimensions its rules decide. */
export const DRILL_TOPICS = ["NEG", "TOOL", "RES", "CSP", "PERM", "BRG"] as const;
export type DrillTopic = (typeof DRILL_TOPICS)[number];

/** A small cast of servers, so items read as different apps rather than one fixture. */
const THEMES = [
  {
    tool: "show_forecast",
    description: "Shows the week's forecast for a city",
    uri: "ui://weather/forecast.html",
    helper: "refresh_forecast",
    helperDescription: "Reloads the forecast for the view",
    origins: ["https://api.weather.example", "https://cdn.weather.example"],
  },
  {
    tool: "show_agenda",
    description: "Shows today's agenda",
    uri: "ui://agenda/today.html",
    helper: "move_meeting",
    helperDescription: "Moves a meeting to another slot",
    origins: ["https://api.agenda.example", "https://static.agenda.example"],
  },
  {
    tool: "open_notes",
    description: "Opens the notebook view",
    uri: "ui://notes/board.html",
    helper: "save_note",
    helperDescription: "Saves the note being edited",
    origins: ["https://sync.notes.example", "https://assets.notes.example"],
  },
  {
    tool: "show_tides",
    description: "Shows the tide table for a harbour",
    uri: "ui://tides/table.html",
    helper: "refresh_tides",
    helperDescription: "Reloads the tide table for the view",
    origins: ["https://api.tides.example", "https://img.tides.example"],
  },
] as const;

/** Origins no theme owns: a map tile server, a tracker, a video embed. */
const FOREIGN_ORIGINS = [
  "https://tiles.maps.example",
  "https://collect.tracker.example",
  "https://player.video.example",
];

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const chance = (rng: Rng, p: number) => rng() < p;

/** The parent domain of an origin, as a host would approve it with a wildcard. */
const wildcardOf = (origin: string) => origin.replace(/^https:\/\/[^.]+\./, "https://*.");

/** A csp value: the four lists in any mix, and the malformed shapes learners meet in the wild. */
function drawCsp(rng: Rng, own: readonly string[]): unknown {
  const shape = rng();
  if (shape < 0.08) return {};
  if (shape < 0.16) return [own[0]]; // a flat list (CSP-1)
  if (shape < 0.2) return own[0]; // a bare string
  const origin = (): string => {
    const r = rng();
    if (r < 0.55) return pick(rng, own);
    if (r < 0.75) return pick(rng, FOREIGN_ORIGINS);
    if (r < 0.83) return `${pick(rng, own)}/v1`; // a path (CSP-3: not an origin)
    if (r < 0.9) return `${pick(rng, own)}; script-src *`; // injection text
    return wildcardOf(pick(rng, own)); // a wildcard (CSP-6)
  };
  const csp: Record<string, unknown> = {};
  const keys = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const;
  const weights = [0.75, 0.5, 0.25, 0.2];
  keys.forEach((k, i) => {
    if (!chance(rng, weights[i]!)) return;
    csp[k] = chance(rng, 0.06)
      ? origin()
      : Array.from({ length: 1 + Math.floor(rng() * 2) }, origin);
  });
  if (Object.keys(csp).length === 0) csp.connectDomains = [own[0]];
  return csp;
}

/** What the host approves: some of the theme's origins, maybe as a wildcard, maybe a foreign one. */
function drawApproved(rng: Rng, own: readonly string[]): string[] {
  const out: string[] = [];
  if (chance(rng, 0.25)) out.push(wildcardOf(own[0]!));
  else for (const o of own) if (chance(rng, 0.7)) out.push(o);
  if (chance(rng, 0.2)) out.push(pick(rng, FOREIGN_ORIGINS));
  return out;
}

const PERMISSIONS: readonly PermissionName[] = [
  "camera",
  "microphone",
  "geolocation",
  "clipboardWrite",
];

function drawPermissions(rng: Rng): unknown {
  const r = rng();
  const some = () => PERMISSIONS.filter(() => chance(rng, 0.4));
  if (r < 0.55) {
    const flags = some();
    return Object.fromEntries((flags.length ? flags : ["camera"]).map((p) => [p, {}]));
  }
  if (r < 0.7) return some().length ? some() : ["geolocation"]; // a list of strings (PERM-1)
  if (r < 0.85) return { [pick(rng, PERMISSIONS)]: true }; // a flag that is not {}
  return { [pick(rng, PERMISSIONS)]: {}, bluetooth: {} }; // an unknown key
}

const VISIBILITIES: readonly (Scenario["uiTool"]["visibility"] | "omit")[] = [
  "omit",
  ["model", "app"],
  ["model"],
  ["app"],
  [],
];

/** A tool's visibility: omitted (TOOL-2) or one of the lists. */
function drawVisibility(rng: Rng): Scenario["uiTool"]["visibility"] | undefined {
  const v = pick(rng, VISIBILITIES);
  return v === "omit" ? undefined : v;
}

const MIME_NEAR_MISSES = [
  "text/html",
  "text/html+mcp",
  "text/html;charset=utf-8",
  "text/html; profile=mcp-app",
  "TEXT/HTML;PROFILE=MCP-APP",
];

/**
 * Draws one scenario. Each dimension keeps the working default unless drawn to vary: often for
 * the dimensions of `focus`, now and then for the others, so an item about CSP can still have
 * (and must then be keyed with) an odd visibility. `viewCalls` forces an app-initiated call.
 */
export function drawScenario(
  rng: Rng,
  id: string,
  focus: DrillTopic,
  options: { viewCalls?: boolean } = {},
): Scenario {
  const theme = pick(rng, THEMES);
  const vary = (topic: DrillTopic) => chance(rng, topic === focus ? 0.7 : 0.1);

  const client: Scenario["client"] = { extension: true, mimeTypes: [PROFILE_MIME], era: "modern" };
  const server: Scenario["server"] = { extension: true, denyTools: [], era: "modern" };
  if (vary("NEG")) {
    client.era = chance(rng, 0.5) ? "dual" : "modern";
    server.era = pick(rng, ["modern", "legacy", "dual"] as const);
    if (chance(rng, 0.35)) client.extension = false;
    else if (chance(rng, 0.35))
      client.mimeTypes = pick(rng, [["text/html"], [], ["text/html", PROFILE_MIME]]);
    if (chance(rng, 0.35)) server.extension = false;
  }

  const uiTool: Scenario["uiTool"] = {
    name: theme.tool,
    description: theme.description,
    resourceUri: theme.uri,
  };
  if (vary("TOOL")) {
    const v = drawVisibility(rng);
    if (v) uiTool.visibility = v;
  }

  const resource: Scenario["resource"] = {
    uri: theme.uri,
    mimeType: PROFILE_MIME,
    ttlMs: 60_000,
    cacheScope: "private",
    encoding: "text",
    view: "demo",
    metaLocation: "content",
  };
  if (vary("RES")) {
    const r = rng();
    if (r < 0.25)
      resource.uri = theme.uri.replace(".html", "-v2.html"); // a view that is not there
    else if (r < 0.65) resource.mimeType = pick(rng, MIME_NEAR_MISSES);
    else resource.metaLocation = pick(rng, ["listing", "split"] as const);
    if (chance(rng, 0.3)) resource.encoding = "blob";
  }
  const host: Scenario["host"] = {
    approvedOrigins: drawApproved(rng, theme.origins),
    grantablePermissions: PERMISSIONS.filter(() => chance(rng, 0.5)),
    outOfPolicy: chance(rng, 0.5) ? "text" : "subset",
  };
  if (vary("CSP") || (focus === "RES" && resource.metaLocation !== "content")) {
    resource.csp = drawCsp(rng, theme.origins);
  }
  if (vary("PERM")) resource.permissions = drawPermissions(rng);

  const scenario: Scenario = {
    version: 1,
    id,
    title: `Drill: ${theme.tool}`,
    description: "A scenario drawn by the drill generator; the host engine decides it.",
    row: "visibility",
    client,
    server,
    uiTool,
    otherTools: [],
    resource,
    host,
    consent: "allow",
    user: "alice",
    action: { kind: "agent-calls-tool" },
  };

  if (options.viewCalls || vary("BRG")) {
    const r = rng();
    let target: string;
    if (r < 0.2)
      target = theme.tool; // the UI tool itself
    else if (r < 0.85) {
      const helper: Scenario["otherTools"][number] = {
        name: theme.helper,
        description: theme.helperDescription,
        server: chance(rng, 0.3) ? "second" : "main",
      };
      const v = drawVisibility(rng);
      if (v) helper.visibility = v;
      scenario.otherTools = [helper];
      target = theme.helper;
    } else target = `${theme.helper}_v2`; // no server has it
    scenario.action = { kind: "view-calls-tool", tool: target, arguments: {} };
    scenario.consent = pick(rng, ["allow", "deny", "ask"] as const);
    if (scenario.consent === "ask") scenario.consentAnswer = chance(rng, 0.5) ? "allow" : "deny";
  }
  return scenario;
}
