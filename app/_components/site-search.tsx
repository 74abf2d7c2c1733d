"use client";

import { lazy, Suspense, useEffect, useRef, useState } from "react";

/** Dispatch on window to open the search from elsewhere on the page (the 404 page's button). */
export const OPEN_SEARCH_EVENT = "academy:open-search";

// Fetched on first open: a page's first load carries only the button and the key listener.
const SearchPanel = lazy(() => import("./search-panel").then((m) => ({ default: m.SearchPanel })));

/**
 * The header's search: a button, and Ctrl-K / ⌘K from anywhere, open a modal dialog with the
 * course search. The panel mounts only while the dialog is open, so a page pays for the button
 * and the key listener alone (the panel's code is fetched on first open); the native dialog keeps
 * focus inside.
 */
export function SiteSearch() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  const show = () => {
    if (!dialog.current?.open) dialog.current?.showModal();
    setOpen(true);
  };
  const close = () => dialog.current?.close();

  useEffect(() => {
    const open = () => {
      if (!dialog.current?.open) dialog.current?.showModal();
      setOpen(true);
    };
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && !e.altKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener(OPEN_SEARCH_EVENT, open);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener(OPEN_SEARCH_EVENT, open);
    };
  }, []);

  return (
    <>
      <button
        type="button"
        className="secondary search-button"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={show}
      >
        Search <kbd aria-hidden="true">Ctrl K</kbd>
      </button>
      <dialog
        ref={dialog}
        className="search-dialog"
        aria-label="Search the course"
        onClose={() => setOpen(false)}
        // Escape in a search box only clears it; here it should close the dialog, as elsewhere.
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            close();
          }
        }}
        // A click on the backdrop lands on the dialog element itself.
        onClick={(e) => e.target === e.currentTarget && close()}
      >
        <div className="search-dialog-body">
          {open ? (
            <Suspense fallback={<p className="muted">Loading search…</p>}>
              <SearchPanel autoFocus onNavigate={close} />
            </Suspense>
          ) : null}
          <button type="button" className="secondary search-close" onClick={close}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
