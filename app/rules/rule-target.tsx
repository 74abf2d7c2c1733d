"use client";

import { useEffect } from "react";

const RULE_ID = /^[A-Za-z]{2,5}-\d+$/;

/**
 * Makes `/rules?id=TOOL-2` and the older lower-case `/rules#tool-2` land on the rule the same way
 * `/rules#TOOL-2` does: it moves to the upper-case fragment, so the browser scrolls there and CSS
 * `:target` highlights it. Renders nothing.
 */
export function RuleTarget() {
  useEffect(() => {
    const fromQuery = new URLSearchParams(location.search).get("id");
    const fromHash = decodeURIComponent(location.hash.slice(1));
    const wanted = (fromQuery && RULE_ID.test(fromQuery) ? fromQuery : fromHash).toUpperCase();
    if (
      RULE_ID.test(wanted) &&
      wanted !== location.hash.slice(1) &&
      document.getElementById(wanted)
    ) {
      location.replace(`#${wanted}`);
    }
  }, []);
  return null;
}
