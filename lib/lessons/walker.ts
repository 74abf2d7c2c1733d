import type { McpUiToolVisibility } from "@modelcontextprotocol/ext-apps";
import { EXTENSION_ID, PROFILE_MIME } from "../simulator/constants";
import type { AppCallInput, Consent } from "../decide/app-call";
import type { OutOfPolicy } from "../decide/csp";
import type { DecisionInputs, HostPolicy } from "../decide";

/**
 * The decision-table walker's settings, turned into the inputs of the simulator's `decide()`.
 * The walker decides nothing itself: each setting is one observation a host could make, and
 * `decide()` gives the six rows. Pure, so a unit test can hold the mapping against the presets.
 */

export const WALKER_OPTIONS = {
  client: {
    profile: "declares the extension with text/html;profile=mcp-app",
    "no-profile": "declares the extension, but its mimeTypes lack the profile type",
    none: "does not declare the extension on this request",
  },
  server: {
    listed: "lists the extension in server/discover",
    missing: "does not list it",
  },
  visibility: {
    omitted: "omitted",
    both: '["model", "app"]',
    model: '["model"]',
    app: '["app"]',
    empty: "[]",
  },
  mime: {
    profile: "text/html;profile=mcp-app",
    html: "text/html",
    charset: "text/html;charset=utf-8",
    missing: "no such resource",
  },
  csp: {
    omitted: "left out",
    inside: "declares an approved origin",
    outside: "declares an origin outside host policy",
    flat: "written as a flat list",
  },
  outOfPolicy: {
    text: "falls back to text",
    subset: "renders with the approved subset",
  },
  permissions: {
    none: "none requested",
    flags: "camera and clipboardWrite, as {} flags",
    list: "written as a list of strings",
  },
  appCall: {
    none: "calls no tool",
    own: "calls an app-visible tool of its own server",
    "model-only": "calls a model-only tool of its own server",
    "other-server": "calls an app-only tool of another server",
    unknown: "calls a tool nobody registered",
  },
  consent: {
    allow: "allows",
    deny: "refuses",
  },
} as const;

type Options = typeof WALKER_OPTIONS;
export type WalkerSettings = { [K in keyof Options]: keyof Options[K] };

/** Everything passes: the happy path, from which the learner changes one thing at a time. */
export const WALKER_DEFAULTS: WalkerSettings = {
  client: "profile",
  server: "listed",
  visibility: "omitted",
  mime: "profile",
  csp: "inside",
  outOfPolicy: "text",
  permissions: "flags",
  appCall: "own",
  consent: "allow",
};

/** The walker's host: its allowlist, grants and out-of-policy choice are host policy (CSP-5). */
export const WALKER_APPROVED_ORIGIN = "https://api.tides.example";
const OUTSIDE_ORIGIN = "https://tracker.ads.example";

const VISIBILITY: Record<WalkerSettings["visibility"], McpUiToolVisibility[] | undefined> = {
  omitted: undefined,
  both: ["model", "app"],
  model: ["model"],
  app: ["app"],
  empty: [],
};

function cspOf(setting: WalkerSettings["csp"]): unknown {
  switch (setting) {
    case "omitted":
      return undefined;
    case "inside":
      return { connectDomains: [WALKER_APPROVED_ORIGIN] };
    case "outside":
      return { connectDomains: [WALKER_APPROVED_ORIGIN, OUTSIDE_ORIGIN] };
    case "flat":
      return [WALKER_APPROVED_ORIGIN];
  }
}

function permissionsOf(setting: WalkerSettings["permissions"]): unknown {
  switch (setting) {
    case "none":
      return undefined;
    case "flags":
      return { camera: {}, clipboardWrite: {} };
    case "list":
      return ["camera", "clipboardWrite"];
  }
}

function appCallOf(s: WalkerSettings): AppCallInput | undefined {
  const consent = (): Consent => s.consent;
  const viewServer = "tides";
  switch (s.appCall) {
    case "none":
      return undefined;
    case "own":
      return {
        requestedName: "refresh_tides",
        target: { name: "refresh_tides", server: viewServer, visibility: ["app"] },
        viewServer,
        consent,
      };
    case "model-only":
      return {
        requestedName: "book_slot",
        target: { name: "book_slot", server: viewServer, visibility: ["model"] },
        viewServer,
        consent,
      };
    case "other-server":
      return {
        requestedName: "export_calendar",
        target: { name: "export_calendar", server: "calendar", visibility: ["app"] },
        viewServer,
        consent,
      };
    case "unknown":
      return { requestedName: "do_magic", target: undefined, viewServer, consent };
  }
}

/** The walker's host policy, shown beside the walker as host policy. */
function walkerPolicy(outOfPolicy: OutOfPolicy): HostPolicy {
  return {
    approvedOrigins: [WALKER_APPROVED_ORIGIN],
    outOfPolicy,
    grantablePermissions: ["clipboardWrite"],
  };
}

/** Builds what the host observed under these settings, ready for `decide()`. */
export function walkerInputs(s: WalkerSettings): DecisionInputs {
  const clientCapabilities =
    s.client === "none"
      ? { extensions: {} }
      : {
          extensions: {
            [EXTENSION_ID]: { mimeTypes: s.client === "profile" ? [PROFILE_MIME] : ["text/html"] },
          },
        };
  const serverCapabilities = { extensions: s.server === "listed" ? { [EXTENSION_ID]: {} } : {} };
  const ui: Record<string, unknown> = {};
  const csp = cspOf(s.csp);
  if (csp !== undefined) ui.csp = csp;
  const permissions = permissionsOf(s.permissions);
  if (permissions !== undefined) ui.permissions = permissions;
  const appCall = appCallOf(s);
  return {
    uiToolVisibility: VISIBILITY[s.visibility],
    clientCapabilities,
    serverCapabilities,
    read:
      s.mime === "missing"
        ? { ok: false, error: "Resource not found" }
        : {
            ok: true,
            mimeType: WALKER_OPTIONS.mime[s.mime],
            hasBody: true,
            contentMeta: { ui },
            listingMeta: undefined,
          },
    policy: walkerPolicy(s.outOfPolicy),
    ...(appCall ? { appCall } : {}),
  };
}

/**
 * The walker's rows, numbered in the order `decide()` evaluates them (and returns them): the
 * agent's tool list comes first, because a tool the agent never sees is never called, so no
 * request exists on which the extension could be negotiated. The review checklist's table lists
 * negotiation first; the lesson says why the host meets visibility first.
 */
export const WALKER_ROWS = [
  { row: "visibility", label: "1. Visibility" },
  { row: "negotiation", label: "2. Negotiation" },
  { row: "mime", label: "3. Mime type" },
  { row: "csp", label: "4. Content security policy" },
  { row: "permissions", label: "5. Permissions" },
  { row: "app-call", label: "6. App-initiated call" },
] as const;
