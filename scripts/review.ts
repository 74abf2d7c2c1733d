// npm run review -- <url> [--header "Name: value"]... [--json] [--timeout ms] [--base-url url]
// npm run review -- --stdio "<command>" [--json] [--timeout ms] [--base-url url]
// either form + [--hosts]: "Works in", each UI tool's predicted outcome in each host profile
// Connects as a dual-era MCP Apps host, reviews the server against the academy's checklist and
// prints the report. Exit 1 when an item fails (for CI), 2 for bad usage or an unreachable server,
// 130 when interrupted (Ctrl-C), 143 on SIGTERM, 129 on SIGHUP; a stdio server and its process
// group are ended in every case.
import { simulatorHostProfiles } from "../lib/content/host-profiles";
import { runReviewCli, STOP_SIGNALS, terminalStyle } from "../lib/review/cli";
import { worksInHosts } from "../lib/review/works-in-hosts";

// Ctrl-C (or a CI runner's SIGTERM) stops the review, which ends the server's processes before it
// returns, and says which signal it was; a second one leaves at once (each server's group wrapper
// still ends its group when this process's pipes close).
const interrupt = new AbortController();
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (interrupt.signal.aborted) process.exit(STOP_SIGNALS[signal].code);
    interrupt.abort(signal);
  });
}

// Progress goes to stderr while the review runs (stdout stays the report, for pipes); colour only
// on a terminal, and never with NO_COLOR set (https://no-color.org).
const style = terminalStyle({
  stdoutTty: !!process.stdout.isTTY,
  stderrTty: !!process.stderr.isTTY,
  env: process.env,
});
const result = await runReviewCli(process.argv.slice(2), {
  progress: (line) =>
    process.stderr.write(style.dimProgress ? `\u001b[2m${line}\u001b[0m\n` : `${line}\n`),
  color: style.color,
  signal: interrupt.signal,
  // Loaded only for --render: it brings Playwright.
  render: (request) => import("./render-views").then((m) => m.renderViews(request)),
  // The reference and every host profile, as the simulator offers them.
  hosts: async () =>
    worksInHosts(await simulatorHostProfiles(new Date().toISOString().slice(0, 10))),
});
if (result.stdout) console.log(result.stdout);
if (result.stderr) console.error(result.stderr);
process.exit(result.code);
