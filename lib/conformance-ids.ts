/**
 * The conformance server's tool names and view URI, named once so view, server, tests and the
 * simulator's scenario schema agree. They sit in the base, below both: the simulator checks a
 * conformance scenario against them without importing the conformance kit (and loads no probes).
 */
export const TOOLS = {
  run: "conformance_run",
  ping: "conformance_ping",
  modelOnly: "conformance_model_only",
  report: "conformance_report",
  /** A second UI tool whose view declares no csp: it checks the restrictive default (CSP-4). */
  defaultCsp: "conformance_run_default_csp",
} as const;
export const VIEW_URI = "ui://conformance/probe-view.html";
