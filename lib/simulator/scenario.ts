import { z } from "zod";
import { TOOLS as CONFORMANCE_TOOLS, VIEW_URI as CONFORMANCE_URI } from "../conformance-ids";
import { ScenarioError, type ScenarioIssue } from "./scenario-core";
import { PERMISSION_NAMES, PROFILE_MIME, ROWS, RUN_OUTCOMES, SESSION_ERAS } from "./constants";

/** Version of the scenario format. A file or link with another version is refused by name. */
export const SCENARIO_VERSION = 1;

const name = z.string().regex(/^[a-z][a-z0-9_]*$/, "tool names are lower_snake_case");
const visibility = z.array(z.enum(["model", "app"])).optional();
const verdict = z.enum(["pass", "fail", "skip"]);

/** A tool the view may call, on the view's own server ("main") or on a second one. */
export const otherToolSchema = z.strictObject({
  name,
  description: z.string().min(1),
  visibility,
  server: z.enum(["main", "second"]).default("main"),
});

export const expectSchema = z.strictObject({
  rows: z.strictObject(
    Object.fromEntries(ROWS.map((r) => [r, verdict])) as Record<
      (typeof ROWS)[number],
      typeof verdict
    >,
  ),
  outcome: z.enum(RUN_OUTCOMES),
  /** NEG-6: the era the session runs in, when the scenario is about eras. */
  era: z.enum(SESSION_ERAS).optional(),
  /** Required when the action has the view call a tool. */
  appCall: z.enum(["forwarded", "refused"]).optional(),
  /** The exact CSP header, when the scenario is about it. */
  cspHeader: z.string().optional(),
  /** The exact iframe `allow` attribute, when the scenario is about it. */
  allow: z.string().optional(),
  /** BRG-3: whether the agent's call of the UI tool ends with tool-result or tool-cancelled. */
  toolCall: z.enum(["completed", "cancelled"]).optional(),
  /** BRG-3: how many tool-input-partial notifications the view is sent before tool-input. */
  inputPartials: z.number().int().nonnegative().optional(),
});

/**
 * BRG-3: how the agent's call of the UI tool plays out. Omitted (every scenario before it): the
 * arguments arrive whole and the tool answers at once, before the view is rendered.
 */
export const toolCallSchema = z.strictObject({
  /** The UI tool's own arguments, as the agent writes them (shown by the demo view). */
  arguments: z.record(z.string(), z.unknown()).default({}),
  /**
   * The input arrives in this many parts: the host sends `parts - 1` tool-input-partial
   * notifications, then tool-input with the whole arguments, then never another partial.
   */
  inputParts: z.number().int().min(1).max(20).default(1),
  /** Milliseconds between parts, so a person can watch the preview grow. */
  partIntervalMs: z.number().int().min(0).max(5000).default(250),
  /**
   * How long the server takes to answer the call. Above 0 the view is rendered while the call is
   * still running (the spec draws the call and the view's start side by side), so it can be cancelled.
   */
  durationMs: z.number().int().min(0).max(60_000).default(0),
  /**
   * Cancels the call this many milliseconds after the view has its tool-input, as a user pressing
   * Cancel or an agent stopping would; the host then sends tool-cancelled instead of tool-result.
   */
  cancelAfterMs: z.number().int().min(0).max(60_000).optional(),
  /** The reason the host gives in tool-cancelled. */
  cancelReason: z.string().min(1).default("The user cancelled the tool call."),
});

export const scenarioSchema = z
  .strictObject({
    version: z.literal(SCENARIO_VERSION, {
      error: `only scenario version ${SCENARIO_VERSION} is supported`,
    }),
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    title: z.string().min(3),
    description: z.string().min(10),
    /** The decision row this scenario is mainly about (for grouping presets). */
    row: z.enum(ROWS),
    /**
     * What the client declares: in `_meta` on each request (NEG-2) on a modern session, in
     * `initialize` on a legacy one (NEG-5).
     */
    client: z.strictObject({
      extension: z.boolean(),
      mimeTypes: z.array(z.string()).default([PROFILE_MIME]),
      /**
       * NEG-6: the eras the host's client speaks. `modern` pins 2026-07-28; `dual` detects the
       * server's era and falls back to `initialize` for a legacy server.
       */
      era: z.enum(["modern", "dual"]).default("modern"),
    }),
    server: z.strictObject({
      /** Whether `server/discover` lists the extension (NEG-3). */
      extension: z.boolean(),
      /** Tools the server's own authorization refuses for the signed-in user (TOOL-6). */
      denyTools: z.array(name).default([]),
      /**
       * NEG-6: the eras the server serves: `modern` (2026-07-28 only, `initialize` refused),
       * `legacy` (`initialize` only, no `server/discover`) or `dual` (both).
       */
      era: z.enum(["modern", "legacy", "dual"]).default("modern"),
    }),
    uiTool: z.strictObject({
      name,
      description: z.string().min(1),
      visibility,
      resourceUri: z.string().min(1),
      /** Extra keys merged into the tool's `_meta.ui`, e.g. a csp put in the wrong place. */
      extraUiMeta: z.record(z.string(), z.unknown()).optional(),
    }),
    otherTools: z.array(otherToolSchema).default([]),
    resource: z.strictObject({
      /** The URI the server registers; differs from uiTool.resourceUri to simulate a missing view. */
      uri: z.string().min(1),
      /** Free text, so wrong types can be tried. */
      mimeType: z.string(),
      /** Arbitrary JSON, so malformed shapes (a flat list) can be tried; omit for "no csp". */
      csp: z.unknown().optional(),
      permissions: z.unknown().optional(),
      ttlMs: z.number().int().nonnegative().default(60_000),
      cacheScope: z.enum(["public", "private"]).default("private"),
      encoding: z.enum(["text", "blob"]).default("text"),
      /**
       * demo: built with ext-apps App; plain: raw postMessage; silent / garbage: misbehaving views;
       * hostile: attacks its host and reports what it achieved; eval: calls eval (a real CSP violation);
       * conformance: the conformance server's view (lib/conformance), which probes this host. With
       * it the main server is the conformance server, which registers its own tools and view.
       */
      view: z
        .enum(["demo", "plain", "silent", "garbage", "hostile", "eval", "conformance"])
        .default("demo"),
      /**
       * For the conformance view: the origin its CSP probe expects reachable (declared in `csp`)
       * and the one it expects blocked (declared nowhere). Both serve `/probe/*` (app/probe).
       */
      probeOrigins: z.strictObject({ declared: z.string(), undeclared: z.string() }).optional(),
      /**
       * Where csp and permissions are declared: on the content item, on the listing, or split
       * (listing holds them, the content item holds only prefersBorder, hiding them: RES-4).
       */
      metaLocation: z.enum(["content", "listing", "split"]).default("content"),
    }),
    host: z.strictObject({
      approvedOrigins: z.array(z.string()),
      grantablePermissions: z.array(z.enum(PERMISSION_NAMES)),
      outOfPolicy: z.enum(["text", "subset"]),
    }),
    consent: z.enum(["allow", "deny", "ask"]),
    /** How the learner answers when consent is "ask" (used by headless runs and tests). */
    consentAnswer: z.enum(["allow", "deny"]).optional(),
    /** The signed-in user: the authorization context of cached private reads (RES-5). */
    user: z
      .string()
      .regex(/^[a-z]+$/)
      .default("alice"),
    action: z.discriminatedUnion("kind", [
      z.strictObject({ kind: z.literal("agent-calls-tool") }),
      z.strictObject({
        kind: z.literal("view-calls-tool"),
        tool: z.string().min(1),
        arguments: z.record(z.string(), z.unknown()).default({}),
      }),
    ]),
    toolCall: toolCallSchema.optional(),
    expect: expectSchema.optional(),
  })
  .superRefine((s, ctx) => {
    const call = s.toolCall;
    if (call?.cancelAfterMs !== undefined && call.cancelAfterMs >= call.durationMs) {
      ctx.addIssue({
        code: "custom",
        path: ["toolCall", "cancelAfterMs"],
        message: `the call answers after ${call.durationMs} ms, before it could be cancelled: make durationMs longer than cancelAfterMs`,
      });
    }
    if (s.resource.view === "conformance") conformanceIssues(s, ctx);
    const names = [s.uiTool.name, ...s.otherTools.map((t) => t.name)];
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup)
      ctx.addIssue({
        code: "custom",
        path: ["otherTools"],
        message: `duplicate tool name "${dup}"`,
      });
    if (
      s.consent === "ask" &&
      s.action.kind === "view-calls-tool" &&
      !s.consentAnswer &&
      s.expect
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["consentAnswer"],
        message: 'needed when consent is "ask"',
      });
    }
    if (
      s.expect &&
      s.action.kind === "view-calls-tool" &&
      s.expect.outcome === "rendered" &&
      !s.expect.appCall
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["expect", "appCall"],
        message: "say whether the view's call is forwarded",
      });
    }
  });

/**
 * The conformance server registers its own tool, view and CSP: the scenario must say the same, so
 * the instant preview (which reads the scenario alone) agrees with the run.
 */
function conformanceIssues(
  s: { uiTool: { name: string; resourceUri: string }; resource: Record<string, unknown> },
  ctx: z.RefinementCtx,
) {
  const o = s.resource.probeOrigins as { declared: string } | undefined;
  // Each field that must name what the conformance server registers, with its value there.
  const want: [string, unknown, unknown][] = [
    ["uiTool.name", s.uiTool.name, CONFORMANCE_TOOLS.run],
    ["uiTool.resourceUri", s.uiTool.resourceUri, CONFORMANCE_URI],
    ["resource.uri", s.resource.uri, CONFORMANCE_URI],
  ];
  for (const [field, got, expected] of want)
    if (got !== expected)
      ctx.addIssue({
        code: "custom",
        path: field.split("."),
        message: `the conformance server's is ${JSON.stringify(expected)}`,
      });
  if (!o) {
    ctx.addIssue({
      code: "custom",
      path: ["resource", "probeOrigins"],
      message: "the conformance view needs a declared and an undeclared origin to probe",
    });
    return;
  }
  if (JSON.stringify(s.resource.csp) !== JSON.stringify({ connectDomains: [o.declared] }))
    ctx.addIssue({
      code: "custom",
      path: ["resource", "csp"],
      message: `the conformance server declares exactly {"connectDomains":[${JSON.stringify(o.declared)}]}`,
    });
}

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;
export type ScenarioExpect = z.infer<typeof expectSchema>;
export type ScenarioToolCall = z.infer<typeof toolCallSchema>;

// What browser code needs without zod (the simulator page loads this module when it first parses).
export { PORT_PLACEHOLDER, resolvePorts, ScenarioError, type ScenarioIssue } from "./scenario-core";

/** Every issue zod found, with each unknown key named as an unknown key at its own path. */
function issuesOf(error: z.ZodError): ScenarioIssue[] {
  const out: ScenarioIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.filter(
      (k): k is string | number => typeof k === "string" || typeof k === "number",
    );
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        out.push({
          field: fieldPath([...path, key]),
          detail: `unknown key "${key}"`,
          path: [...path, key],
          unknownKey: true,
        });
      }
    } else {
      out.push({ field: fieldPath(path), detail: issue.message, path });
    }
  }
  // Unknown keys first: a typo explains the "missing" field it was meant to be.
  return [...out.filter((i) => i.unknownKey), ...out.filter((i) => !i.unknownKey)];
}

function fieldPath(path: readonly PropertyKey[]): string {
  return (
    path
      .map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`))
      .join("") || "(root)"
  );
}

/**
 * Parses a scenario from JSON text or a value. `source` names where it came from (a file path,
 * "link", "editor") so the error points there. A future version is refused before anything else.
 */
export function parseScenario(input: string | unknown, source: string): Scenario {
  let raw: unknown = input;
  if (typeof input === "string") {
    try {
      raw = JSON.parse(input);
    } catch (error) {
      throw new ScenarioError(source, "JSON", (error as Error).message);
    }
  }
  const version = (raw as { version?: unknown } | null)?.version;
  if (typeof version === "number" && version > SCENARIO_VERSION) {
    throw new ScenarioError(
      source,
      "version",
      `scenario version ${version} is newer than this simulator understands (${SCENARIO_VERSION})`,
    );
  }
  const result = scenarioSchema.safeParse(raw);
  if (!result.success) {
    const issues = issuesOf(result.error);
    throw new ScenarioError(source, issues[0]!.field, issues[0]!.detail, issues);
  }
  return result.data;
}
