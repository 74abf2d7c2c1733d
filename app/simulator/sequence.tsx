"use client";

import type { RuleInfo } from "@/lib/rules/info";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import {
  arrowOf,
  describeEntry,
  entryJson,
  entryJsonPreview,
  PREVIEW_CHARS,
  LANE_LABELS,
  LANES,
  rulesOf,
  spanOf,
  type Lane,
} from "@/lib/simulator/explain";
import { rowWindow } from "@/lib/simulator/row-window";
import { statusTone } from "@/lib/simulator/caption";
import type { TraceEntry } from "@/lib/host/view/trace";
import { KEPT_STRING_CHARS } from "@/lib/host/view/kept-copy";
import { RuleLink, RunLabel, runAttributes, type RunTag } from "./panels";
import { messageCountLabel } from "./message-count";

const STATUS_FILTER = new Set(["rejected", "refused", "blocked"]);
/**
 * The sequence is windowed: only the rows on screen, OVERSCAN more on each side and at least
 * MIN_ROWS are in the DOM, so a long run (a flood keeps up to the trace's bound) neither freezes
 * the page nor grows it; spaces above and below stand in for the rest, so the list scrolls with
 * the page as if every row were there. Short runs are drawn whole.
 */
const OVERSCAN = 20;
const MIN_ROWS = 60;
/** The height assumed for a row never drawn yet (pixels); drawn rows are measured. */
const ROW_ESTIMATE = 44;

/**
 * The part of the list on screen, in pixels from the list's top: the page's viewport, clipped by
 * the list's own scrolling box when it has one (the wide workbench), else the list scrolls with
 * the page.
 */
function useListView(list: React.RefObject<HTMLElement | null>, onWidth: () => void) {
  const [view, setView] = useState({ top: 0, bottom: 2000 });
  const width = useRef(0);
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      const el = list.current;
      if (!el) return;
      if (el.clientWidth !== width.current) {
        width.current = el.clientWidth;
        onWidth();
      }
      const listTop = el.getBoundingClientRect().top;
      const box = scrollBoxOf(el)?.getBoundingClientRect();
      const clipTop = Math.max(0, box?.top ?? 0);
      const clipBottom = Math.max(clipTop, Math.min(window.innerHeight, box?.bottom ?? Infinity));
      const top = clipTop - listTop;
      const bottom = clipBottom - listTop;
      setView((v) =>
        Math.abs(v.top - top) < 1 && Math.abs(v.bottom - bottom) < 1 ? v : { top, bottom },
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    // Capture: a scroll of the list's own box does not bubble, but is seen on its way down.
    document.addEventListener("scroll", schedule, { passive: true, capture: true });
    window.addEventListener("resize", schedule);
    // Content above the list can grow or shrink without a scroll (a panel appears): follow it.
    const resized = new ResizeObserver(schedule);
    resized.observe(document.body);
    if (list.current) resized.observe(list.current);
    return () => {
      resized.disconnect();
      cancelAnimationFrame(frame);
      document.removeEventListener("scroll", schedule, { capture: true });
      window.removeEventListener("resize", schedule);
    };
  }, [list, onWidth]);
  return view;
}

/** The list's own scrolling box, when its layout gives it one. */
function scrollBoxOf(el: HTMLElement): HTMLElement | null {
  const box = el.closest<HTMLElement>(".sim-seq-scroll");
  if (!box) return null;
  const overflow = getComputedStyle(box).overflowY;
  return overflow === "auto" || overflow === "scroll" ? box : null;
}

/** A method name that may wrap after each "/" rather than in the middle of a word. */
function Breakable({ text }: { text: string }) {
  const parts = text.split("/");
  return (
    <>
      {parts.map((p, i) => (
        <span key={i}>
          {p}
          {i < parts.length - 1 ? (
            <>
              /<wbr />
            </>
          ) : null}
        </span>
      ))}
    </>
  );
}

/**
 * The message sequence: one row per message, drawn as an arrow from the sender's lane to the
 * receiver's, with filters, a step mode, each message's rules and its JSON.
 */
export function Sequence({
  trace,
  tag,
  ruleInfo,
}: {
  trace: TraceEntry[];
  tag: RunTag;
  ruleInfo: RuleInfo;
}) {
  const [stepping, setStepping] = useState(false);
  const [shown, setShown] = useState(1);
  const [selected, setSelected] = useState<TraceEntry | null>(null);
  const [lane, setLane] = useState<Lane | "">("");
  const [method, setMethod] = useState("");
  const [rejectedOnly, setRejectedOnly] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  /** Measured row heights by message seq; emptied when the list's width changes (rows rewrap). */
  const [heights, setHeights] = useState<ReadonlyMap<number, number>>(() => new Map());
  const clearHeights = useCallback(() => setHeights(new Map()), []);
  const view = useListView(listRef, clearHeights);
  const arrows = useMemo(() => new Map(trace.map((e) => [e.seq, arrowOf(e)])), [trace]);
  const methods = useMemo(
    () => [...new Set(trace.map((e) => e.method).filter((m): m is string => !!m))].sort(),
    [trace],
  );
  // Counts per channel over the whole run, rendered or not (long runs are shown in pages).
  const byChannel = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const e of trace) counts[e.channel] = (counts[e.channel] ?? 0) + 1;
    return JSON.stringify(counts);
  }, [trace]);
  const upTo = useMemo(() => (stepping ? trace.slice(0, shown) : trace), [trace, stepping, shown]);
  const filtered = useMemo(
    () =>
      upTo.filter((e) => {
        const a = arrows.get(e.seq)!;
        if (lane && a.from !== lane && a.to !== lane) return false;
        if (method && e.method !== method) return false;
        if (rejectedOnly && !STATUS_FILTER.has(e.status)) return false;
        return true;
      }),
    [upTo, arrows, lane, method, rejectedOnly],
  );
  const win = useMemo(() => {
    let sum = 0;
    for (const h of heights.values()) sum += h;
    const estimate = heights.size ? sum / heights.size : ROW_ESTIMATE;
    return rowWindow({
      heights: filtered.map((e) => heights.get(e.seq) ?? estimate),
      viewTop: view.top,
      viewBottom: view.bottom,
      overscan: OVERSCAN,
      minRows: MIN_ROWS,
    });
  }, [filtered, view, heights]);
  const visible = filtered.slice(win.start, win.end);
  // Measure the rows just drawn; heights that differ from those assumed re-window once.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const drawn = (Array.from(el.children) as HTMLElement[]).map(
      (li) => [Number(li.dataset.seq), li.getBoundingClientRect().height] as const,
    );
    setHeights((known) => {
      const changed = drawn.filter(([seq, h]) => Math.abs((known.get(seq) ?? -1) - h) > 0.5);
      if (!changed.length) return known;
      const next = new Map(known);
      for (const [seq, h] of changed) next.set(seq, h);
      return next;
    });
  }, [visible]);
  const last = upTo[upTo.length - 1];
  const filtering = !!(lane || method || rejectedOnly);
  return (
    <section
      aria-labelledby="sequence"
      className="sim-panel"
      id="sim-sequence"
      data-testid="sequence-panel"
      data-by-channel={byChannel}
      {...runAttributes(tag)}
    >
      <div className="sim-panel-head">
        <h2 id="sequence">Message sequence</h2>
        <RunLabel tag={tag} />
        <p className="muted sim-seq-count" aria-live="polite">
          {messageCountLabel(filtered.length, upTo.length, filtering)} Select a message for its
          JSON.
        </p>
      </div>
      <div className="sim-seq-controls">
        <label>
          Lane{" "}
          <select value={lane} onChange={(e) => setLane(e.target.value as Lane | "")}>
            <option value="">all lanes</option>
            {LANES.map((l) => (
              <option key={l} value={l}>
                {LANE_LABELS[l]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Method{" "}
          <select value={method} onChange={(e) => setMethod(e.target.value)}>
            <option value="">all methods</option>
            {methods.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={rejectedOnly}
            onChange={(e) => setRejectedOnly(e.target.checked)}
          />{" "}
          Rejected only
        </label>
        <label>
          <input
            type="checkbox"
            checked={stepping}
            onChange={(e) => {
              setStepping(e.target.checked);
              setShown(1);
            }}
          />{" "}
          Step through one message at a time
        </label>
        {stepping ? (
          <span>
            <button
              type="button"
              onClick={() => setShown((n) => Math.min(trace.length, n + 1))}
              disabled={shown >= trace.length}
              data-testid="step-next"
            >
              Next message ({shown}/{trace.length})
            </button>{" "}
            <button type="button" className="secondary" onClick={() => setShown(1)}>
              Start over
            </button>
          </span>
        ) : null}
      </div>
      {stepping && last ? (
        <p className="sim-step" aria-live="polite" data-testid="step-sentence">
          {describeEntry(last)}
        </p>
      ) : null}
      <div className="sim-seq-body">
        <div className="sim-seq-scroll">
          <div className="sim-lanes" aria-hidden="true" data-testid="sequence-lanes">
            {LANES.map((l) => (
              <span key={l} data-lane={l}>
                {LANE_LABELS[l]}
              </span>
            ))}
          </div>
          <ol
            ref={listRef}
            className="trace sim-sequence"
            data-testid="trace"
            aria-label="Message trace"
            data-rows={filtered.length}
            style={{ paddingTop: win.before, paddingBottom: `calc(${win.after}px + 0.3rem)` }}
          >
            {visible.map((e, i) => (
              <SequenceRow
                key={e.seq}
                entry={e}
                arrow={arrows.get(e.seq)!}
                posinset={win.start + i + 1}
                setsize={filtered.length}
                selected={selected?.seq === e.seq}
                onSelect={() => setSelected(selected?.seq === e.seq ? null : e)}
                ruleInfo={ruleInfo}
              />
            ))}
          </ol>
        </div>
        <MessageDetail selected={selected} ruleInfo={ruleInfo} />
      </div>
    </section>
  );
}

/** One message of the sequence: its arrow across the lanes, its label and status, its rules. */
function SequenceRow({
  entry: e,
  arrow: a,
  posinset,
  setsize,
  selected,
  onSelect,
  ruleInfo,
}: {
  entry: TraceEntry;
  arrow: ReturnType<typeof arrowOf>;
  posinset: number;
  setsize: number;
  selected: boolean;
  onSelect(): void;
  ruleInfo: RuleInfo;
}) {
  const { left, right, rightward } = spanOf(a);
  const span = right - left + 1;
  const proxyAt = LANES.indexOf("proxy");
  const rules = rulesOf(e);
  const label = e.method ?? e.note ?? e.kind;
  return (
    <li
      // Only a window of the rows is in the DOM: say where each one sits in the whole.
      aria-posinset={posinset}
      aria-setsize={setsize}
      data-seq={e.seq}
      data-status={e.status}
      data-channel={e.channel}
      data-from={e.from}
      data-to={e.to}
      data-from-lane={a.from}
      data-to-lane={a.to}
      data-dir={left === right ? "self" : rightward ? "right" : "left"}
      data-kind={e.kind}
      data-method={e.method}
      style={{ "--from": left, "--span": span } as React.CSSProperties}
    >
      <button type="button" className="sim-arrow" aria-pressed={selected} onClick={onSelect}>
        <span className="sim-arrow-label">
          <span className="sim-seq-n">{e.seq}</span> {e.method ? <Breakable text={label} /> : label}{" "}
          {e.kind !== "event" && e.kind !== "notification" ? (
            <span className="muted">({e.kind})</span>
          ) : null}{" "}
          {e.status !== "delivered" ? (
            <span className="sim-status" data-tone={statusTone(e.status)}>
              {e.status}
            </span>
          ) : a.relayed ? (
            <span className="muted">via proxy</span>
          ) : null}
          {a.outside ? <span className="muted"> from {e.from}</span> : null}
        </span>
        <span
          className="sim-line"
          data-testid="arrow-line"
          data-dir={left === right ? "self" : rightward ? "right" : "left"}
        />
        {a.relayed ? (
          <span
            className="sim-via"
            data-testid="via-proxy"
            style={
              {
                "--at": ((proxyAt - left + 0.5) / span) * 100 + "%",
              } as React.CSSProperties
            }
          />
        ) : null}
        <span className="visually-hidden">
          {LANE_LABELS[a.from]} to {LANE_LABELS[a.to]}
          {a.relayed ? ", relayed by the sandbox proxy" : ""}, {e.kind}, {e.status}
        </span>
      </button>
      {rules.length ? (
        <span className="sim-seq-rules">
          {rules.map((id) => (
            <RuleLink key={id} id={id} ruleInfo={ruleInfo} />
          ))}
        </span>
      ) : null}
    </li>
  );
}

/**
 * The selected message: its lanes, what it means, its rules and its JSON; beside the list on a
 * wide screen, under it on a narrow one.
 */
function MessageDetail({
  selected,
  ruleInfo,
}: {
  selected: TraceEntry | null;
  ruleInfo: RuleInfo;
}) {
  const [copied, setCopied] = useState<number | null>(null);
  if (!selected) {
    return (
      <div className="sim-json sim-json-empty">
        <p className="muted">Select a message to see its JSON here.</p>
      </div>
    );
  }
  return (
    <div className="sim-json" data-testid="message-json">
      <h3>
        Message {selected.seq}: {selected.method ?? selected.kind} (
        {LANE_LABELS[arrowOf(selected).from]} → {LANE_LABELS[arrowOf(selected).to]})
      </h3>
      <p>
        {describeEntry(selected)}{" "}
        {rulesOf(selected).map((id) => (
          <RuleLink key={id} id={id} ruleInfo={ruleInfo} />
        ))}
      </p>
      <p>
        <button
          type="button"
          className="secondary small"
          onClick={() => {
            void navigator.clipboard?.writeText(entryJson(selected)).then(
              () => setCopied(selected.seq),
              () => setCopied(null),
            );
          }}
        >
          Copy JSON
        </button>{" "}
        {copied === selected.seq ? <span role="status">Copied.</span> : null}
      </p>
      <MessageJson key={selected.seq} entry={selected} />
    </div>
  );
}

/**
 * A message's JSON: a bounded pretty preview, and the rest on request as compact JSON (never
 * pretty-printed whole: indentation grows with depth, and a 216 KB message came to 145 M
 * characters and froze the tab).
 */
function MessageJson({ entry }: { entry: TraceEntry }) {
  const [all, setAll] = useState(false);
  const preview = useMemo(() => entryJsonPreview(entry, PREVIEW_CHARS, true), [entry]);
  const clipped = entry.clipped ? <Clipped clipped={entry.clipped} /> : null;
  if (all)
    return (
      <>
        <pre tabIndex={0}>{JSON.stringify(entry.message ?? { note: entry.note })}</pre>
        {clipped}
      </>
    );
  return (
    <>
      <pre tabIndex={0} data-testid="message-json-preview">
        {preview.text}
        {preview.complete ? "" : "\n…"}
      </pre>
      {clipped}
      {preview.complete ? null : (
        <p>
          Preview only: this message is longer than its first {PREVIEW_CHARS.toLocaleString("en")}{" "}
          characters.{" "}
          <button type="button" className="secondary small" onClick={() => setAll(true)}>
            Show all (
            {JSON.stringify(entry.message ?? { note: entry.note }).length.toLocaleString("en")}{" "}
            characters, compact)
          </button>
        </p>
      )}
    </>
  );
}

/** What the trace did not keep of a message (issue #39): its handler had the whole of it. */
function Clipped({ clipped }: { clipped: NonNullable<TraceEntry["clipped"]> }) {
  const strings =
    clipped.count === 1 ? "1 string" : `${clipped.count.toLocaleString("en")} strings`;
  return (
    <p className="muted" data-testid="message-clipped">
      The trace keeps the first {KEPT_STRING_CHARS.toLocaleString("en")} characters of each string:
      it cut {strings} of this message, {clipped.characters.toLocaleString("en")} characters not
      kept. The host handled the whole message; copying gives what was kept.
    </p>
  );
}
