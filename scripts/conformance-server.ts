// npm run conformance-server -- (--stdio | --http PORT) [--allow-origin ORIGIN]... [--once --out FILE]
// The MCP Apps host conformance server (issue 20): load it in any host that connects to a stdio or
// Streamable HTTP MCP server, call `conformance_run`, and its view tests that host. Every report a
// view sends is printed on stderr as JSON and Markdown (stdout is the stdio transport's) and kept
// as the resource conformance://report/latest. With --once it waits for one run, writes its report
// to --out and exits 0, 1 or 2 (scripts/usage.ts says when).
//
// The CSP probe needs two origins this process serves: two small listeners on ephemeral
// 127.0.0.1 ports (in both modes), the view's resource declaring the first only. The browser
// running the host must be on this machine to reach them.
//
// Issue #39: over HTTP only the allowed page origins get CORS (others 403); a report is stored
// only with the token issued with its run; each probe listener knows which origin it is; and a
// report's strings lose their control characters before they reach this terminal or a file.
// First: with --help it prints the usage and exits before anything else loads.
import { USAGES } from "./usage";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseOrigin } from "../lib/decide/csp";
import { awaitOneRun } from "../lib/conformance/one-run";
import { answerProbe, type ProbeRole } from "../lib/conformance/probe-endpoints";
import { reportMarkdown, stripControls } from "../lib/conformance/report";
import {
  oneRunOutcome,
  reportFileJson,
  reportFileMarkdown,
  type SpecPlace,
} from "../lib/conformance/report-file";
import {
  ConformanceState,
  createConformanceServerFactory,
  type NegativeControl,
} from "../lib/conformance/server";
import { readServeArgs, serveMcpHttp, serveMcpStdio } from "./serve-mcp";
import { bundleConformanceView } from "./view-documents";

const USAGE = USAGES["conformance-server.ts"]!.trim();
const { args, flag, era, port, fail } = readServeArgs(USAGE, "dual");

/** Every value of a repeatable flag. */
const all = (name: string) => args.flatMap((a, i) => (a === name ? [args[i + 1] ?? ""] : []));
/** A flag's value as a positive number of seconds, or the default; NaN when it is not one. */
const seconds = (name: string, fallback: number) => {
  const v = flag(name);
  return v === undefined ? fallback : /^\d+(\.\d+)?$/.test(v) && Number(v) > 0 ? Number(v) : NaN;
};

const control = flag("--negative-control");
const once = args.includes("--once");
const out = flag("--out");
const timeoutS = seconds("--timeout", 120);
const lingerS = seconds("--linger", 60);
const given = all("--allow-origin");
// The academy's own page, unless the operator names the host pages that may call this server.
const allowOrigins = given.length ? given : ["http://localhost:3000"];
if (
  (!port && !args.includes("--stdio")) ||
  (port !== undefined && !/^\d+$/.test(port)) ||
  (control !== undefined && control !== "csp") ||
  allowOrigins.some((o) => {
    const parsed = parseOrigin(o);
    return !parsed.ok || parsed.origin.includes("*") || !/^https?:/.test(parsed.origin);
  }) ||
  (once && (!out || !/\.(json|md)$/i.test(out))) ||
  (!once && out !== undefined) ||
  Number.isNaN(timeoutS) ||
  Number.isNaN(lingerS)
) {
  fail();
}

const state = new ConformanceState();
state.onReport((report) => {
  // The report's strings are the host's words: never an escape sequence on this terminal.
  console.error(stripControls(JSON.stringify({ conformanceReport: report })));
  console.error(stripControls(reportMarkdown(report)));
});

/**
 * One probe listener per role (probe-endpoints.ts): the role is the listener's, so which origin a
 * request reached never comes from its query string.
 */
async function listenEphemeral(role: ProbeRole): Promise<string> {
  const server = createServer((req, res) => {
    const answer = answerProbe(state, role, new URL(req.url ?? "/", "http://probe.invalid"));
    if (!answer) return void res.writeHead(404).end();
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Where each catalogue entry is written, for the upstream texts: the catalogue's place and
 * statement, the published spec's URL at that line, and the line itself when the copy is here.
 */
async function specPlaces(): Promise<(id: string) => SpecPlace | undefined> {
  const [{ loadSpecCatalogue }, { SPEC_SOURCES }, { specCopiesDir }, fs, path] = await Promise.all([
    import("../lib/content/spec"),
    import("../lib/content/spec-schema"),
    import("../lib/content/spec-links"),
    import("node:fs"),
    import("node:path"),
  ]);
  const entries = await loadSpecCatalogue();
  const copies = specCopiesDir();
  const lines = new Map<string, string[]>();
  const lineOf = (file: string, line: number) => {
    if (!copies) return undefined;
    try {
      if (!lines.has(file))
        lines.set(file, fs.readFileSync(path.join(copies, file), "utf8").split("\n"));
    } catch {
      return undefined; // the copy is optional: the URL names the line anyway
    }
    return lines.get(file)?.[line - 1];
  };
  return (id) => {
    const entry = entries.find((e) => e.id === id);
    const place = entry?.places[0];
    if (!entry || !place) return undefined;
    const source = SPEC_SOURCES[place.source];
    return {
      line: place.line,
      section: place.section,
      url: `${source.url}#L${place.line}`,
      statement: entry.statement,
      quote: lineOf(source.file, place.line),
    };
  };
}

/** --once: wait for one run, write its report, exit 0 / 1 (or 2 when there was none). */
async function oneRun(file: string) {
  const wait = awaitOneRun(state, { timeoutMs: timeoutS * 1000, lingerMs: lingerS * 1000 });
  // A stdio host that disconnects, or the operator's Ctrl-C, ends the wait with what there is.
  process.once("SIGINT", () => wait.stop());
  if (!port) process.stdin.once("end", () => wait.stop());
  const result = await wait.done;
  if ("none" in result) {
    console.error(`conformance-server: ${result.none}`);
    process.exit(2);
  }
  const { report, tool } = result;
  const places = await specPlaces();
  const text = /\.json$/i.test(file)
    ? reportFileJson(report, { tool }, places)
    : reportFileMarkdown(report, { tool }, places);
  writeFileSync(file, stripControls(text));
  const outcome = oneRunOutcome(report);
  console.error(
    stripControls(
      `conformance run ${report.run} (${tool}) in ${report.host.name ?? "unknown host"} ${report.host.version ?? ""}: exit ${outcome.exitCode}; MUST failed: ${outcome.mustFailed.join(", ") || "none"}; MUST not observable: ${outcome.mustNotObservable.length}; report written to ${file}`,
    ),
  );
  process.exit(outcome.exitCode);
}

let viewHtml: string;
try {
  viewHtml = await bundleConformanceView();
} catch (e) {
  console.error(`conformance-server: could not bundle the view: ${(e as Error).message}`);
  process.exit(2);
}
const origins = {
  declared: await listenEphemeral("declared"),
  undeclared: await listenEphemeral("undeclared"),
};
const factory = createConformanceServerFactory({
  viewHtml,
  origins,
  state,
  negativeControl: control as NegativeControl | undefined,
});
const described = `${era} era; CSP probe: declared ${origins.declared}, undeclared ${origins.undeclared}${control ? `; negative control ${control}: conformance_run_csp_control's CSP block rows must FAIL on a host that honours declared origins` : ""}${once ? `; one run, report to ${out}` : ""}`;

if (!port) {
  await serveMcpStdio(factory, era);
  console.error(`conformance server on stdio (${described})`);
} else {
  let listening: number;
  try {
    const server = await serveMcpHttp({
      factory,
      era,
      port: Number(port),
      cors: { allowOrigins },
    });
    listening = (server.address() as AddressInfo).port;
  } catch (e) {
    console.error(
      `conformance-server: cannot listen on 127.0.0.1:${port}: ${(e as Error).message}`,
    );
    process.exit(2);
  }
  console.error(
    `conformance server listening on http://127.0.0.1:${listening}/mcp (${described}; CORS for ${allowOrigins.join(", ")} only)`,
  );
}
if (once) await oneRun(out!);
