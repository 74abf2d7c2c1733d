"use client";

import { useEffect } from "react";

const RULE_ID = /^[A-Za-z]{2,5}-\d+$/;

/**
 * Marks the rule a link targeted — `/rules#TOOL-2`, `/rules?id=TOOL-2`, or an older lower-case
 * `#tool-2` — with `data-targeted` and scrolls to it. CSS `:target` alone is not enough: a
 * client-side navigation sets the fragment with history.pushState, which `:target` ignores.
 * The targeted rule's folded citations open.
 * Renders nothing.
 */
export function RuleTarget() {
  useEffect(() => {
    const apply = () => {
      const fromQuery = new URLSearchParams(location.search).get("id");
      const fromHash = decodeURIComponent(location.hash.slice(1));
      const wanted = (fromQuery && RULE_ID.test(fromQuery) ? fromQuery : fromHash).toUpperCase();
      for (const el of document.querySelectorAll("[data-targeted]")) {
        el.removeAttribute("data-targeted");
      }
      const el = RULE_ID.test(wanted) ? document.getElementById(wanted) : null;
      if (!el) return;
      el.setAttribute("data-targeted", "true");
      // Its back-links are what the reader came for: unfold them.
      el.querySelector("details")?.setAttribute("open", "");
      if (fromHash !== wanted) {
        history.replaceState(history.state, "", `${location.pathname}${location.search}#${wanted}`);
        el.scrollIntoView();
      }
    };
    apply();
    addEventListener("hashchange", apply);
    return () => removeEventListener("hashchange", apply);
  }, []);
  return null;
}
