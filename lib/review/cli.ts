/**
 * The review CLI's logic, apart from process handling so tests can run it in process:
 *   review <url> [--header "Name: value"]... [--json] [--timeout ms]
 *   review --stdio "<command>" [--json] [--timeout ms]
 * Exit status: 0 when no item fails, 1 when one does, 2 for bad usage or an unreachable server.
 */
import { eraKeyForCommand, eraKeyForUrl, httpTransport, HostConnectError } from "../host";
import { stdioTransport } from "../host/stdio";
import { collectReview } from "./collect";
import { buildReport, formatReport, formatReportMarkdown, type Report } from "./report";
import { COLLECT_STEP_LABELS, type CollectStep } from "./steps";

export const USAGE =
  'usage: npm run review -- <url> [--header "Name: value"]... [--json | --markdown] [--timeout ms]\n' +
  '       npm run review -- --stdio "<command>" [--json | --markdown] [--timeout ms]';

export interface CliResult {
  code: 0 | 1 | 2;
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
}

export async function runReviewCli(argv: string[], io: CliIo = {}): Promise<CliResult> {
  const usage = (why: string): CliResult => ({ code: 2, stdout: "", stderr: `${why}\n${USAGE}` });
  let json = false;
  let markdown = false;
  let stdio: string | undefined;
  let url: string | undefined;
  let timeoutMs = 20_000;
  const headers: Record<string, string> = {};
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
    } else if (a === "--help" || a === "-h") return { code: 0, stdout: USAGE, stderr: "" };
    else if (a.startsWith("--")) return usage(`unknown option ${a}`);
    else if (url) return usage(`one server at a time (got ${url} and ${a})`);
    else url = a;
  }
  if (json && markdown) return usage("--json or --markdown, not both");
  if (!!url === !!stdio) return usage('give either a URL or --stdio "<command>"');
  if (url && !/^https?:\/\//.test(url)) {
    const bare = !/^[a-z][a-z0-9+.-]*:/i.test(url);
    return usage(
      `not an http(s) URL: ${url}${bare ? ` (no scheme: did you mean https://${url}, or http://${url} for a local server?)` : ""}`,
    );
  }

  const stderrLines: string[] = [];
  const onStep = (step: CollectStep) => io.progress?.(`${COLLECT_STEP_LABELS[step]}…`);
  try {
    const input = await collectReview(
      url
        ? {
            target: url,
            transport: "http",
            factory: httpTransport(url, { headers }),
            key: eraKeyForUrl(url),
            timeoutMs,
            onStep,
          }
        : {
            target: stdio!,
            transport: "stdio",
            factory: stdioTransport(stdio!, { onStderr: (t) => stderrLines.push(t) }),
            key: eraKeyForCommand(stdio!),
            timeoutMs,
            onStep,
          },
    );
    const report = buildReport(input);
    return {
      code: report.counts.fail > 0 ? 1 : 0,
      stdout: json
        ? JSON.stringify(report, null, 2)
        : markdown
          ? formatReportMarkdown(report)
          : formatReport(report, "", { color: io.color && !json && !markdown }),
      stderr: "",
      report,
    };
  } catch (e) {
    const why =
      e instanceof HostConnectError ? e.message : e instanceof Error ? e.message : String(e);
    const tail = stderrLines.join("").trim().split("\n").slice(-5).join("\n");
    return {
      code: 2,
      stdout: "",
      stderr: `Could not review ${url ?? stdio}: ${why}${tail ? `\nserver stderr:\n${tail}` : ""}`,
    };
  }
}
