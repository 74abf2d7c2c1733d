// The display probes: the modes a view may ask for (BRG-6) and the sizes it asks the host to
// follow (BRG-7).
import { row as r } from "./row";
import type { Observation, ProbeResult } from "./types";

export function displayModeProbes(o: Observation): ProbeResult[] {
  const d = o.displayMode;
  const ids = [
    "display-mode/no-undeclared-mode",
    "display-mode/return-resulting-mode",
    "host-context/context-changed",
  ] as const;
  if (!d || "skipped" in d)
    return ids.map((id) =>
      r(id, "NOT OBSERVABLE", d?.skipped ?? "the display-mode probe did not run", ["BRG-6"]),
    );
  const modes = [
    o.init?.ok ? o.init.hostContext?.displayMode : undefined,
    ...o.inbound.map((m) => m.displayMode),
  ].filter((m): m is string => typeof m === "string");
  const outside = modes.filter((m) => !d.viewModes.includes(m));
  const answer = (d.answer as { mode?: unknown } | undefined)?.mode;
  const changes = o.inbound.filter(
    (m) => m.method === "ui/notifications/host-context-changed" && m.displayMode,
  );
  const out: ProbeResult[] = [
    r(
      ids[0],
      outside.length || (typeof answer === "string" && !d.viewModes.includes(answer))
        ? "FAIL"
        : "PASS",
      `modes the host put the view in: ${modes.join(" → ") || "none reported"}${typeof answer === "string" ? `; answer ${answer}` : ""}; the view declared ${d.viewModes.join(", ")}`,
      ["BRG-6"],
    ),
  ];
  if (d.error || typeof answer !== "string")
    out.push(
      r(
        ids[1],
        "FAIL",
        `ui/request-display-mode ${d.requested}: ${d.error ?? `answer without a mode: ${JSON.stringify(d.answer)}`}`,
        ["BRG-6"],
      ),
    );
  else if (d.modeAfter !== undefined && d.modeAfter !== answer)
    out.push(
      r(ids[1], "FAIL", `answered ${answer}, but the host context then said ${d.modeAfter}`, [
        "BRG-6",
      ]),
    );
  else
    out.push(
      r(
        ids[1],
        "PASS",
        `asked for ${d.requested} (listed by the host: ${d.hostModes.join(", ")}), answered ${answer}, and the context agrees`,
        ["BRG-6"],
      ),
    );
  out.push(
    changes.length
      ? r(
          ids[2],
          "PASS",
          `host-context-changed told the view its display mode: ${changes.map((m) => m.displayMode).join(" → ")}`,
          ["BRG-3", "BRG-6"],
        )
      : r(
          ids[2],
          "NOT OBSERVABLE",
          answer === d.requested
            ? "the mode changed but no host-context-changed said so (a MAY)"
            : "the mode did not change",
          ["BRG-3", "BRG-6"],
        ),
  );
  return out;
}

/** Within the 2 px a frame's border or rounding may take. */
const near = (observed: number | undefined, requested: number) =>
  observed !== undefined && Math.abs(observed - requested) <= 2;

/**
 * The spec's words on a flexible width, quoted by the width row (Apps 2026-01-26, by line): a host
 * that keeps a requested width as a minimum (basic-host does, on purpose) is measured against them.
 */
export const SPEC_WIDTH_WORDING = {
  566: "Otherwise, container width is determined by the View's width, up to this maximum width (if defined)",
  718: "When using flexible dimensions (no fixed `height` or `width`), hosts MUST listen for `ui/notifications/size-changed` notifications from the View and update the iframe dimensions accordingly",
} as const;
const widthQuote = Object.entries(SPEC_WIDTH_WORDING)
  .reverse()
  .map(([line, words]) => `Apps 2026-01-26 line ${line}: “${words}”`)
  .join("; ");

/** BRG-7, one row per dimension: each operates independently (Apps 2026-01-26 line 673). */
export function sizeProbes(o: Observation): ProbeResult[] {
  const id = "dimensions/listen-size-changed";
  const s = o.size;
  const both = (why: string) => [
    r(id, "NOT OBSERVABLE", why, ["BRG-7"], { probe: "height" }),
    r(id, "NOT OBSERVABLE", why, ["BRG-7"], { probe: "width" }),
  ];
  if (!s) return both("the size probe did not run");
  if ("skipped" in s) return both(s.skipped);
  const height = r(
    id,
    near(s.observedHeight, s.requestedHeight) ? "PASS" : "FAIL",
    `sent size-changed with height ${s.requestedHeight}; the view's viewport became ${s.observedHeight ?? "unchanged"} px within ${s.waitedMs} ms`,
    ["BRG-7"],
    { probe: "height" },
  );
  // A fixed width is the host's to keep: not asked, so nothing to judge.
  const width =
    s.requestedWidth === undefined
      ? r(
          id,
          "NOT OBSERVABLE",
          `width not asked: ${s.widthSkipped ?? "no reason given"}`,
          ["BRG-7"],
          {
            probe: "width",
          },
        )
      : near(s.observedWidth, s.requestedWidth)
        ? r(
            id,
            "PASS",
            `sent size-changed with width ${s.requestedWidth}; the view's viewport became ${s.observedWidth} px within ${s.waitedMs} ms`,
            ["BRG-7"],
            { probe: "width" },
          )
        : r(
            id,
            "FAIL",
            `sent size-changed with width ${s.requestedWidth} (narrower than before, inside any container); the view's viewport stayed ${s.observedWidth ?? "unchanged"} px after ${s.waitedMs} ms, as if the width were a minimum. ${widthQuote}`,
            ["BRG-7"],
            { probe: "width" },
          );
  return [height, width];
}
