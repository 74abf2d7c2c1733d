/**
 * Teardown (BRG-3, Apps 2026-01-26 lines 1201-1202), the one probe a view cannot report itself: it
 * ends with its frame. So the view sends beacons to the conformance server's own declared origin
 * (navigator.sendBeacon): one when ui/resource-teardown arrives, one as it answers, and one on
 * pagehide if its frame goes first. The server judges the two rows from them and amends the run's
 * report. A beacon proves only what it says: a pagehide beacon shows the frame went away before
 * teardown reached the view, not whether the host sent it too late or never.
 */
import type { CatalogueId } from "./catalogue";
import { row } from "./row";
import type { Observation, ProbeResult } from "./types";

/** How long into teardown the view waits before it answers (its second beacon goes then). */
export const TEARDOWN_ANSWER_DELAY_MS = 300;

/** Each beacon the view sends (`?step=`), and the hit the server records for it. */
export const TEARDOWN_STEPS = {
  /** Sent during the automatic probes: can a beacon reach the server from this frame at all? */
  channel: "beacon-channel",
  received: "teardown-received",
  answering: "teardown-answering",
  /** pagehide before any ui/resource-teardown arrived. */
  "gone-before-teardown": "teardown-gone-before",
  /** pagehide after teardown arrived, before the view could answer. */
  "gone-during-teardown": "teardown-gone-during",
} as const;
export type TeardownStep = keyof typeof TEARDOWN_STEPS;

export const isTeardownStep = (step: string | null): step is TeardownStep =>
  step !== null && Object.hasOwn(TEARDOWN_STEPS, step);

/** The rows the server judges after the view has gone, from its beacons. */
export const SERVER_JUDGED: ReadonlySet<CatalogueId> = new Set([
  "lifecycle/teardown-notify",
  "lifecycle/teardown-await",
]);

/** The beacon URL for one step of one run, on the server's declared probe origin. */
export const teardownBeaconUrl = (origin: string, run: string, step: TeardownStep) =>
  `${origin}/probe/teardown?run=${encodeURIComponent(run)}&step=${step}`;

const NOTIFY_RULES = ["BRG-3", "SBX-5"];
const AWAIT_RULES = ["BRG-3"];

/** Why the server can, or cannot, hear how this view ends: from the test beacon of the run. */
function channel(o: Observation): { heard: boolean; why: string } {
  const b = o.beacon;
  if (!b)
    return {
      heard: false,
      why: "the view could not send a beacon here (no probe origin, or no browser), so how it ends cannot be heard",
    };
  if (b.violations.length)
    return {
      heard: false,
      why: `the host's CSP blocked the view's beacon to ${new URL(b.url).origin} (${b.violations.join(", ")} violation), so the server cannot hear how the view ends and this row cannot be judged on this host`,
    };
  if (!b.queued)
    return {
      heard: false,
      why: "the browser would not queue the view's beacon (navigator.sendBeacon returned false), so how it ends cannot be heard",
    };
  if (o.server && !o.server.hits.includes(TEARDOWN_STEPS.channel))
    return {
      heard: false,
      why: "the view's test beacon never reached the server and no CSP violation was reported (a proxy or the network dropped it), so how it ends cannot be heard",
    };
  return {
    heard: true,
    why: "judged by the server when the view ends: a beacon when ui/resource-teardown arrives, one as the view answers, and one on pagehide if its frame goes first; the server amends this row in the report it prints and serves",
  };
}

/** The two teardown rows as the view reports them: not yet judged, saying whether they can be. */
export function teardownPending(o: Observation): ProbeResult[] {
  const { why } = channel(o);
  return [
    row("lifecycle/teardown-notify", "NOT OBSERVABLE", why, NOTIFY_RULES),
    row("lifecycle/teardown-await", "NOT OBSERVABLE", why, AWAIT_RULES),
  ];
}

/**
 * The teardown rows as the server judges them from a run's hits. `final` once it stops waiting
 * (the answering beacon's time is up, or the one-run CLI is done): then silence is said too,
 * where the test beacon showed it would have been heard.
 */
export function judgeTeardown(hits: readonly string[], final: boolean): ProbeResult[] {
  const has = (step: TeardownStep) => hits.includes(TEARDOWN_STEPS[step]);
  const received = has("received");
  const goneBefore = !received && has("gone-before-teardown");
  const silent = final && has("channel") && !received && !goneBefore;
  const silence =
    "the test beacon reached the server, but no teardown beacon came before it stopped waiting: the view was still in place (or the browser dropped the beacons)";
  const rows: ProbeResult[] = [];
  if (received)
    rows.push(
      row(
        "lifecycle/teardown-notify",
        "PASS",
        "seen by the server: the view received ui/resource-teardown and said so before answering",
        NOTIFY_RULES,
      ),
    );
  else if (goneBefore)
    rows.push(
      row(
        "lifecycle/teardown-notify",
        "FAIL",
        "seen by the server: the view's frame went away before ui/resource-teardown reached it (its pagehide beacon came, no teardown beacon did). This shows the view was not told before it was removed; it cannot tell a host that never sent teardown from one that sent it as, or after, it removed the frame (Apps 2026-01-26 line 1201)",
        NOTIFY_RULES,
      ),
    );
  else if (silent)
    rows.push(row("lifecycle/teardown-notify", "NOT OBSERVABLE", silence, NOTIFY_RULES));

  if (has("answering"))
    rows.push(
      row(
        "lifecycle/teardown-await",
        "PASS",
        `seen by the server: the view was still in place ${TEARDOWN_ANSWER_DELAY_MS} ms into teardown, when it sent its answer`,
        AWAIT_RULES,
      ),
    );
  else if (received && (has("gone-during-teardown") || final))
    rows.push(
      row(
        "lifecycle/teardown-await",
        "FAIL",
        `seen by the server: the view received ui/resource-teardown but ${has("gone-during-teardown") ? "its frame went away (pagehide)" : "was gone"} before it could answer ${TEARDOWN_ANSWER_DELAY_MS} ms later`,
        AWAIT_RULES,
      ),
    );
  else if (goneBefore)
    rows.push(
      row(
        "lifecycle/teardown-await",
        "NOT OBSERVABLE",
        "no ui/resource-teardown reached the view, so there was no answer to wait for (see teardown-notify)",
        AWAIT_RULES,
      ),
    );
  else if (silent)
    rows.push(row("lifecycle/teardown-await", "NOT OBSERVABLE", silence, AWAIT_RULES));
  return rows;
}
