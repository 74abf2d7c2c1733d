// npm run review -- <url> [--header "Name: value"]... [--json]
// npm run review -- --stdio "<command>" [--json]
// Connects as a dual-era MCP Apps host, reviews the server against the academy's checklist and
// prints the report. Exit 1 when an item fails (for CI), 2 for bad usage or an unreachable server.
import { runReviewCli } from "../lib/review/cli";

const result = await runReviewCli(process.argv.slice(2));
if (result.stdout) console.log(result.stdout);
if (result.stderr) console.error(result.stderr);
process.exit(result.code);
