// npm run review -- <url> [--header "Name: value"]... [--json]
// npm run review -- --stdio "<command>" [--json]
// Connects as a dual-era MCP Apps host, reviews the server against the academy's checklist and
// prints the report. Exit 1 when an item fails (for CI), 2 for bad usage or an unreachable server.
import { runReviewCli } from "../lib/review/cli";

// Progress goes to stderr while the review runs (stdout stays the report, for pipes); colour only
// on a terminal, and never with NO_COLOR set (https://no-color.org).
const tty = process.stderr.isTTY;
const result = await runReviewCli(process.argv.slice(2), {
  progress: (line) => process.stderr.write(tty ? `\u001b[2m${line}\u001b[0m\n` : `${line}\n`),
  color: !!process.stdout.isTTY && !process.env.NO_COLOR,
});
if (result.stdout) console.log(result.stdout);
if (result.stderr) console.error(result.stderr);
process.exit(result.code);
