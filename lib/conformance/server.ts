/**
 * The conformance server (issue 20, item 3): a real MCP App server on the 2.4 server SDK whose one
 * UI tool's view tests the host it is rendered in. The factory is era-agnostic (the CLI serves it
 * modern, dual or legacy, like scripts/serve-scenario.ts); what it sees is kept in a
 * `ConformanceState` shared by every `McpServer` the factory makes, since a stateless HTTP
 * endpoint makes one per request.
 */
import { registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { McpServer, type CallToolResult } from "@modelcontextprotocol/server";
import { z } from "zod";
import { EXTENSION_ID, PROFILE_MIME } from "../decide/ids";
import { CATALOGUE, type CatalogueId } from "./catalogue";
import { NEGATIVE_CONTROL_NOTE } from "./control";
import { judgeTeardown, TEARDOWN_STEPS } from "./teardown";
import {
  CONTROL_TOOL,
  CONTROL_VIEW_URI,
  DEFAULT_CSP_VIEW_URI,
  REPORT_URI,
  TOOLS,
  VIEW_URI,
  type ConformanceReport,
  type ServerSeen,
} from "./probes";
import { reportMarkdown } from "./report";

/** The two origins of the CSP probe: the view's resource declares the first only. */
export interface ProbeOrigins {
  declared: string;
  undeclared: string;
}

/**
 * A negative control: `csp` adds a second UI tool, conformance_run_csp_control, whose view
 * resource declares the "undeclared" origin too. From inside the view that is what a host that
 * skipped the CSP looks like, so on a host that honours declared origins its CSP block rows FAIL:
 * they can fail. On a host that blocks everything it cannot fail (control.ts says so). The
 * ordinary tool and view are unchanged.
 */
export type NegativeControl = "csp";

export interface ConformanceServerOptions {
  /** The view's HTML document; its CONFORMANCE_CONFIG marker is replaced with its settings. */
  viewHtml: string;
  origins: ProbeOrigins;
  state: ConformanceState;
  negativeControl?: NegativeControl;
}

const CATALOGUE_IDS = Object.keys(CATALOGUE) as [CatalogueId, ...CatalogueId[]];

/**
 * A report as a view sends it. Ids must be the catalogue's; the keyword and party are taken from
 * the catalogue, whatever the view said, so a report cannot turn a MUST into a MAY.
 */
const reportSchema = z.object({
  run: z.string().min(1),
  negativeControl: z.literal("csp").optional(),
  finishedAt: z.string(),
  host: z.object({
    name: z.string().optional(),
    version: z.string().optional(),
    protocolVersion: z.string().optional(),
  }),
  results: z
    .array(
      z.object({
        id: z.enum(CATALOGUE_IDS),
        probe: z.string().max(40).optional(),
        verdict: z.enum(["PASS", "FAIL", "NOT OBSERVABLE"]),
        evidence: z.string(),
        rules: z.array(z.string()),
        needsPerson: z.boolean().optional(),
        unseen: z.boolean().optional(),
      }),
    )
    .min(1),
});

/** One resources/read of a probe view: the document as served, and the first run that showed it. */
interface ServedRead {
  uri: string;
  html: string;
  firstRun?: string;
}

/** How many served documents are kept (each view's document is about 100 KB). */
const MAX_READS = 64;

/**
 * Everything the server saw, across runs and hosts; read by `conformance_ping` and the report
 * resource. What a view is told is scoped to its run and its own document (`seenBy`), so two
 * hosts loading one server never credit each other.
 */
export class ConformanceState {
  readonly calls: { tool: string; run?: string }[] = [];
  readonly hits: { run: string; via: string }[] = [];
  /** Each run the UI tools issued: which tool, and the token its view must write reports with. */
  private readonly runs = new Map<string, { tool: string; token: string }>();
  readonly reports: ConformanceReport[] = [];
  /** Each read of a probe view by its read id (in the document's settings), oldest first. */
  private readonly served = new Map<string, ServedRead>();
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

  /**
   * A new run of a UI tool: its id, and a token that goes to its view alone (with the tool's
   * result) and that a report for the run must carry. Web Crypto, for Node and the browser alike.
   */
  issueRun(tool: string): { run: string; token: string } {
    const run = globalThis.crypto.randomUUID();
    const token = globalThis.crypto.randomUUID();
    this.runs.set(run, { tool, token });
    this.calls.push({ tool, run });
    return { run, token };
  }

  /** The UI tool a run was issued by, if this server issued it. */
  toolOf(run: string): string | undefined {
    return this.runs.get(run)?.tool;
  }

  /** Whether `token` is the one issued with `run` (a report for it may be written with it). */
  mayWrite(run: string, token: string | undefined): boolean {
    const issued = this.runs.get(run);
    return !!issued && typeof token === "string" && token === issued.token;
  }

  /** Notes one resources/read: `read` is the id written into that document's settings. */
  recordRead(uri: string, read: string, html: string) {
    this.served.set(read, { uri, html });
    for (const oldest of this.served.keys()) {
      if (this.served.size <= MAX_READS) break;
      this.served.delete(oldest);
    }
  }

  /** The URIs read so far, oldest first (for tests and the CLI's notes). */
  get readUris(): string[] {
    return [...this.served.values()].map((r) => r.uri);
  }

  /** How long to wait for the view's answering beacon after it received teardown. */
  teardownWaitMs = 3000;

  /**
   * The probe endpoints' hits (`/probe/csp`, `/probe/link`, `/probe/teardown`, …), recorded by
   * probe-endpoints.ts. A teardown beacon amends that run's report, which is printed again.
   */
  recordHit(run: string, via: string) {
    this.hits.push({ run, via });
    if (!via.startsWith("teardown-")) return;
    this.amendTeardown(run, false);
    // After "received", the answering beacon has teardownWaitMs to come; then silence is a FAIL.
    if (via === TEARDOWN_STEPS.received)
      setTimeout(() => this.amendTeardown(run, true), this.teardownWaitMs).unref?.();
  }

  /** The server stops waiting for this run's beacons (the one-run CLI is done): silence is said. */
  finishRun(run: string) {
    this.amendTeardown(run, true);
  }

  private amendTeardown(run: string, final: boolean) {
    const report = this.reports.find((r) => r.run === run);
    if (!report) return;
    const hits = this.hits.filter((h) => h.run === run).map((h) => h.via);
    const rows = judgeTeardown(hits, final);
    const changed = rows.filter((row) => {
      const old = report.results.find((p) => p.id === row.id);
      return !old || old.verdict !== row.verdict || old.evidence !== row.evidence;
    });
    if (!changed.length) return;
    this.addReport({
      ...report,
      results: report.results.map((p) => rows.find((row) => row.id === p.id) ?? p),
    });
  }

  /**
   * What one run's view may be told: the calls and probe hits that carry its run, whether the
   * server issued that run, and the read its document names (claimed by the first run that asks;
   * `withDocument` adds the document as served, for the view to compare with its own).
   */
  seenBy(run: string, read?: string, withDocument = false): ServerSeen {
    const served = read === undefined ? undefined : this.served.get(read);
    const runIssued = this.runs.has(run);
    if (served && runIssued && served.firstRun === undefined) served.firstRun = run;
    return {
      toolCalls: this.calls.filter((c) => c.run === run).map((c) => c.tool),
      hits: this.hits.filter((h) => h.run === run).map((h) => h.via),
      runIssued,
      ...(read === undefined
        ? {}
        : {
            read: served
              ? {
                  served: true as const,
                  uri: served.uri,
                  ...(served.firstRun ? { firstRun: served.firstRun } : {}),
                  ...(withDocument ? { document: served.html } : {}),
                }
              : { served: false as const },
          }),
    };
  }
}

const text = (t: string): CallToolResult["content"] => [{ type: "text", text: t }];
const runArg = { run: z.string().max(200).optional() };
/** The ping's arguments: the run, and the read id in the asking view's own document. */
const pingArgs = {
  ...runArg,
  read: z.string().max(100).optional(),
  document: z.boolean().optional(),
};

/** What one view document's settings say beyond the probe origins. */
interface ViewSettings {
  /** The resource the document is served as (default: conformance_run's). */
  uri?: string;
  negativeControl?: NegativeControl;
  /** The id of this one resources/read. */
  read?: string;
  /** The resource declares no csp: the view checks the default instead of declared origins. */
  noCsp?: boolean;
}

/**
 * The view's document with its settings in a JSON script element: the probe origins, its own URI,
 * and `read`, the id of this one resources/read, which ties what the view reports to the document
 * this server served (and no other host's copy).
 */
function viewDocument(
  o: Pick<ConformanceServerOptions, "viewHtml" | "origins">,
  settings: ViewSettings = {},
): string {
  // JSON in a script element: "<" escaped so no value can end the element.
  const config = JSON.stringify({
    origins: o.origins,
    viewUri: settings.uri ?? VIEW_URI,
    ...(settings.negativeControl ? { negativeControl: settings.negativeControl } : {}),
    ...(settings.read ? { read: settings.read } : {}),
    ...(settings.noCsp ? { noCsp: true } : {}),
  }).replace(/</g, "\\u003c");
  if (!o.viewHtml.includes("/*CONFORMANCE_CONFIG*/"))
    throw new Error("the conformance view lost its /*CONFORMANCE_CONFIG*/ marker");
  return o.viewHtml.replace("/*CONFORMANCE_CONFIG*/", () => config);
}

interface UiToolSpec {
  tool: string;
  uri: string;
  description: string;
  /** The document for one read, given that read's id. */
  html(read: string): string;
  /** The origins its resource declares; none at all (no `csp` key) for the default's view. */
  connectDomains?: string[];
}

/** One UI tool and its view: the run token with the result, the view under its declared CSP. */
function registerProbeView(server: McpServer, state: ConformanceState, t: UiToolSpec) {
  registerAppTool(
    server,
    t.tool,
    {
      description: t.description,
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
      _meta: { ui: { resourceUri: t.uri } },
    },
    async () => {
      const { run, token } = state.issueRun(t.tool);
      // OUT-1: text that makes sense without the view; OUT-2: the run and its report token for
      // the view (the model may see structured content too, so the token writes this run only).
      return {
        content: text(`Conformance run ${run} started: the view runs the probes.`),
        structuredContent: { run, reportToken: token },
      };
    },
  );
  // RES-6: a border chosen on purpose (the table reads better framed). No `csp` key at all for the
  // default's view: even `{}` would be a declared csp (CSP-2), not the default (CSP-4).
  const ui = {
    ...(t.connectDomains ? { csp: { connectDomains: t.connectDomains } } : {}),
    prefersBorder: true,
  };
  registerAppResource(
    server,
    t.tool,
    t.uri,
    { mimeType: PROFILE_MIME, _meta: { ui } },
    async (uri) => {
      const read = globalThis.crypto.randomUUID();
      const html = t.html(read);
      state.recordRead(uri.href, read, html);
      return { contents: [{ uri: uri.href, mimeType: PROFILE_MIME, text: html, _meta: { ui } }] };
    },
  );
}

/** A factory of conformance servers sharing one state (one per session or request). */
export function createConformanceServerFactory(o: ConformanceServerOptions): () => McpServer {
  const views: UiToolSpec[] = [
    {
      tool: TOOLS.run,
      uri: VIEW_URI,
      description:
        "Runs the MCP Apps host conformance probes: its view tests the host that renders it and reports PASS / FAIL / NOT OBSERVABLE per requirement.",
      html: (read) => viewDocument(o, { read }),
      connectDomains: [o.origins.declared],
    },
    {
      tool: TOOLS.defaultCsp,
      uri: DEFAULT_CSP_VIEW_URI,
      description:
        "The same probes from a view whose resource declares no csp: the host must apply the spec's restrictive default (connect-src 'none'), which the view checks.",
      html: (read) => viewDocument(o, { uri: DEFAULT_CSP_VIEW_URI, read, noCsp: true }),
    },
  ];
  if (o.negativeControl === "csp")
    views.push({
      tool: CONTROL_TOOL,
      uri: CONTROL_VIEW_URI,
      description: `The same probes under a CSP that also declares the origin the CSP probe expects blocked. ${NEGATIVE_CONTROL_NOTE}`,
      html: (read) => viewDocument(o, { uri: CONTROL_VIEW_URI, negativeControl: "csp", read }),
      connectDomains: [o.origins.declared, o.origins.undeclared],
    });
  return () => {
    const server = new McpServer(
      { name: "mcp-apps-conformance", version: "1.0.0" },
      { capabilities: { tools: {}, resources: {}, extensions: { [EXTENSION_ID]: {} } } },
    );
    for (const v of views) registerProbeView(server, o.state, v);
    // The view's helpers are app-only tools without a view of their own (TOOL-3): a host lists
    // them to no agent, and a reviewer sees one UI tool, conformance_run.
    server.registerTool(
      TOOLS.ping,
      {
        description: "App-only: tells the conformance view what the server saw for its run.",
        inputSchema: z.object(pingArgs),
        annotations: { readOnlyHint: true, openWorldHint: false },
        _meta: { ui: { visibility: ["app"] } },
      },
      async ({ run, read, document }) => {
        o.state.calls.push({ tool: TOOLS.ping, run });
        const seen = o.state.seenBy(run ?? "", read, document);
        // The text leaves the served document out: it is for the view's comparison only.
        const { read: seenRead, ...rest } = seen;
        const summary = {
          ...rest,
          ...(seenRead ? { read: { ...seenRead, document: undefined } } : {}),
        };
        return { content: text(JSON.stringify(summary)), structuredContent: { ...seen } };
      },
    );
    // A tool the view must never reach: visibility without "app" (TOOL-4, BRG-5).
    server.registerTool(
      TOOLS.modelOnly,
      {
        description: "Model-only: a host must refuse it when the conformance view calls it.",
        inputSchema: z.object(runArg),
        annotations: { readOnlyHint: true, openWorldHint: false },
        _meta: { ui: { visibility: ["model"] } },
      },
      async ({ run }) => {
        o.state.calls.push({ tool: TOOLS.modelOnly, run });
        return { content: text("the model called the model-only tool") };
      },
    );
    server.registerTool(
      TOOLS.report,
      {
        description:
          "App-only: the conformance view sends its results here, with the report token its run was issued.",
        inputSchema: z.object({ report: reportSchema, token: z.string().max(100).optional() }),
        annotations: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
        _meta: { ui: { visibility: ["app"] } },
      },
      async ({ report, token }) => {
        o.state.calls.push({ tool: TOOLS.report, run: report.run });
        // Only the view that got the run's result holds its token: nobody else writes its report.
        if (!o.state.mayWrite(report.run, token))
          return {
            isError: true,
            content: text(
              `Refused: a report for run ${report.run} needs the report token issued with that run's result.`,
            ),
          };
        o.state.addReport({
          ...report,
          results: report.results.map((p) => ({
            ...p,
            keyword: CATALOGUE[p.id].keyword,
            party: CATALOGUE[p.id].party,
          })),
        });
        return { content: text(`Report for run ${report.run} received.`) };
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
