// npm run simulate -- <scenario.json> [--port N] [--quiet]
// Runs one scenario headlessly (real server and host, in-memory transports) and prints, as JSON,
// the decision rows in the host's evaluation order (numbered), the outcome, the tool result the
// agent got, the CSP header (null when none is served) and the trace. --quiet prints one line
// per row and the outcome. Exit 2 for a malformed scenario, naming file and every bad field.
// First: with --help it prints the usage and exits before anything else loads.
import "./usage";
import { readFileSync } from "node:fs";
import { headlessReport, quietReport } from "../lib/simulator/report";
import { runHeadless } from "../lib/simulator/run";
import { conformanceMainServer } from "../lib/conformance/main-server";
import { parseScenario, resolvePorts, ScenarioError } from "../lib/simulator/scenario";

const args = process.argv.slice(2);
const portFlag = args.indexOf("--port");
const port = portFlag >= 0 ? Number(args[portFlag + 1]) : 3000;
const quiet = args.includes("--quiet");
const file = args.find((a, i) => !a.startsWith("--") && !(portFlag >= 0 && i === portFlag + 1));
if (!file) {
  console.error("usage: npm run simulate -- <scenario.json> [--port N] [--quiet]");
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
  const r = await runHeadless(scenario, { mainServer: conformanceMainServer(scenario) });
  console.log(quiet ? quietReport(r) : JSON.stringify(headlessReport(r), null, 2));
} catch (error) {
  if (error instanceof ScenarioError) {
    // One line per bad field, each starting with the file.
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
