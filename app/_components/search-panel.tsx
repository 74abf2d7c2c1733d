"use client";

import Link from "@/app/_components/link";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { SearchHit } from "@/lib/lessons/search";

type Run = (query: string) => SearchHit[];

/** Where the build put the serialised index (app/lessons/search-index.json/route.ts). */
const INDEX_URL = "/lessons/search-index.json";

const KIND_LABEL: Record<SearchHit["kind"], string> = {
  section: "Lesson",
  rule: "Rule",
  field: "Matrix field",
};

/** One load per page: the dialog and the lessons page's box share the index once fetched. */
let engine: Promise<Run> | null = null;

function loadEngine(): Promise<Run> {
  engine ??= (async () => {
    const [search, response] = await Promise.all([
      import("@/lib/lessons/search"),
      fetch(INDEX_URL),
    ]);
    if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
    const index = search.loadSearchIndex(await response.text());
    return (q: string) => search.searchCourse(index, q);
  })().catch((error: unknown) => {
    engine = null; // a later keystroke tries again
    throw error;
  });
  return engine;
}

/**
 * Search across lessons, rules and matrix fields. MiniSearch and the index load on first use
 * (focus or typing), so no page's first load carries either; the index was built at build time.
 * Arrow keys move between results; Enter in the box opens the first one.
 */
export function SearchPanel({
  autoFocus = false,
  onNavigate,
}: {
  autoFocus?: boolean;
  /** Called when a result is followed (the dialog closes itself). */
  onNavigate?: () => void;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef("");
  const list = useRef<HTMLUListElement>(null);

  const load = () =>
    loadEngine().then(
      (run) => {
        setFailed(false);
        return run;
      },
      () => {
        setFailed(true);
        return null;
      },
    );

  const onChange = (value: string) => {
    setQuery(value);
    latest.current = value;
    if (value.trim().length < 2) {
      setHits(null);
      return;
    }
    void load().then((run) => {
      // Typing outruns the first load: only the newest query may set the results.
      if (run && latest.current === value) setHits(run(value));
    });
  };

  const links = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const all = links();
    if (all.length === 0) return;
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const next = e.key === "ArrowDown" ? at + 1 : at - 1;
      if (next < 0) document.getElementById(id)?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (e.key === "Enter" && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      all[0]?.click();
    }
  };

  return (
    <div role="search" className="site-search" data-testid="site-search" onKeyDown={onKeyDown}>
      <label htmlFor={id}>Search the course</label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        placeholder="A word, a rule ID, a field…"
        value={query}
        onFocus={() => void load()}
        onChange={(e) => onChange(e.target.value)}
      />
      <div aria-live="polite">
        {failed ? (
          <p className="muted">Search could not load; reload the page to try again.</p>
        ) : hits === null ? null : hits.length === 0 ? (
          <p className="muted">Nothing in the course matches “{query.trim()}”.</p>
        ) : (
          <ul className="search-hits" data-testid="search-hits" ref={list}>
            {hits.map((h) => (
              <li key={h.id} data-kind={h.kind}>
                <Link href={h.href} onClick={onNavigate}>
                  <span className="search-kind">{KIND_LABEL[h.kind]}</span>{" "}
                  <span className="search-title">{h.title}</span>
                  {h.heading !== h.title ? <span className="muted"> › {h.heading}</span> : null}
                </Link>
                {h.snippet ? (
                  <p className="search-snippet">
                    {h.snippet.before}
                    {h.snippet.match ? <mark>{h.snippet.match}</mark> : null}
                    {h.snippet.after}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
