// The handshake's probes: ui/initialize's answer, and the order of everything the view received.
import { row as r } from "./row";
import type { InboundRecord, Observation, ProbeResult } from "./types";

const TOOL_INPUT = "ui/notifications/tool-input";
const TOOL_INPUT_PARTIAL = "ui/notifications/tool-input-partial";
const TOOL_RESULT = "ui/notifications/tool-result";

const describe = (m: InboundRecord) =>
  `#${m.seq} ${m.kind}${m.method ? ` ${m.method}` : ""}${m.answers ? ` (answer to ${m.answers})` : ""} at ${Math.round(m.at)} ms`;

/** Evidence for the order probes: every message the view received, in order. */
export function orderProbes(o: Observation): ProbeResult[] {
  const early = o.inbound.filter(
    (m) => m.beforeInitialized && !(m.kind === "response" && m.answers === "ui/initialize"),
  );
  const all = o.inbound.map(describe).join("; ") || "nothing received";
  const out: ProbeResult[] = [];
  out.push(
    early.length
      ? r(
          "sandbox/no-messages-before-initialized",
          "FAIL",
          `${early.length} message(s) arrived before the view sent initialized: ${early.map(describe).join("; ")}`,
          ["SBX-5"],
        )
      : r(
          "sandbox/no-messages-before-initialized",
          "PASS",
          `nothing but the answer to ui/initialize arrived before initialized; everything received: ${all}`,
          ["SBX-5"],
        ),
  );

  const inputs = o.inbound.filter((m) => m.method === TOOL_INPUT);
  const results = o.inbound.filter((m) => m.method === TOOL_RESULT);
  const firstResult = results[0];
  const inputProblems: string[] = [];
  if (inputs.length === 0) inputProblems.push("no tool-input arrived");
  if (inputs.length > 1) inputProblems.push(`${inputs.length} tool-input notifications arrived`);
  if (inputs.some((m) => m.beforeInitialized))
    inputProblems.push("tool-input came before initialized");
  if (inputs[0] && firstResult && firstResult.seq < inputs[0].seq)
    inputProblems.push("tool-result came before tool-input");
  out.push(
    r(
      "lifecycle/tool-input",
      inputProblems.length ? "FAIL" : "PASS",
      inputProblems.length
        ? inputProblems.join("; ")
        : `one tool-input (${describe(inputs[0]!)}), after initialized and before tool-result`,
      ["BRG-3"],
    ),
  );

  const resultProblems: string[] = [];
  if (!firstResult) resultProblems.push("no tool-result arrived");
  if (results.some((m) => m.beforeInitialized))
    resultProblems.push("tool-result came before initialized");
  if (firstResult && o.server && o.resultRun !== undefined && !o.server.runIssued)
    resultProblems.push(`the result's run ${o.resultRun} is not one the server issued`);
  out.push(
    r(
      "lifecycle/tool-result",
      resultProblems.length ? "FAIL" : "PASS",
      resultProblems.length
        ? resultProblems.join("; ")
        : `tool-result ${describe(firstResult!)}${o.resultRun ? `, carrying run ${o.resultRun}, which the server issued` : ""}`,
      ["BRG-3"],
    ),
  );

  const partials = o.inbound.filter((m) => m.method === TOOL_INPUT_PARTIAL);
  const late = inputs[0] ? partials.filter((m) => m.seq > inputs[0]!.seq) : [];
  out.push(
    late.length
      ? r(
          "lifecycle/tool-input-partial-stop",
          "FAIL",
          `${late.length} tool-input-partial after tool-input: ${late.map(describe).join("; ")}`,
          ["BRG-3"],
        )
      : inputs[0]
        ? r(
            "lifecycle/tool-input-partial-stop",
            "PASS",
            `${partials.length} tool-input-partial before tool-input, none after`,
            ["BRG-3"],
          )
        : r("lifecycle/tool-input-partial-stop", "NOT OBSERVABLE", "no tool-input arrived", [
            "BRG-3",
          ]),
  );
  return out;
}

export function initProbe(o: Observation): ProbeResult {
  const id = "host-context/initialize-hostcontext";
  if (!o.init) return r(id, "FAIL", "ui/initialize was never answered", ["BRG-2"]);
  if (!o.init.ok) return r(id, "FAIL", `ui/initialize failed: ${o.init.error}`, ["BRG-2"]);
  const ctx = o.init.hostContext;
  const caps = Object.keys(o.init.hostCapabilities ?? {});
  const fields = ctx ? Object.keys(ctx) : [];
  const evidence = `protocolVersion ${JSON.stringify(o.init.protocolVersion)}; hostCapabilities {${caps.join(", ")}}; hostContext {${fields.join(", ")}}${ctx?.theme ? `; theme ${JSON.stringify(ctx.theme)}` : ""}${ctx?.displayMode ? `; displayMode ${JSON.stringify(ctx.displayMode)}` : ""}`;
  const bad = typeof o.init.protocolVersion !== "string" || !ctx || fields.length === 0;
  return r(id, bad ? "FAIL" : "PASS", bad ? `incomplete answer: ${evidence}` : evidence, ["BRG-2"]);
}
