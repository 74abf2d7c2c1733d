// The calls' probes: the view's calls to an app-only and a model-only tool, the tool input and
// result it was sent, and the resources/read its document came from (RES-1).
import { TOOLS, VIEW_URI } from "../conformance-ids";
import { row as r } from "./row";
import type { Observation, ProbeResult } from "./types";

export function callProbes(o: Observation): ProbeResult[] {
  const out: ProbeResult[] = [];
  const server = o.server;
  const modelSeen = server?.toolCalls.includes(TOOLS.modelOnly) ?? false;
  if (!o.modelOnlyCall)
    out.push(
      r("visibility/app-tool-call-guard", "NOT OBSERVABLE", "the call was not tried", [
        "TOOL-4",
        "BRG-5",
      ]),
    );
  else if (modelSeen || !o.modelOnlyCall.refused)
    out.push(
      r(
        "visibility/app-tool-call-guard",
        "FAIL",
        `the view's call to the model-only ${TOOLS.modelOnly} ${modelSeen ? "reached the server" : "was answered as a success"}: ${o.modelOnlyCall.detail}`,
        ["TOOL-4", "BRG-5"],
      ),
    );
  else
    out.push(
      r(
        "visibility/app-tool-call-guard",
        server ? "PASS" : "NOT OBSERVABLE",
        `the host refused the view's call to the model-only ${TOOLS.modelOnly} (${o.modelOnlyCall.detail})${server ? "; the server never saw it" : "; the server could not be asked"}`,
        ["TOOL-4", "BRG-5"],
      ),
    );
  const pingSeen = server?.toolCalls.includes(TOOLS.ping) ?? false;
  out.push(
    pingSeen
      ? r(
          "transport/server-passthrough",
          "PASS",
          `the view's tools/call ${TOOLS.ping} (app-only) reached the server, which saw: ${server!.toolCalls.join(", ")}`,
          ["SBX-6", "BRG-5"],
        )
      : o.appOnlyCall?.ok
        ? r(
            "transport/server-passthrough",
            "FAIL",
            `the host answered the view's ${TOOLS.ping} as a success, but the server never saw the call`,
            ["SBX-6", "BRG-5"],
          )
        : r(
            "transport/server-passthrough",
            "NOT OBSERVABLE",
            `${TOOLS.ping} was refused (${o.appOnlyCall?.detail ?? "not tried"}); a person may have said no, which a host may ask`,
            ["SBX-6", "BRG-5"],
          ),
  );
  out.push(readProbe(o));
  return out;
}

/**
 * RES-1, scoped to this document: the view names the read it came from (its settings), and the
 * server says whether it served that read, of which URI, and which run showed it first. Another
 * host's read never counts, and a cached copy (a MAY, line 392) is said as such.
 */
function readProbe(o: Observation): ProbeResult {
  const id = "resource/read-referenced";
  const uri = o.viewUri ?? VIEW_URI;
  const read = o.server?.read;
  if (!o.server) return r(id, "NOT OBSERVABLE", "the server could not be asked", ["RES-1"]);
  if (!o.readId || !read)
    return r(
      id,
      "NOT OBSERVABLE",
      "the view's document names no read of this server, so no read can be tied to this run",
      ["RES-1"],
    );
  if (!read.served)
    return r(
      id,
      "FAIL",
      `the view's document names read ${o.readId}, which this server never served: the host showed a document it did not get from resources/read here`,
      ["RES-1"],
    );
  if (read.uri !== uri)
    return r(id, "FAIL", `read ${o.readId} was of ${read.uri}, not of ${uri}`, ["RES-1"]);
  const cached =
    read.firstRun && o.resultRun && read.firstRun !== o.resultRun
      ? `; first shown by run ${read.firstRun}: a cached copy, which a host MAY keep (Apps 2026-01-26 line 392)`
      : "";
  return r(
    id,
    "PASS",
    `the server answered resources/read for ${uri} with this very document (read ${o.readId})${cached}`,
    ["RES-1"],
  );
}
