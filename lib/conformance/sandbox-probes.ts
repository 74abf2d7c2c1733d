// The sandbox's probes: the view's document is the server's HTML unmodified (SBX-3), its origin is
// not the host page's (SBX-2), and the proxy forwards messages both ways (SBX-4).
import { row as r } from "./row";
import type { Observation, ProbeResult } from "./types";

/**
 * Line 477 (SBX-3): the document the view was parsed from against the HTML this server served for
 * its read (document.ts). It proves the HTML arrived unmodified, not how it travelled.
 */
export function documentProbe(o: Observation): ProbeResult {
  const id = "security/sandbox-resource-ready";
  const d = o.document;
  if (!d)
    return r(
      id,
      "NOT OBSERVABLE",
      o.documentUnseen ??
        (!o.readId
          ? "the view's document names no read of this server, so there is nothing to compare it with"
          : o.server?.read && !o.server.read.served
            ? "the server never served the read this document names (see resource/read-referenced)"
            : "the document was not compared (no browser to serialise it, or the server was not asked)"),
      ["SBX-3"],
    );
  if (d.same)
    return r(
      id,
      "PASS",
      `the document the view was parsed from is the HTML this server served for read ${o.readId}, node for node (${d.length} characters of its serialisation: up to the view's own script as it started, and all that followed the script once parsing ended): the host passed the server's HTML unmodified. How it travelled (in sandbox-resource-ready, or from a URL) cannot be seen`,
      ["SBX-3"],
    );
  return r(
    id,
    "FAIL",
    `the document the view was parsed from is not the HTML this server served for read ${o.readId}: they differ at character ${d.at} of ${d.length}; served “${d.served}”, loaded “${d.loaded}”. The host modified the server's HTML before loading it (Apps 2026-01-26 line 477: the raw HTML)`,
    ["SBX-3"],
  );
}

/** An origin as a page reports it; "null" (opaque) names no origin to compare. */
const known = (origin: string | undefined) => (origin && origin !== "null" ? origin : undefined);

/**
 * SBX-2 from inside: the view's `self.origin` (its realm's origin; `location.origin` of a document
 * the proxy wrote says "null"), the origins of the frames around it (the proxy's first, the host
 * page's last, where the browser lists them) and whether the host page's document can be read.
 */
function distinctOriginProbe(o: Observation): ProbeResult {
  const id = "security/sandbox-distinct-origin";
  const t = o.top;
  if (!t) return r(id, "NOT OBSERVABLE", "not tried", ["SBX-2"]);
  const ancestors = t.ancestorOrigins ?? [];
  const hostOrigin = known(ancestors.at(-1));
  const proxyOrigin = known(ancestors[0]);
  const self = known(t.selfOrigin);
  const facts = [
    `self.origin ${t.selfOrigin ?? "not read"}`,
    ...(ancestors.length
      ? [`frames around it (innermost first): ${ancestors.join(", ")}`]
      : ["the browser lists no ancestor origins"]),
    t.detail,
  ].join("; ");
  const sameAsHost =
    hostOrigin !== undefined &&
    ((self !== undefined && self === hostOrigin) ||
      (ancestors.length > 1 && proxyOrigin === hostOrigin));
  if (t.reachable || sameAsHost)
    return r(id, "FAIL", `the view shares the host page's origin: ${facts}`, ["SBX-2"]);
  return r(id, "PASS", facts, ["SBX-2"]);
}

export function isolationProbes(o: Observation): ProbeResult[] {
  const forwarded = o.inbound.filter((m) => m.kind === "response").length;
  return [
    distinctOriginProbe(o),
    r(
      "security/sandbox-message-forwarding",
      o.init?.ok && forwarded > 0 ? "PASS" : "FAIL",
      `${forwarded} answer(s) to the view's requests and ${o.inbound.length - forwarded} host message(s) came back through the proxy, including ui/initialize's answer`,
      ["SBX-4"],
    ),
  ];
}
