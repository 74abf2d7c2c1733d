/**
 * The review CLI's logic, apart from process handling so tests can run it in process:
 *   review <url> [--header "Name: value"]... [--json] [--timeout ms] [--base-url url]
 *   review --stdio "<command>" [--json] [--timeout ms] [--base-url url]
 *   either form + [--call <tool> [--args '<json object>']]: opt-in, one real tools/call, judged
 * Exit status: 0 when no item fails, 1 when one does, 2 for bad usage or an unreachable server,
 * 128 + the signal's number when stopped by one (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP). Every stdio server process (and its process group) is ended before this
 * returns, whichever way the review ends.
 */
import { connect as tcpConnect } from "node:net";
import { eraKeyForCommand, eraKeyForUrl, httpTransport, HostConnectError } from "../host";
import {
  describeExit,
  STDOUT_RULE,
  StdioProcesses,
  stdioTransport,
  type StdioProcessRecord,
} from "../host/stdio";
import { checkCallAgainstSchema } from "./call-check";
import { collectReview, UnknownToolError, type ReviewInput } from "./collect";
import { buildReport, type Report, type ReportItem } from "./report";
import { formatReport, formatReportMarkdown } from "./report-format";
import { missingScheme } from "./reach";
import { stdoutItem } from "./wire-checks";
import { withRenderedItems } from "./rendered-items";
import { renderOutcomeItem } from "./render-outcome";
import { formatWorksIn } from "./works-in-format";
import { formatWorksInMarkdown } from "./works-in-markdown";
import type { WorksInHost } from "./works-in-hosts";
import { reviewWorksIn } from "./works-in-review";

export { withRenderedItems };
import { COLLECT_STEP_LABELS, type CollectStep } from "./steps";

/**
 * Where lesson links point when `--base-url` is not given: the academy as `npm start` serves it
 * locally (the academy has no public deployment to point at).
 */
export const DEFAULT_BASE_URL = "http://localhost:3000";

const DEFAULT_TIMEOUT_MS = 120_000;

export const USAGE =
  'usage: npm run review -- <url> [--header "Name: value"]... [--json | --markdown] [--timeout ms] [--base-url url]\n' +
  '       npm run review -- --stdio "<command>" [--json | --markdown] [--timeout ms] [--base-url url]\n' +
  `  --timeout ms    the whole review's time budget, every step together (default ${DEFAULT_TIMEOUT_MS})\n` +
  `  --base-url url  where lesson links point (default ${DEFAULT_BASE_URL}, the academy run locally)\n` +
  "  --call tool     opt-in: call this tool once for real (it may have side effects) and judge the\n" +
  "                  result: useful text content, structuredContent against its outputSchema\n" +
  "  --args json     the call's arguments, a JSON object (default {}); only with --call\n" +
  "  --render        also render each UI tool's view in headless Chromium through the academy's\n" +
  "                  /review page with a sample result (nothing is called) and judge what the view\n" +
  "                  does: appCapabilities, display modes, handshake, CSP blocks. A stdio server is\n" +
  "                  reached through a local relay. Needs this checkout built (npm run build)\n" +
  "  --app-url url   with --render: the running academy to render in, instead of starting one\n" +
  "  --watch ms      with --render: how long to watch each view after it renders (default 3000)\n" +
  '  --hosts         also print "Works in": each UI tool\'s predicted outcome in each host profile\n' +
  "                  (content/host-profiles), with the rule and the profile's source; with\n" +
  "                  --markdown, as a section of the report; --json carries the same table as worksIn";

/** The signals that stop a review, each with its exit status (128 + its number) and its words. */
export const STOP_SIGNALS = {
  SIGINT: { code: 130, words: "interrupted (Ctrl-C)" },
  SIGTERM: { code: 143, words: "terminated (SIGTERM)" },
  SIGHUP: { code: 129, words: "hung up on (SIGHUP)" },
} as const;
type StopSignal = keyof typeof STOP_SIGNALS;

export interface CliResult {
  code: 0 | 1 | 2 | (typeof STOP_SIGNALS)[StopSignal]["code"];
  stdout: string;
  stderr: string;
  report?: Report;
}

/** How the CLI talks to a person while it works; the script wires these to the terminal. */
export interface CliIo {
  /** One line per step as it starts (the script writes them to stderr, so stdout stays data). */
  progress?: (line: string) => void;
  /** Colour the status labels (the script asks for it on a terminal without NO_COLOR). */
  color?: boolean;
  /**
   * Aborted on a signal, its name the reason ("SIGTERM"; anything else is taken as Ctrl-C): the
   * review stops, its server processes are ended, and the code is the signal's (STOP_SIGNALS).
   */
  signal?: AbortSignal;
  /** `--render`: renders the UI tools' views in a browser (the script supplies it; Node only). */
  render?: (request: RenderRequest) => Promise<ReportItem[]>;
  /** The host profiles for "Works in" (the script loads them from content/host-profiles). */
  hosts?: () => Promise<WorksInHost[]>;
}

/**
 * How the script styles its output: colour on the report when stdout is a terminal, dimmed
 * progress lines when stderr is, and neither with NO_COLOR set to anything but "" (no-color.org),
 * so a piped report or a log keeps no escape codes.
 */
export function terminalStyle(o: {
  stdoutTty: boolean;
  stderrTty: boolean;
  env: Record<string, string | undefined>;
}): { color: boolean; dimProgress: boolean } {
  const allowed = !o.env.NO_COLOR;
  return { color: allowed && o.stdoutTty, dimProgress: allowed && o.stderrTty };
}

/** What `--render` asks the renderer for: the views of `tools`, each judged by the page. */
export interface RenderRequest {
  url?: string;
  stdio?: string;
  /** The bearer token of an `Authorization: Bearer` header, the one header the page can send. */
  bearer?: string;
  appUrl?: string;
  tools: string[];
  watchMs: number;
  handshakeMs: number;
  progress?: (line: string) => void;
  /** Told, per UI tool, the tools its view called while watched ("Works in" puts them through). */
  onAppCalls?: (tool: string, names: string[]) => void;
}

const DEFAULT_WATCH_MS = 3000;
/** The page's own handshake time-out (its field's default). */
const PAGE_HANDSHAKE_MS = 10_000;

class Interrupted extends Error {
  constructor(readonly by: StopSignal) {
    super(STOP_SIGNALS[by].words);
  }
}
class OutOfTime extends Error {}

/** Whether something at host:port accepts a TCP connection (within `ms`). */
function acceptsConnections(url: URL, ms = 1000): Promise<boolean> {
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: url.hostname.replace(/^\[|\]$/g, ""), port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** The review's options, read from the command line. */
interface ReviewArgs {
  json: boolean;
  markdown: boolean;
  stdio?: string;
  url?: string;
  timeoutMs: number;
  baseUrl: string;
  headers: Record<string, string>;
  callTool?: string;
  callArgs: Record<string, unknown>;
  render: boolean;
  appUrl?: string;
  watchMs?: number;
  hosts: boolean;
}

const usage = (why: string): CliResult => ({ code: 2, stdout: "", stderr: `${why}\n${USAGE}` });

/** Reads `argv`; a usage error or `--help` comes back as the result to exit with. */
function parseReviewArgs(
  argv: string[],
  canRender: boolean,
  canPredict: boolean,
): ReviewArgs | CliResult {
  let json = false;
  let markdown = false;
  let stdio: string | undefined;
  let url: string | undefined;
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  let baseUrl = DEFAULT_BASE_URL;
  const headers: Record<string, string> = {};
  let callTool: string | undefined;
  let callArgsText: string | undefined;
  let render = false;
  let appUrl: string | undefined;
  let watchMs: number | undefined;
  let hosts = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--json") json = true;
    else if (a === "--markdown") markdown = true;
    else if (a === "--stdio") {
      stdio = argv[++i];
      if (!stdio) return usage("--stdio needs a command");
    } else if (a === "--header") {
      const h = argv[++i] ?? "";
      const at = h.indexOf(":");
      if (at <= 0) return usage(`--header needs "Name: value", got ${JSON.stringify(h)}`);
      headers[h.slice(0, at).trim()] = h.slice(at + 1).trim();
    } else if (a === "--timeout") {
      timeoutMs = Number(argv[++i]);
      if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
        return usage("--timeout needs milliseconds");
    } else if (a === "--base-url") {
      const b = argv[++i] ?? "";
      if (!/^https?:\/\/[^/\s]+/.test(b))
        return usage(`--base-url needs an http(s) URL, got ${JSON.stringify(b)}`);
      baseUrl = b.replace(/\/+$/, "");
    } else if (a === "--call") {
      callTool = argv[++i];
      if (!callTool) return usage("--call needs a tool name");
    } else if (a === "--args") {
      callArgsText = argv[++i];
      if (callArgsText === undefined) return usage("--args needs a JSON object, e.g. '{}'");
    } else if (a === "--render") render = true;
    else if (a === "--hosts") hosts = true;
    else if (a === "--app-url") {
      appUrl = argv[++i] ?? "";
      if (!/^https?:\/\/[^/\s]+/.test(appUrl))
        return usage(`--app-url needs the academy's http(s) URL, got ${JSON.stringify(appUrl)}`);
    } else if (a === "--watch") {
      watchMs = Number(argv[++i]);
      if (!Number.isInteger(watchMs) || watchMs < 0 || watchMs > 600_000)
        return usage("--watch needs milliseconds, 0 to 600000");
    } else if (a === "--help" || a === "-h") return { code: 0, stdout: USAGE, stderr: "" };
    else if (a.startsWith("--")) return usage(`unknown option ${a}`);
    else if (url) return usage(`one server at a time (got ${url} and ${a})`);
    else url = a;
  }
  if (json && markdown) return usage("--json or --markdown, not both");
  if (!render && (appUrl !== undefined || watchMs !== undefined))
    return usage(
      `${appUrl !== undefined ? "--app-url" : "--watch"} is for --render: give --render too`,
    );
  if (hosts && !canPredict)
    return usage("--hosts is not available here (it needs the review script)");
  if (render && !canRender)
    return usage("--render is not available here (it needs the review script)");
  let callArgs: Record<string, unknown> = {};
  if (callArgsText !== undefined) {
    if (!callTool) return usage("--args is for --call <tool>: give --call too");
    let parsed: unknown;
    try {
      parsed = JSON.parse(callArgsText);
    } catch (e) {
      return usage(
        `--args is not JSON (${e instanceof Error ? e.message : String(e)}): ${JSON.stringify(callArgsText)}`,
      );
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return usage(
        `--args must be a JSON object of the tool's arguments, got ${Array.isArray(parsed) ? "an array" : parsed === null ? "null" : `a ${typeof parsed}`}: ${callArgsText}`,
      );
    callArgs = parsed as Record<string, unknown>;
  }
  if (!!url === !!stdio) return usage('give either a URL or --stdio "<command>"');
  if (url && !/^https?:\/\//.test(url)) {
    return usage(missingScheme(url) ?? `not an http(s) URL: ${url}`);
  }
  return {
    json,
    markdown,
    ...(stdio !== undefined ? { stdio } : {}),
    ...(url !== undefined ? { url } : {}),
    timeoutMs,
    baseUrl,
    headers,
    ...(callTool !== undefined ? { callTool } : {}),
    callArgs,
    render,
    ...(appUrl !== undefined ? { appUrl } : {}),
    ...(watchMs !== undefined ? { watchMs } : {}),
    hosts,
  };
}

/** `--render`: the report with each UI tool's view rendered and judged by the page. */
async function renderInto(
  report: Report,
  args: ReviewArgs,
  io: CliIo,
  called: Map<string, string[]>,
): Promise<Report> {
  const tools = report.items
    .filter((i) => i.id.startsWith("renders:") && i.tool)
    .map((i) => i.tool!);
  if (!tools.length) return report;
  const auth = Object.entries(args.headers).find(([k]) => k.toLowerCase() === "authorization")?.[1];
  const bearer = auth && /^Bearer\s+/i.test(auth) ? auth.replace(/^Bearer\s+/i, "") : undefined;
  const rendered = await io.render!({
    ...(args.url ? { url: args.url } : { stdio: args.stdio! }),
    ...(bearer ? { bearer } : {}),
    ...(args.appUrl ? { appUrl: args.appUrl } : {}),
    tools,
    watchMs: args.watchMs ?? DEFAULT_WATCH_MS,
    handshakeMs: PAGE_HANDSHAKE_MS,
    ...(io.progress ? { progress: io.progress } : {}),
    onAppCalls: (tool, names) => called.set(tool, names),
  });
  return withRenderedItems(report, rendered);
}

export async function runReviewCli(argv: string[], io: CliIo = {}): Promise<CliResult> {
  const args = parseReviewArgs(argv, !!io.render, !!io.hosts);
  if ("code" in args) return args;
  const { json, markdown, stdio, url, timeoutMs, baseUrl, headers, callTool, callArgs } = args;
  const { render } = args;

  const stderrLines: string[] = [];
  let step: CollectStep = "connect";
  const onStep = (s: CollectStep) => {
    step = s;
    io.progress?.(`${COLLECT_STEP_LABELS[s]}…`);
  };
  const processes = new StdioProcesses();
  // One abort for the whole review: the total time budget, or Ctrl-C. It cancels pending HTTP
  // requests; stdio servers are stopped below, which ends their pending requests.
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(new OutOfTime()), timeoutMs);
  const onInterrupt = () => {
    const reason: unknown = io.signal?.reason;
    stop.abort(
      new Interrupted(
        typeof reason === "string" && reason in STOP_SIGNALS ? (reason as StopSignal) : "SIGINT",
      ),
    );
  };
  if (io.signal?.aborted) onInterrupt();
  io.signal?.addEventListener("abort", onInterrupt);
  const stopped = new Promise<never>((_, reject) =>
    stop.signal.addEventListener("abort", () => reject(stop.signal.reason), { once: true }),
  );
  stopped.catch(() => {});
  const abortableFetch: typeof fetch = (input, init) =>
    globalThis.fetch(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, stop.signal]) : stop.signal,
    });
  const deadline = Date.now() + timeoutMs;
  let input: ReviewInput;
  try {
    input = await Promise.race([
      collectReview(
        url
          ? {
              target: url,
              transport: "http",
              factory: httpTransport(url, { headers, fetch: abortableFetch }),
              key: eraKeyForUrl(url),
              deadline,
              onStep,
              ...(callTool ? { call: { tool: callTool, args: callArgs } } : {}),
            }
          : {
              target: stdio!,
              transport: "stdio",
              factory: stdioTransport(stdio!, {
                onStderr: (t) => stderrLines.push(t),
                processes,
              }),
              key: eraKeyForCommand(stdio!),
              deadline,
              onStep,
              ...(callTool ? { call: { tool: callTool, args: callArgs } } : {}),
            },
      ),
      stopped,
    ]);
  } catch (e) {
    // Explained before the processes are stopped, so an exit seen is the server's own doing.
    const stderr = await explain(e);
    await processes.stopAll();
    return { code: e instanceof Interrupted ? STOP_SIGNALS[e.by].code : 2, stdout: "", stderr };
  } finally {
    clearTimeout(timer);
    io.signal?.removeEventListener("abort", onInterrupt);
    stop.abort(new OutOfTime());
    await processes.stopAll();
  }
  let report = buildReport(checkCallAgainstSchema(input));
  // Over stdio, what the server wrote to stdout besides its messages is an item of its own.
  if (stdio && processes.records.length)
    report = withRenderedItems(report, [stdoutItem(stdoutSeen(processes.records))]);
  // The tools each rendered view called, for "Works in".
  const called = new Map<string, string[]>();
  if (render) {
    try {
      report = await renderInto(report, args, io, called);
    } catch (e) {
      // The protocol report stands on its own: a render that cannot run is one warning in it.
      const why = `the views could not be rendered: ${e instanceof Error ? e.message : String(e)}`;
      io.progress?.(`--render stopped: ${why}`);
      report = withRenderedItems(report, [renderOutcomeItem(undefined, "timed-out", why)]);
    }
  }
  // "Works in": in --json whenever the profiles are at hand, in the text and Markdown with --hosts.
  const worksIn =
    io.hosts && (json || args.hosts) && reviewWorksIn(input, await io.hosts(), undefined, called);
  return {
    code: report.counts.fail > 0 ? 1 : 0,
    stdout: json
      ? JSON.stringify(worksIn ? { ...report, worksIn } : report, null, 2)
      : markdown
        ? formatReportMarkdown(report, baseUrl) +
          (worksIn ? `\n${formatWorksInMarkdown(worksIn)}` : "")
        : formatReport(report, baseUrl, { color: io.color && !json && !markdown }) +
          (worksIn ? `\n\n${formatWorksIn(worksIn)}` : ""),
    stderr: strayNote(),
    report,
  };

  /** A note on stray stdout (the review itself may still have worked: the SDK skips such lines). */
  function strayNote(): string {
    const noisy = processes.records.find((r) => r.strayCount > 0);
    if (!noisy) return "";
    return (
      `Note: the server wrote ${noisy.strayCount} line(s) to stdout that are not JSON-RPC messages; ` +
      `the first: ${JSON.stringify(noisy.strayStdout[0])}. A client may fail on them: ${STDOUT_RULE}.`
    );
  }

  async function explain(e: unknown): Promise<string> {
    const label = COLLECT_STEP_LABELS[step].replace(/^./, (c) => c.toLowerCase());
    let why: string;
    if (e instanceof Interrupted) {
      why = `${e.message} while ${label}; the server was stopped`;
    } else if (url && (e instanceof OutOfTime || /timed out/i.test(String(e)))) {
      const accepted = await acceptsConnections(new URL(url));
      why = !accepted
        ? `it did not accept a connection within ${timeoutMs} ms (while ${label}). Check that it is running and that the URL is right.`
        : step === "connect"
          ? `it accepted the connection but sent no response within ${timeoutMs} ms (while ${label}). ` +
            `A server stuck in a request handler, or a proxy holding the request, looks like this.`
          : `it accepted the connection but a request got no response within the ${timeoutMs} ms the whole review may take (--timeout), while ${label}.`;
    } else if (e instanceof OutOfTime) {
      // Said of the process that wrote most (a review may have started a second one that had
      // not written yet when time ran out).
      const records = processes.records;
      const most = records.reduce<StdioProcessRecord | undefined>(
        (a, r) => (!a || r.stdoutBytes > a.stdoutBytes ? r : a),
        undefined,
      );
      const silent = records.every((r) => r.messages === 0 && r.strayCount === 0);
      why =
        `the review did not finish within ${timeoutMs} ms (--timeout is the whole review's budget); ` +
        `it stopped while ${label}` +
        (most && silent ? `. ${wroteNoMessage(most)}` : ".");
    } else if (e instanceof UnknownToolError) {
      return `Could not call: ${e.message}. Nothing was called.`;
    } else {
      why = e instanceof HostConnectError ? e.message : e instanceof Error ? e.message : String(e);
    }
    const exited = processes.lastExited();
    if (stdio && exited?.exit && !exited.exitedAfterInputClosed && !(e instanceof Interrupted)) {
      why = `the server process ${describeExit(exited.exit)} before the review finished (${why})`;
    }
    const noisy = processes.records.find((r) => r.strayCount > 0);
    if (noisy) {
      why +=
        `\nIts stdout had ${noisy.strayCount} line(s) that are not JSON-RPC messages; the first: ` +
        `${JSON.stringify(noisy.strayStdout[0])}. ${STDOUT_RULE.replace(/^./, (c) => c.toUpperCase())}.`;
    }
    const tail = stderrLines.join("").trim().split("\n").slice(-5).join("\n");
    return `Could not review ${url ?? stdio}: ${why}${tail ? `\nserver stderr:\n${tail}` : ""}`;
  }
}

/** What a stdio server that sent no JSON-RPC message did write to stdout, in a sentence. */
function wroteNoMessage(r: StdioProcessRecord): string {
  if (!r.stdoutBytes)
    return "The server wrote nothing to stdout: is the command an MCP server speaking JSON-RPC on stdout?";
  const head = r.unterminated?.head ?? "";
  return (
    `The server wrote ${r.stdoutBytes.toLocaleString("en-US")} bytes to stdout with no newline, ` +
    `beginning ${JSON.stringify(head)}${(r.unterminated?.chars ?? 0) > head.length ? "…" : ""}: ` +
    "over stdio each JSON-RPC message ends with a newline, so no client reads this as a message."
  );
}

/** The stdout of every server process a review started, summed. */
function stdoutSeen(records: readonly StdioProcessRecord[]) {
  const noisy = records.find((r) => r.strayCount > 0);
  const tail = records.findLast((r) => r.unterminated)?.unterminated;
  return {
    messages: records.reduce((n, r) => n + r.messages, 0),
    strayCount: records.reduce((n, r) => n + r.strayCount, 0),
    ...(noisy ? { strayFirst: noisy.strayStdout[0] } : {}),
    ...(tail ? { unterminated: tail } : {}),
  };
}
