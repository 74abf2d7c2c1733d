import { AppBridge } from "@modelcontextprotocol/ext-apps/app-bridge";
import type {
  McpUiDisplayMode,
  McpUiHostCapabilities,
  McpUiHostContext,
} from "@modelcontextprotocol/ext-apps";
import type { CallToolResult, ReadResourceResult, Tool } from "@modelcontextprotocol/client";
import {
  decideAppCall,
  decideVisibility,
  toolVisibility,
  type AppCallDecision,
  type Consent,
  type DisplayMode,
} from "../decide";
import type { CspDomains } from "../decide/csp";
import type { PermissionName } from "../decide/vocabulary";
import { HOST_INFO } from "../host/connect";
import { resourceScope, type OwnResources } from "../host/resource-scope";
import type { ConsentQueue } from "../host/view/consent-queue";
import { consentRefusal } from "../host/view/consent-refusal";
import { keptJson } from "../host/view/kept-copy";
import { keep, RECORD_CHARS, type LiveContext } from "./live-context";

/** The host context the live view gives its view, in display mode `mode`. */
export function liveHostContext(ctx: LiveContext, mode: DisplayMode): McpUiHostContext {
  return {
    theme: "light",
    ...ctx.o.hostContext,
    toolInfo: { tool: ctx.o.tool },
    displayMode: mode as McpUiDisplayMode,
    availableDisplayModes: [...ctx.hostModes] as McpUiDisplayMode[],
    platform: "web",
  };
}

/**
 * The live view's bridge, with the handlers that reach the real server: each request of the view
 * through the same decision functions as the simulator (BRG-5's two gates, SBX-6's scope), links
 * opened after the person confirms (BRG-4), messages and logs recorded for the reader.
 */
export function createLiveBridge(
  ctx: LiveContext,
  parts: {
    tools: Tool[];
    own: OwnResources;
    consents: ConsentQueue;
    csp?: CspDomains;
    granted: readonly PermissionName[];
  },
): AppBridge {
  const hostCapabilities: McpUiHostCapabilities = {
    serverTools: {},
    serverResources: {},
    openLinks: {},
    logging: {},
    updateModelContext: { text: {} },
    message: { text: {} },
    sandbox: {
      permissions: Object.fromEntries(parts.granted.map((p) => [p, {}])),
      ...(parts.csp ? { csp: parts.csp } : {}),
    },
  };
  const bridge = new AppBridge(null, HOST_INFO, hostCapabilities, {
    hostContext: liveHostContext(ctx, ctx.view.displayMode),
  });
  bridge.oncalltool = (params, extra) =>
    viewToolCall(ctx, parts.tools, parts.consents, params, extra.mcpReq.signal);
  bridge.onreadresource = (params) => viewReadResource(ctx, parts.own, params.uri);
  const client = ctx.o.connection.client;
  bridge.onlistresources = (params) => client.listResources(params);
  bridge.onlistresourcetemplates = (params) => client.listResourceTemplates(params);
  serveRecords(ctx, bridge);
  return bridge;
}

/** BRG-5: visibility first (the same decision functions as the simulator), then consent, queued. */
async function viewToolCall(
  ctx: LiveContext,
  tools: Tool[],
  consents: ConsentQueue,
  params: { name: string; arguments?: Record<string, unknown> },
  /** Aborted when the view sends notifications/cancelled for this call. */
  withdrawn?: AbortSignal,
): Promise<CallToolResult> {
  const { o } = ctx;
  const args = (params.arguments ?? {}) as Record<string, unknown>;
  const tool = tools.find((t) => t.name === params.name);
  const target = tool && { name: tool.name, server: "own", visibility: toolVisibility(tool) };
  const base = { method: "tools/call" as const, target: params.name, arguments: args };
  let consent: Consent = "deny";
  if (target && decideVisibility(target.visibility, { kind: "app", sameServer: true }).allowed) {
    const verdict = await consents.ask(() =>
      withdrawn?.aborted
        ? Promise.resolve("deny" as const)
        : o.askConsent({
            tool: params.name,
            arguments: args,
            queue: consents,
            ...(withdrawn ? { withdrawn } : {}),
          }),
    );
    consent = verdict.consent;
    if (withdrawn?.aborted) {
      // The view gave up on the call while it waited: whatever the prompt said, nothing is sent.
      const reason = `the view withdrew its call (notifications/cancelled) while it waited for consent; nothing was sent to the server`;
      ctx.viewNote(`tools/call ${params.name}: ${reason}`, "refused");
      ctx.record({ ...base, outcome: "refused", reason, ruleIds: ["BRG-5"] });
      return { isError: true, content: [{ type: "text", text: `Withdrawn: ${reason}` }] };
    }
    if (verdict.by !== "person") {
      // Blocked or closed by the person: a JSON-RPC error to the view, no prompt, no server.
      const refusal = consentRefusal(verdict.by, params.name);
      ctx.viewNote(refusal.message, "refused");
      ctx.record({ ...base, outcome: "refused", reason: refusal.message, ruleIds: ["BRG-5"] });
      throw refusal;
    }
  }
  const d: AppCallDecision = decideAppCall({
    target,
    requestedName: params.name,
    viewServer: "own",
    consent: () => consent,
    era: o.connection.era,
  });
  if (!d.forward) {
    ctx.viewNote(`tools/call ${params.name} refused: ${d.reason}`, "refused");
    ctx.record({ ...base, outcome: "refused", reason: d.reason, ruleIds: d.ruleIds });
    return {
      isError: true,
      content: [{ type: "text", text: `Refused by the host: ${d.reason}` }],
    };
  }
  ctx.note(`tools/call ${params.name} forwarded (app-initiated): ${d.reason}`);
  try {
    const result = (await o.connection.client.callTool({
      name: params.name,
      arguments: args,
    })) as CallToolResult;
    ctx.note(
      `tools/call ${params.name} (app-initiated) answered${result.isError ? " with isError: true" : ""}`,
    );
    ctx.record({
      ...base,
      outcome: "forwarded",
      reason: d.reason,
      ruleIds: d.ruleIds,
      detail: result.isError ? "the server answered isError: true" : "the server answered",
    });
    return result;
  } catch (e) {
    ctx.record({
      ...base,
      outcome: "error",
      reason: `forwarded; the server failed: ${(e as Error).message}`,
      ruleIds: d.ruleIds,
    });
    throw e;
  }
}

/** SBX-6: a view's resources/read goes to its own server only, for that server's resources. */
async function viewReadResource(
  ctx: LiveContext,
  own: OwnResources,
  uri: string,
): Promise<ReadResourceResult> {
  const serverName = own.server;
  const base = { method: "resources/read" as const, target: uri, ruleIds: ["SBX-6"] };
  const scope = resourceScope(own, uri);
  if (!scope.own) {
    ctx.viewNote(`resources/read ${uri} refused: ${scope.reason}`, "refused");
    ctx.record({ ...base, outcome: "refused", reason: scope.reason });
    throw new Error(`Refused by the host: ${scope.reason}`);
  }
  ctx.note(`resources/read ${uri} forwarded (app-initiated): ${scope.detail}`);
  try {
    const result = (await ctx.o.connection.client.readResource({ uri })) as ReadResourceResult;
    ctx.record({
      ...base,
      outcome: "forwarded",
      reason: `forwarded to ${serverName}: ${scope.detail}`,
      detail: `${result.contents.length} content item(s)`,
    });
    return result;
  } catch (e) {
    ctx.record({
      ...base,
      outcome: "error",
      reason: `forwarded to ${serverName}, which failed: ${(e as Error).message}`,
    });
    throw e;
  }
}

/** What the view sends for the reader: messages, model context, links, logs, teardown requests. */
function serveRecords(ctx: LiveContext, bridge: AppBridge): void {
  const { view } = ctx;
  // BRG-4: this host has no conversation; the message is recorded for the reader.
  bridge.onmessage = async (params) => {
    keep(view.messages, {
      at: ctx.since(),
      method: "ui/message",
      params: keptJson(params, RECORD_CHARS),
    });
    ctx.viewNote(`ui/message recorded (a chat host would add it to the conversation, BRG-4)`);
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    keep(view.messages, {
      at: ctx.since(),
      method: "ui/update-model-context",
      params: keptJson(params, RECORD_CHARS),
    });
    ctx.viewNote("ui/update-model-context recorded (replaces any earlier one, BRG-4)");
    return {};
  };
  bridge.onopenlink = async (params) => openLink(ctx, params.url);
  bridge.onloggingmessage = (params) => {
    keep(view.logs, {
      at: ctx.since(),
      level: params.level,
      data: keptJson(params.data, RECORD_CHARS),
    });
    ctx.changed();
  };
  bridge.onrequestteardown = () =>
    ctx.viewNote(
      "ui/notifications/request-teardown recorded ([SDK] 2.x, not in 2026-01-26): this host keeps the view until the reader closes it",
    );
}

/** BRG-4: an http(s) link is opened only once the person confirms it. */
async function openLink(ctx: LiveContext, requested: unknown): Promise<{ isError?: boolean }> {
  const { o, view } = ctx;
  let url: URL | undefined;
  try {
    url = new URL(String(requested));
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    const reason = "only http and https links are opened";
    keep(view.links, { at: ctx.since(), url: String(requested), opened: false, reason });
    ctx.viewNote(`ui/open-link ${String(requested).slice(0, 200)} refused: ${reason}`, "refused");
    return { isError: true };
  }
  const opened = await o.confirmOpenLink(url.href);
  const reason = opened ? "opened after the user confirmed" : "the user declined";
  keep(view.links, { at: ctx.since(), url: url.href, opened, reason });
  ctx.viewNote(`ui/open-link ${url.href}: ${reason} (BRG-4)`, opened ? "delivered" : "refused");
  if (opened)
    (o.openLink ?? ((u: string) => window.open(u, "_blank", "noopener,noreferrer")))(url.href);
  return opened ? {} : { isError: true };
}
