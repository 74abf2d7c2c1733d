/**
 * The conformance server (issue 20, item 3): a real MCP App server on the 2.4 server SDK whose one
 * UI tool's view tests the host it is rendered in. The factory is era-agnostic (the CLI serves it
 * modern, dual or legacy, like scripts/serve-scenario.ts); what it sees is kept in a
 * `ConformanceState` shared by every `McpServer` the factory makes, since a stateless HTTP
 * endpoint makes one per request.
 */
import { randomUUID } from "node:crypto";
import { registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { McpServer, type CallToolResult } from "@modelcontextprotocol/server";
import { z } from "zod";
import { EXTENSION_ID, PROFILE_MIME } from "../host/ids";
import {
  REPORT_URI,
  reportMarkdown,
  TOOLS,
  VIEW_URI,
  type ConformanceReport,
  type ServerSeen,
} from "./probes";

/** The two origins of the CSP probe: the view's resource declares the first only. */
export interface ProbeOrigins {
  declared: string;
  undeclared: string;
}

/**
 * A negative control: `csp` declares the "undeclared" origin too, which is exactly what a host
 * that skipped the CSP would look like from inside the view, so the CSP probes must FAIL.
 */
export type NegativeControl = "csp";

export interface ConformanceServerOptions {
  /** The view's HTML document; its CONFORMANCE_CONFIG marker is replaced with its settings. */
  viewHtml: string;
  origins: ProbeOrigins;
  state: ConformanceState;
  negativeControl?: NegativeControl;
}

const reportSchema = z.object({
  run: z.string().min(1),
  finishedAt: z.string(),
  host: z.object({
    name: z.string().optional(),
    version: z.string().optional(),
    protocolVersion: z.string().optional(),
  }),
  results: z
    .array(
      z.object({
        id: z.string().min(1),
        verdict: z.enum(["PASS", "FAIL", "NOT OBSERVABLE"]),
        evidence: z.string(),
        rules: z.array(z.string()),
        needsPerson: z.boolean().optional(),
      }),
    )
    .min(1),
});

/** Everything the server saw, across runs; read by `conformance_ping` and the report resource. */
export class ConformanceState {
  readonly calls: { tool: string; run?: string }[] = [];
  readonly reads: string[] = [];
  readonly hits: { run: string; via: string }[] = [];
  readonly issuedRuns: string[] = [];
  readonly reports: ConformanceReport[] = [];
  private listeners: ((r: ConformanceReport) => void)[] = [];

  /** Called with each report a view sends (the CLI prints it on stderr). */
  onReport(listener: (r: ConformanceReport) => void) {
    this.listeners.push(listener);
  }

  addReport(report: ConformanceReport) {
    // A run may send an updated report (after the operator's probes): the newest replaces it.
    const i = this.reports.findIndex((r) => r.run === report.run);
    if (i >= 0) this.reports.splice(i, 1);
    this.reports.push(report);
    for (const l of this.listeners) l(report);
  }

  /** The probe endpoints' hits (`/probe/csp`, `/probe/link`), recorded by the side server. */
  recordHit(run: string, via: string) {
    this.hits.push({ run, via });
  }

  seenBy(run: string): ServerSeen {
    return {
      toolCalls: this.calls.filter((c) => c.run === run || c.run === undefined).map((c) => c.tool),
      reads: [...new Set(this.reads)],
      hits: this.hits.filter((h) => h.run === run).map((h) => h.via),
      issuedRuns: [...this.issuedRuns],
    };
  }
}

const text = (t: string): CallToolResult["content"] => [{ type: "text", text: t }];
const runArg = { run: z.string().max(200).optional() };

/** The view's document with its settings (probe origins) in a JSON script element. */
export function viewDocument(o: Pick<ConformanceServerOptions, "viewHtml" | "origins">): string {
  // JSON in a script element: "<" escaped so no value can end the element.
  const config = JSON.stringify({ origins: o.origins }).replace(/</g, "\\u003c");
  if (!o.viewHtml.includes("/*CONFORMANCE_CONFIG*/"))
    throw new Error("the conformance view lost its /*CONFORMANCE_CONFIG*/ marker");
  return o.viewHtml.replace("/*CONFORMANCE_CONFIG*/", () => config);
}

/** A factory of conformance servers sharing one state (one per session or request). */
export function createConformanceServerFactory(o: ConformanceServerOptions): () => McpServer {
  const html = viewDocument(o);
  const connectDomains =
    o.negativeControl === "csp" ? [o.origins.declared, o.origins.undeclared] : [o.origins.declared];
  return () => {
    const server = new McpServer(
      { name: "mcp-apps-conformance", version: "1.0.0" },
      { capabilities: { tools: {}, resources: {}, extensions: { [EXTENSION_ID]: {} } } },
    );
    registerAppTool(
      server,
      TOOLS.run,
      {
        description:
          "Runs the MCP Apps host conformance probes: its view tests the host that renders it and reports PASS / FAIL / NOT OBSERVABLE per requirement.",
        inputSchema: z.object({}),
        _meta: { ui: { resourceUri: VIEW_URI } },
      },
      async () => {
        const run = randomUUID();
        o.state.issuedRuns.push(run);
        o.state.calls.push({ tool: TOOLS.run, run });
        // OUT-1: text that makes sense without the view; OUT-2: the run token for the view.
        return {
          content: text(`Conformance run ${run} started: the view runs the probes.`),
          structuredContent: { run },
        };
      },
    );
    registerAppTool(
      server,
      TOOLS.ping,
      {
        description: "App-only: tells the conformance view what the server saw for its run.",
        inputSchema: z.object(runArg),
        _meta: { ui: { resourceUri: VIEW_URI, visibility: ["app"] } },
      },
      async ({ run }) => {
        o.state.calls.push({ tool: TOOLS.ping, run });
        const seen = o.state.seenBy(run ?? "");
        return { content: text(JSON.stringify(seen)), structuredContent: { ...seen } };
      },
    );
    // A tool the view must never reach: visibility without "app" (TOOL-4, BRG-5).
    server.registerTool(
      TOOLS.modelOnly,
      {
        description: "Model-only: a host must refuse it when the conformance view calls it.",
        inputSchema: z.object(runArg),
        _meta: { ui: { visibility: ["model"] } },
      },
      async ({ run }) => {
        o.state.calls.push({ tool: TOOLS.modelOnly, run });
        return { content: text("the model called the model-only tool") };
      },
    );
    registerAppTool(
      server,
      TOOLS.report,
      {
        description: "App-only: the conformance view sends its results here.",
        inputSchema: z.object({ report: reportSchema }),
        _meta: { ui: { resourceUri: VIEW_URI, visibility: ["app"] } },
      },
      async ({ report }) => {
        o.state.calls.push({ tool: TOOLS.report, run: report.run });
        o.state.addReport(report);
        return { content: text(`Report for run ${report.run} received.`) };
      },
    );
    registerAppResource(
      server,
      "conformance view",
      VIEW_URI,
      { mimeType: PROFILE_MIME, _meta: { ui: { csp: { connectDomains } } } },
      async (uri) => {
        o.state.reads.push(uri.href);
        return {
          contents: [
            {
              uri: uri.href,
              mimeType: PROFILE_MIME,
              text: html,
              _meta: { ui: { csp: { connectDomains } } },
            },
          ],
        };
      },
    );
    server.registerResource(
      "conformance report",
      REPORT_URI,
      { mimeType: "application/json", description: "The latest conformance report a view sent." },
      async (uri) => {
        const latest = o.state.reports.at(-1);
        return {
          contents: [
            {
              uri: uri.href,
              mimeType: "application/json",
              text: JSON.stringify(
                latest ? { report: latest, markdown: reportMarkdown(latest) } : { report: null },
              ),
            },
          ],
        };
      },
    );
    return server;
  };
}
