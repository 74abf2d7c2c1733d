import type {
  CallToolResult,
  ReadResourceResult,
  Resource,
  ResourceTemplateType,
  Tool,
} from "@modelcontextprotocol/client";
import {
  decide,
  decideAgentVisibility,
  decideVisibility,
  toolVisibility,
  type Decision,
  type ReadObservation,
} from "../decide";
import type { PermissionName } from "../decide/vocabulary";
import { decodeHtml, readObservation, reviewPolicy, toolResourceUri } from "../host/inspect";
import { decideNegotiationForEra } from "../host/negotiation";
import type { OwnResources } from "../host/resource-scope";
import { asRecord } from "../host/wire";
import { judgeCall } from "./call-items";
import type { LiveContext } from "./live-context";
import type { LiveView } from "./live-types";
import { displayName, grantFrom, type PermissionGrant } from "./permission-grants";

/** What the live view renders: the server's tools and resources, the view, and the decision. */
export interface PreparedView {
  tools: Tool[];
  own: OwnResources;
  html: string;
  decision: Decision;
  grant: PermissionGrant;
}

/**
 * Everything before the view renders: the server's tools and resources listed, the agent's call
 * (if the agent would see the tool), the view read and the table walked, and the person asked
 * for the permissions the view requested. Returns the stopped view when it does not render.
 */
export async function prepareLiveView(ctx: LiveContext): Promise<PreparedView | LiveView> {
  const listed = await listServer(ctx);
  if (!("own" in listed)) return listed;
  const { tools, own } = listed;
  const called = await callAgentTool(ctx);
  if (called) return called;
  const read = await readAndDecide(ctx, own);
  if (!("html" in read)) return read;
  const { grant, decision } = await askPermissions(ctx, read.decision, read.decideWith);
  return { tools, own, html: read.html, decision, grant };
}

/**
 * What the view's gates and resource scope need: every tool (app-only ones too), every resource
 * and template of this one server; and every tool as the agent and this view see it.
 */
async function listServer(
  ctx: LiveContext,
): Promise<{ tools: Tool[]; own: OwnResources } | LiveView> {
  const conn = ctx.o.connection;
  const client = conn.client;
  let tools: Tool[];
  let own: OwnResources;
  try {
    tools = (await client.listTools()).tools;
    let resources: Resource[] = [];
    let templates: ResourceTemplateType[] = [];
    if (conn.serverCapabilities?.resources) {
      resources = (await client.listResources()).resources;
      templates = await client
        .listResourceTemplates()
        .then((r) => r.resourceTemplates)
        .catch(() => []);
    }
    own = { server: conn.serverInfo?.name ?? "the server", resources, templates, tools };
  } catch (e) {
    return ctx.stop(
      "failed",
      `Listing the server's tools and resources failed: ${(e as Error).message}`,
    );
  }
  ctx.view.tools = tools.map((t) => {
    const agent = decideVisibility(toolVisibility(t), { kind: "model" });
    const app = decideVisibility(toolVisibility(t), { kind: "app", sameServer: true });
    return {
      name: t.name,
      agentListed: agent.allowed,
      appCallable: app.allowed,
      reason: `${agent.reason} (${agent.ruleIds.join(", ")}); ${app.reason} (${app.ruleIds.join(", ")})`,
    };
  });
  return { tools, own };
}

/**
 * The agent's call, with the arguments from the form, if the agent would see the tool (TOOL-3);
 * its result judged as the CLI's --call judges it. Returns the stopped view if it ends here.
 */
async function callAgentTool(ctx: LiveContext): Promise<LiveView | undefined> {
  const { o, view } = ctx;
  const seen = decideAgentVisibility(toolVisibility(o.tool));
  if (seen.verdict === "fail") {
    view.decision = decide({
      uiToolVisibility: toolVisibility(o.tool),
      clientCapabilities: undefined,
      serverCapabilities: o.connection.serverCapabilities,
      policy: reviewPolicy(undefined),
    });
    return ctx.stop(
      "text",
      `Not called: ${seen.reason} (${seen.ruleIds.join(", ")}), so a host never renders this view for the agent`,
    );
  }
  if (o.sampleResult) {
    // A preview: nothing reaches the server's tool, so there is no call to judge.
    view.toolResult = o.sampleResult;
    ctx.note(
      `tools/call ${o.tool.name} not sent (a preview): the view gets a sample result instead of the server's`,
    );
  } else {
    ctx.note(
      `tools/call ${o.tool.name} ${JSON.stringify(o.arguments).slice(0, 300)} (the agent's call)`,
    );
    try {
      view.toolResult = (await o.connection.client.callTool({
        name: o.tool.name,
        arguments: o.arguments,
      })) as CallToolResult;
    } catch (e) {
      return ctx.stop("failed", `tools/call ${o.tool.name} failed: ${(e as Error).message}`);
    }
    ctx.note(
      `tools/call ${o.tool.name} answered${view.toolResult.isError ? " with isError: true" : ""}: ${view.toolResult.content?.length ?? 0} content item(s)${view.toolResult.structuredContent ? " and structuredContent" : ""}`,
    );
    // The page does not carry a JSON Schema validator, so output-schema-match is left not checked
    // here (schemaProblems undefined) and says the CLI's --call validates it.
    view.callItems = judgeCall({
      tool: o.tool.name,
      args: o.arguments,
      ...(o.tool.outputSchema !== undefined ? { outputSchema: o.tool.outputSchema } : {}),
      outcome: { kind: "result", result: view.toolResult as Record<string, unknown> },
    });
  }
  if (!toolResourceUri(o.tool)) return ctx.stop("text", `${o.tool.name} names no view (TOOL-1)`);
  return undefined;
}

type DecideWith = (grantable: readonly PermissionName[]) => Decision;

/**
 * NEG-6: negotiation judged by the session's era on what the call declared; only then is the
 * view read (the way inspectServer reads it) and the rest of the table walked.
 */
async function readAndDecide(
  ctx: LiveContext,
  own: OwnResources,
): Promise<{ html: string; decision: Decision; decideWith: DecideWith } | LiveView> {
  const { o, view } = ctx;
  const conn = o.connection;
  const caps = conn.serverCapabilities;
  const found = toolResourceUri(o.tool)!;
  // A preview sends no tools/call: on a modern connection it is judged on the declaration the
  // host sent on its latest request (every modern request carries the same one), not on none.
  const declaration =
    conn.era === "legacy"
      ? conn.declaration()
      : (conn.declaration("tools/call") ?? (o.sampleResult ? conn.declaration() : undefined));
  const negotiation = decideNegotiationForEra(conn.era, declaration, caps, found.uri);
  let read: ReadResourceResult | undefined;
  let observation: ReadObservation | undefined;
  const listing = own.resources.find((r) => r.uri === found.uri);
  if (negotiation.verdict === "pass") {
    try {
      read = (await conn.client.readResource({ uri: found.uri })) as ReadResourceResult;
      observation = readObservation({ ok: true, result: read }, listing?._meta);
    } catch (e) {
      observation = readObservation({ ok: false, error: (e as Error).message }, listing?._meta);
    }
    ctx.note(`resources/read ${found.uri}: ${observation.ok ? "read" : observation.error}`);
  } else {
    ctx.note(
      `extension not negotiated (${negotiation.reason}): text only, no resources/read`,
      "refused",
    );
  }
  const item = read ? asRecord(read.contents[0]) : undefined;
  const ui = asRecord(asRecord(item?._meta)?.ui) ?? asRecord(asRecord(listing?._meta)?.ui);
  // PERM-2: this host grants nothing by itself; the person's answer is the grant.
  const decideWith: DecideWith = (grantable) =>
    decide({
      uiToolVisibility: toolVisibility(o.tool),
      clientCapabilities: declaration?.capabilities,
      serverCapabilities: caps,
      negotiation,
      ...(observation ? { read: observation } : {}),
      policy: { ...reviewPolicy(ui?.csp), grantablePermissions: grantable },
    });
  const decision = decideWith([]);
  view.decision = decision;
  const html = read && decision.outcome === "rendered" ? decodeHtml(read) : undefined;
  if (!html) {
    const failing = decision.rows.find((r) => r.verdict === "fail");
    return ctx.stop(
      "text",
      failing
        ? `The host falls back to text: ${failing.row} — ${failing.reason} (${failing.ruleIds.join(", ")})`
        : "The view's document is empty",
    );
  }
  return { html, decision, decideWith };
}

/**
 * PERM-2: each requested permission is the person's to allow, for this run only; PERM-3: the
 * view renders whatever they answer. The handshake time-out has not started: a person may take
 * their time.
 */
async function askPermissions(
  ctx: LiveContext,
  first: Decision,
  decideWith: DecideWith,
): Promise<{ grant: PermissionGrant; decision: Decision }> {
  const { o, view } = ctx;
  const requested = first.permissions?.requested ?? [];
  let allowed: readonly string[] = [];
  if (requested.length && o.askPermissions) {
    view.state = "asking-permissions";
    ctx.changed();
    allowed = await o
      .askPermissions({
        server: displayName(o.connection.serverInfo?.name ?? "the server"),
        tool: o.tool.name,
        requested,
      })
      .catch(() => []);
  }
  const grant = grantFrom(requested, allowed);
  view.permissions = grant;
  const decision = decideWith(grant.granted);
  view.decision = decision;
  if (requested.length)
    ctx.trace.event(
      "host-view",
      "host",
      "view",
      `permissions requested: ${requested.join(", ")}; granted for this run: ${grant.granted.join(", ") || "none"}${grant.denied.length ? `; not granted: ${grant.denied.join(", ")}` : ""} (${o.askPermissions ? "the person's answer" : "nobody was asked"}); the view renders either way (PERM-2, PERM-3)`,
      grant.denied.length ? "refused" : "delivered",
    );
  return { grant, decision };
}
