"use client";

import Link from "next/link";
import { useId, useRef, useState } from "react";
import type { SearchHit } from "@/lib/lessons/search";

type Run = (query: string) => SearchHit[];

/** Where the build put the serialised index (app/lessons/search-index.json/route.ts). */
const INDEX_URL = "/lessons/search-index.json";

/**
 * Search across all lessons. MiniSearch and the index load on first use (focus or typing), so
 * a lesson page's first load carries neither; the index itself was built at build time.
 */
export function LessonSearch() {
  const id = useId();
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [failed, setFailed] = useState(false);
  const engine = useRef<Promise<Run> | null>(null);
  const latest = useRef("");

  const load = (): Promise<Run> => {
    if (!engine.current) {
      const loading = (async () => {
        const [search, response] = await Promise.all([
          import("@/lib/lessons/search"),
          fetch(INDEX_URL),
        ]);
        if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
        const index = search.loadSearchIndex(await response.text());
        return (q: string) => search.searchLessons(index, q);
      })();
      loading.then(
        () => setFailed(false),
        () => {
          engine.current = null; // a later keystroke tries again
          setFailed(true);
        },
      );
      engine.current = loading;
    }
    return engine.current;
  };

  const onChange = (value: string) => {
    setQuery(value);
    latest.current = value;
    if (value.trim().length < 2) {
      setHits(null);
      return;
    }
    load().then(
      (run) => {
        // Typing outruns the first load: only the newest query may set the results.
        if (latest.current === value) setHits(run(value));
      },
      () => undefined,
    );
  };

  return (
    <div role="search" className="lesson-search" data-testid="lesson-search">
      <label htmlFor={id}>Search lessons</label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onFocus={() => void load().catch(() => undefined)}
        onChange={(e) => onChange(e.target.value)}
      />
      <div aria-live="polite">
        {failed ? (
          <p className="muted">Search could not load; reload the page to try again.</p>
        ) : hits === null ? null : hits.length === 0 ? (
          <p className="muted">No lesson mentions “{query.trim()}”.</p>
        ) : (
          <ul className="search-hits" data-testid="search-hits">
            {hits.map((h) => (
              <li key={h.id}>
                <Link href={h.href}>{h.lessonTitle}</Link>
                {h.section ? <span className="muted"> › {h.heading}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
