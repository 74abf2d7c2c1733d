// tsx scripts/serve-scenario.ts <scenario.json> [--era modern|dual|legacy] [--http PORT] [--cors]
// Serves one scenario's main server (the simulator's own server factory) over stdio, or over
// Streamable HTTP on 127.0.0.1:PORT at /mcp, in the protocol era asked for (NEG-6): modern only,
// dual (both) or legacy only. For trying the review CLI and the /review page, and for their tests.
// --cors adds the CORS headers a browser page on another origin needs (any origin); without it
// the server sends none, as many servers do, and a browser cannot read its answers.
// Its UI resource is the view the simulator's browser runs render (the demo view, bundled from
// source, or the scenario's other view from public/sim-views/), so /review's Run shows a real
// view that completes its handshake, not a headless placeholder without a script. The demo view is
// told the tools its server has for it, and the server logs each call it decides on stderr.
import { readFileSync } from "node:fs";
import { parseScenario, resolvePorts } from "../lib/simulator/scenario";
import { createServerFactory } from "../lib/simulator/server";
import { readServeArgs, serveMcpHttp, serveMcpStdio } from "./serve-mcp";
import { viewDocumentsFor, withCompanionTools } from "./view-documents";

const USAGE = `usage: tsx scripts/serve-scenario.ts <scenario.json> [--era modern|dual|legacy] [--http PORT] [--cors]

Serves the scenario's main server, with its real view, over stdio or Streamable HTTP.
  --era     modern (default), dual (both eras) or legacy
  --http    serve http://127.0.0.1:PORT/mcp instead of stdio
  --cors    send the CORS headers a browser page on another origin needs (for /review)
Example: tsx scripts/serve-scenario.ts content/scenarios/happy-path.json --http 3001 --cors`;

const { args, era, port, fail } = readServeArgs(USAGE, "modern");
const cors = args.includes("--cors");
const file =
  args.find((a, i) => !a.startsWith("--") && !["--era", "--http"].includes(args[i - 1] ?? "")) ??
  fail();
const scenario = resolvePorts(parseScenario(readFileSync(file, "utf8"), file), port ?? 3000);
let views;
try {
  views = await viewDocumentsFor(scenario.resource.view);
} catch (e) {
  console.error(`serve-scenario: ${(e as Error).message}`);
  process.exit(2);
}
// The demo view offers the tools its own server has for it (a person on /review has no agent to
// pass the simulator's toolsToTry), and every call that reaches this server is logged on stderr.
if (scenario.resource.view === "demo")
  views.demo = withCompanionTools(
    views.demo,
    scenario.otherTools.filter((t) => t.server === "main").map((t) => t.name),
  );
const factory = createServerFactory(scenario, "main", views, (e) =>
  console.error(`${e.server}: ${e.note}`),
);

if (!port) {
  await serveMcpStdio(factory, era);
} else {
  await serveMcpHttp({ factory, era, port: Number(port), cors });
  console.error(`serving ${file} (${era}${cors ? ", CORS" : ""}) on http://127.0.0.1:${port}/mcp`);
}
