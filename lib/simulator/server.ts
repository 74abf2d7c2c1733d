import { registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { McpServer, type CallToolResult, type ServerContext } from "@modelcontextprotocol/server";
import { z } from "zod";
import {
  EXTENSION_ID,
  META_CLIENT_CAPABILITIES,
  META_PROTOCOL_VERSION,
  PROFILE_MIME,
} from "./constants";
import type { Scenario } from "./scenario";

export type ServerName = "main" | "second";

/** The HTML documents a scenario's resource can serve, by `resource.view`. */
export type ViewDocuments = Record<Scenario["resource"]["view"], string>;

/**
 * Another real server standing in for a scenario's simulated main server, made from the scenario
 * and its view documents as createServerFactory makes the simulated one: a factory of servers,
 * one per session. The app hands it in (the conformance server for the conformance view); the
 * simulator never imports it.
 */
export type MainServerFor = (
  scenario: Scenario,
  views: ViewDocuments,
) => (() => McpServer) | Promise<() => McpServer>;

/** What a server observed and decided, for the trace. */
export interface ServerEvent {
  server: ServerName;
  note: string;
}

// The 2.4.0 types declare the envelope as {}: narrow it with a schema, never a blind cast.
const envelopeSchema = z.looseObject({
  [META_CLIENT_CAPABILITIES]: z.unknown().optional(),
  [META_PROTOCOL_VERSION]: z.unknown().optional(),
});

/** NEG-6: a modern request carries its protocol version in its envelope; a legacy one does not. */
function isModernRequest(ctx: ServerContext): boolean {
  const env = envelopeSchema.safeParse(ctx.mcpReq.envelope);
  return env.success && typeof env.data[META_PROTOCOL_VERSION] === "string";
}

/** NEG-2: did the client declare the extension on *this* request? Never carried over. */
export function declaredUiOnRequest(ctx: ServerContext): boolean {
  const env = envelopeSchema.safeParse(ctx.mcpReq.envelope);
  return declaresUi(env.success ? env.data[META_CLIENT_CAPABILITIES] : undefined);
}

/** Whether client capabilities list the extension with the profile mime type (NEG-2, NEG-5). */
function declaresUi(caps: unknown): boolean {
  const ext = (caps as { extensions?: Record<string, unknown> } | undefined)?.extensions?.[
    EXTENSION_ID
  ];
  const mimeTypes = (ext as { mimeTypes?: unknown } | undefined)?.mimeTypes;
  return Array.isArray(mimeTypes) && mimeTypes.includes(PROFILE_MIME);
}

/** Works for `ms` (a slow tool, scenario `toolCall.durationMs`); false if cancelled first. */
function runFor(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", stop, { once: true });
  });
}

const uiMetaFor = (visibility: Scenario["uiTool"]["visibility"]) =>
  visibility === undefined ? {} : { visibility };

/**
 * Builds the factory for one of the scenario's servers. The main server owns the UI tool, its
 * view and the main-server tools; the second owns the tools marked `server: "second"`. Every
 * tools/call is decided here, whatever the tool's visibility (TOOL-6): `denyTools` are refused.
 */
export function createServerFactory(
  scenario: Scenario,
  which: ServerName,
  views: ViewDocuments,
  onEvent: (e: ServerEvent) => void = () => {},
): () => McpServer {
  return () => {
    const advertise = which === "main" && scenario.server.extension;
    const server = new McpServer(
      { name: which === "main" ? "academy-main" : "academy-second", version: "1.0.0" },
      {
        capabilities: {
          tools: {},
          ...(which === "main" ? { resources: {} } : {}),
          // NEG-3: an empty settings object under the extension id.
          ...(advertise ? { extensions: { [EXTENSION_ID]: {} } } : {}),
        },
      },
    );

    const handler =
      (name: string) =>
      async (args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> => {
        // NEG-5, NEG-6: on a legacy session the client declared once, in initialize.
        const modern = isModernRequest(ctx);
        const ui = modern
          ? declaredUiOnRequest(ctx)
          : declaresUi(server.server.getClientCapabilities());
        if (scenario.server.denyTools.includes(name)) {
          onEvent({
            server: which,
            note: `refused ${name}: ${scenario.user} is not authorized (TOOL-6)`,
          });
          return {
            isError: true,
            content: [
              { type: "text", text: `Not authorized: ${scenario.user} may not call ${name}.` },
            ],
          };
        }
        onEvent({
          server: which,
          note: modern
            ? `allowed ${name} for ${scenario.user}; UI ${ui ? "declared" : "not declared"} on this request (NEG-2)`
            : `allowed ${name} for ${scenario.user}; legacy session: UI ${ui ? "declared" : "not declared"} in initialize (NEG-5)`,
        });
        const duration =
          which === "main" && name === scenario.uiTool.name ? scenario.toolCall?.durationMs : 0;
        if (duration && !(await runFor(duration, ctx.mcpReq.signal))) {
          onEvent({ server: which, note: `${name} stopped: the client cancelled the request` });
          return { isError: true, content: [{ type: "text", text: `${name} was cancelled.` }] };
        }
        // OUT-1: meaningful text whether or not a view will render; OUT-2: data for the view.
        return {
          content: [{ type: "text", text: `${name} ran for ${scenario.user}.` }],
          structuredContent: { tool: name, arguments: args, user: scenario.user, uiDeclared: ui },
        };
      };

    if (which === "main") {
      const t = scenario.uiTool;
      registerAppTool(
        server,
        t.name,
        {
          description: t.description,
          inputSchema: z.looseObject({}),
          _meta: {
            ui: { resourceUri: t.resourceUri, ...uiMetaFor(t.visibility), ...t.extraUiMeta },
          },
        },
        (args, ctx) => handler(t.name)(args as Record<string, unknown>, ctx),
      );
      registerResource(server, scenario, views);
    }
    for (const t of scenario.otherTools.filter((o) => o.server === which)) {
      server.registerTool(
        t.name,
        {
          description: t.description,
          inputSchema: z.looseObject({}),
          ...(t.visibility ? { _meta: { ui: { visibility: t.visibility } } } : {}),
        },
        (args, ctx) => handler(t.name)(args as Record<string, unknown>, ctx),
      );
    }
    return server;
  };
}

function registerResource(server: McpServer, scenario: Scenario, views: ViewDocuments) {
  const r = scenario.resource;
  const declared: Record<string, unknown> = {};
  if (r.csp !== undefined) declared.csp = r.csp;
  if (r.permissions !== undefined) declared.permissions = r.permissions;
  const listingUi = r.metaLocation === "content" ? undefined : declared;
  const contentUi =
    r.metaLocation === "content"
      ? declared
      : r.metaLocation === "split"
        ? { prefersBorder: true }
        : undefined;
  registerAppResource(
    server,
    "view",
    r.uri,
    {
      mimeType: PROFILE_MIME,
      ...(listingUi && Object.keys(listingUi).length ? { _meta: { ui: listingUi } } : {}),
    },
    async (uri) => {
      const html = views[r.view];
      const body =
        r.encoding === "text"
          ? { text: html }
          : { blob: Buffer.from(html, "utf8").toString("base64") };
      return {
        contents: [
          {
            uri: uri.href,
            // RES-2 [SDK]: registerAppResource sets only the listing's type; this is the one that counts.
            mimeType: r.mimeType,
            ...body,
            ...(contentUi && Object.keys(contentUi).length ? { _meta: { ui: contentUi } } : {}),
          },
        ],
        // RES-5: caching hints on every read.
        ttlMs: r.ttlMs,
        cacheScope: r.cacheScope,
      };
    },
  );
}
