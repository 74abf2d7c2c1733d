"use client";

import {
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from "react";

/** The simulator's four areas, in tab order on a narrow screen. */
const AREAS = [
  ["controls", "Controls"],
  ["table", "Table"],
  ["view", "View"],
  ["sequence", "Sequence"],
] as const;
export type Area = (typeof AREAS)[number][0];

/** Where each jump of the verdict strip lands: the area that holds the element. */
const AREA_OF: Record<string, Area> = {
  "sim-table": "table",
  "sim-view": "view",
  "sim-csp": "view",
  "sim-sequence": "sequence",
};

/**
 * The verdict strip's jumps: on a narrow screen the element's tab is chosen first; then, once it
 * is shown (the next frame), the element is brought into sight.
 */
export function useAreaJump(wide: boolean, setArea: (a: Area) => void) {
  return (id: string) => {
    const area = AREA_OF[id];
    if (!wide && area) setArea(area);
    requestAnimationFrame(() =>
      document
        .getElementById(id)
        ?.scrollIntoView({ block: wide ? "nearest" : "start", behavior: "instant" }),
    );
  };
}

/** From this width the four areas sit on one screen; below it they are tabs. */
const WIDE = "(min-width: 1024px)";

function subscribeWide(onChange: () => void) {
  const media = window.matchMedia(WIDE);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** True on a screen wide enough for the workbench (the page renders only in the browser). */
export function useWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

/**
 * The tab bar of a narrow screen: a tablist whose arrows, Home and End move between the areas
 * (selection follows focus, as the areas are all in the page already).
 */
export function AreaTabs({ selected, onSelect }: { selected: Area; onSelect(a: Area): void }) {
  const list = useRef<HTMLDivElement>(null);
  const chosen = useRef(false);
  // A chosen area starts just under the bar, stuck under the verdict strip: the first screen
  // shows the area's top (its verdicts, its view), whether the page was at its top or deep in a
  // long area before.
  useLayoutEffect(() => {
    const bar = list.current;
    const panel = document.getElementById(`sim-area-${selected}`);
    if (!chosen.current || !bar || !panel) return;
    chosen.current = false;
    const style = getComputedStyle(bar);
    const under = parseFloat(style.top) + bar.offsetHeight + parseFloat(style.marginBottom);
    const delta = panel.getBoundingClientRect().top - under;
    if (Math.abs(delta) > 1) window.scrollBy({ top: delta, behavior: "instant" });
  }, [selected]);
  const choose = (area: Area) => {
    chosen.current = true;
    onSelect(area);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = AREAS.findIndex(([id]) => id === selected);
    const next =
      e.key === "ArrowRight"
        ? (at + 1) % AREAS.length
        : e.key === "ArrowLeft"
          ? (at - 1 + AREAS.length) % AREAS.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? AREAS.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    choose(AREAS[next]![0]);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Simulator panels"
      className="sim-tabs"
      data-testid="sim-tabs"
      onKeyDown={onKeyDown}
    >
      {AREAS.map(([id, label]) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`sim-tab-${id}`}
          aria-selected={id === selected}
          aria-controls={`sim-area-${id}`}
          tabIndex={id === selected ? 0 : -1}
          onClick={() => choose(id)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** Props of one area: a tab panel on a narrow screen (shown only when its tab is), else a cell. */
function areaProps(area: Area, wide: boolean, selected: Area) {
  return {
    id: `sim-area-${area}`,
    "data-area": area,
    ...(wide
      ? {}
      : {
          role: "tabpanel",
          "aria-labelledby": `sim-tab-${area}`,
          hidden: area !== selected,
        }),
  };
}

/**
 * The four areas. Wide: controls in a column that scrolls on its own, the table and the view side
 * by side, the sequence under them; its height is the screen's below the toolbar, so all four are
 * seen at once. Narrow: one area at a time, under the tab bar. The same elements in both, so a
 * change of width never remounts the view's frame. `more` (conversation, CSP) follows the
 * workbench when wide and the view when narrow.
 */
export function Workbench({
  wide,
  selected,
  controls,
  table,
  view,
  sequence,
  more,
}: {
  wide: boolean;
  selected: Area;
  controls: ReactNode;
  table: ReactNode;
  view: ReactNode;
  sequence: ReactNode;
  more: ReactNode;
}) {
  const bench = useRef<HTMLDivElement>(null);
  useFillScreen(bench, wide);
  return (
    <>
      <div ref={bench} className="sim-workbench" data-layout={wide ? "wide" : "tabs"}>
        <div
          className="sim-area sim-area-controls"
          data-testid="sim-controls"
          {...areaProps("controls", wide, selected)}
        >
          {controls}
        </div>
        <div className="sim-area sim-area-table" {...areaProps("table", wide, selected)}>
          {table}
        </div>
        <div
          className="sim-area sim-area-view"
          // A box that scrolls on its own is reached by keyboard too (its frame is not a stop).
          tabIndex={wide ? 0 : undefined}
          {...areaProps("view", wide, selected)}
        >
          {view}
        </div>
        <div className="sim-area sim-area-sequence" {...areaProps("sequence", wide, selected)}>
          {sequence}
        </div>
      </div>
      <div className="sim-more" hidden={!wide && selected !== "view"}>
        {more}
      </div>
    </>
  );
}

/**
 * Wide: keeps the workbench's distance from the page's top in --sim-bench-top, so CSS can give it
 * the rest of the screen. Content above it (a notice, a wrapped strip) moves it; a body observer
 * catches that, and writes only when the distance changed.
 */
function useFillScreen(bench: React.RefObject<HTMLDivElement | null>, wide: boolean) {
  useLayoutEffect(() => {
    const el = bench.current;
    if (!el || !wide) return;
    let last = -1;
    const measure = () => {
      const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
      if (top === last) return;
      last = top;
      el.style.setProperty("--sim-bench-top", `${top}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
      el.style.removeProperty("--sim-bench-top");
    };
  }, [bench, wide]);
}
