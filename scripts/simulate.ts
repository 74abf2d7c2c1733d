// npm run simulate -- <scenario.json> [--port N]
// Runs one scenario headlessly (real server and host, in-memory transports) and prints the
// decision rows, outcome and trace as JSON. Exit 2 for a malformed scenario, naming file and field.
import { readFileSync } from "node:fs";
import { runHeadless } from "../lib/simulator/run";
import { parseScenario, resolvePorts, ScenarioError } from "../lib/simulator/scenario";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
const portFlag = args.indexOf("--port");
const port = portFlag >= 0 ? Number(args[portFlag + 1]) : 3000;
if (!file) {
  console.error("usage: npm run simulate -- <scenario.json> [--port N]");
  process.exit(2);
}

let text: string;
try {
  text = readFileSync(file, "utf8");
} catch (error) {
  console.error(`${file}: ${(error as Error).message}`);
  process.exit(2);
}

try {
  const scenario = resolvePorts(parseScenario(text, file), port);
  const r = await runHeadless(scenario);
  const out = {
    scenario: scenario.id,
    outcome: r.outcome,
    reason: r.reason ?? null,
    appCall: r.appCall ?? null,
    rows: r.decision.rows.map(({ row, verdict, ruleIds, reason }) => ({
      row,
      verdict,
      ruleIds,
      reason,
    })),
    cspHeader: r.decision.csp?.header ?? null,
    allow: r.decision.permissions?.allow ?? null,
    agentTools: r.agentTools,
    trace: r.trace,
  };
  console.log(JSON.stringify(out, null, 2));
} catch (error) {
  if (error instanceof ScenarioError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
