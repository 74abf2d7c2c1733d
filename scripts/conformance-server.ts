// npm run conformance-server -- --stdio | --http PORT [--era dual|modern|legacy] [--negative-control csp]
// The MCP Apps host conformance server (issue 20): load it in any host that connects to a stdio or
// Streamable HTTP MCP server, call `conformance_run`, and its view tests that host. Every report a
// view sends is printed on stderr as JSON and Markdown (stdout is the stdio transport's) and kept
// as the resource conformance://report/latest.
//
// The CSP probe needs two origins this process serves: two small listeners on ephemeral
// 127.0.0.1 ports (in both modes), the view's resource declaring the first only. The browser
// running the host must be on this machine to reach them.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { answerProbe, type ProbeRole } from "../lib/conformance/probe-endpoints";
import { reportMarkdown } from "../lib/conformance/report";
import {
  ConformanceState,
  createConformanceServerFactory,
  type NegativeControl,
} from "../lib/conformance/server";
import { readServeArgs, serveMcpHttp, serveMcpStdio } from "./serve-mcp";
import { bundleConformanceView } from "./view-documents";

const USAGE = `usage: npm run conformance-server -- (--stdio | --http PORT) [--era dual|modern|legacy] [--negative-control csp]

Serves the MCP Apps host conformance server: its UI tool conformance_run shows a view that tests
the host rendering it (PASS / FAIL / NOT OBSERVABLE per requirement of the catalogue).
  --stdio             serve over stdio (for hosts that start servers themselves)
  --http PORT         serve http://127.0.0.1:PORT/mcp with CORS for browser hosts such as /review
  --era               dual (default: both protocol eras), modern or legacy
  --negative-control  csp: add a second UI tool, conformance_run_csp_control, whose view also
                      declares the origin the CSP probe expects blocked: on a host that honours
                      declared origins its CSP block rows must FAIL (they can fail); on a host
                      that blocks declared origins as well it proves nothing, and says so
Reports are printed on stderr as JSON and Markdown, and kept as conformance://report/latest.`;

const { args, flag, era, port, fail } = readServeArgs(USAGE, "dual");
const control = flag("--negative-control");
if (
  (!port && !args.includes("--stdio")) ||
  (port !== undefined && !/^\d+$/.test(port)) ||
  (control !== undefined && control !== "csp")
) {
  fail();
}

const state = new ConformanceState();
state.onReport((report) => {
  console.error(JSON.stringify({ conformanceReport: report }));
  console.error(reportMarkdown(report));
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
const described = `${era} era; CSP probe: declared ${origins.declared}, undeclared ${origins.undeclared}${control ? `; negative control ${control}: conformance_run_csp_control's CSP block rows must FAIL on a host that honours declared origins` : ""}`;

if (!port) {
  await serveMcpStdio(factory, era);
  console.error(`conformance server on stdio (${described})`);
} else {
  try {
    await serveMcpHttp({ factory, era, port: Number(port), cors: true });
  } catch (e) {
    console.error(
      `conformance-server: cannot listen on 127.0.0.1:${port}: ${(e as Error).message}`,
    );
    process.exit(2);
  }
  console.error(`conformance server listening on http://127.0.0.1:${port}/mcp (${described})`);
}
