"use client";

import { OPEN_SEARCH_EVENT } from "./_components/site-search";

/**
 * Opens the header's search dialog. The 404 page is part of every page's tree, so it must not
 * carry the search panel itself; this button costs a few bytes.
 */
export function OpenSearchButton() {
  return (
    <button type="button" onClick={() => dispatchEvent(new Event(OPEN_SEARCH_EVENT))}>
      Search the course
    </button>
  );
}
