"use client";

import { useState } from "react";

/** Hides the rule cards that miss any of `words`, and groups left empty; returns how many show. */
function applyFilter(words: string[]): number {
  let shown = 0;
  for (const rule of document.querySelectorAll<HTMLElement>("article.rule")) {
    const text = rule.dataset.filterText ?? "";
    rule.hidden = !words.every((w) => text.includes(w));
    if (!rule.hidden) shown++;
  }
  for (const section of document.querySelectorAll<HTMLElement>("section[data-rule-section]")) {
    section.hidden = section.querySelector("article.rule:not([hidden])") === null;
  }
  return shown;
}

/**
 * Narrows the rules page to the rules whose ID, title, statement or source contain every word
 * typed (the server-rendered cards carry that text in `data-filter-text`); groups left empty hide
 * too, and the count says how many rules are shown.
 */
export function RuleFilter({ total }: { total: number }) {
  const [query, setQuery] = useState("");
  const [shown, setShown] = useState(total);
  return (
    <div className="rule-filter" role="search">
      <label htmlFor="rule-filter-input">Filter rules</label>
      <input
        id="rule-filter-input"
        type="search"
        value={query}
        placeholder="e.g. CSP, consent, teardown"
        onChange={(e) => {
          setQuery(e.target.value);
          setShown(applyFilter(e.target.value.toLowerCase().split(/\s+/).filter(Boolean)));
        }}
        data-testid="rule-filter"
      />
      <span className="muted" aria-live="polite" data-testid="rule-filter-count">
        {shown} of {total} rules
      </span>
    </div>
  );
}
