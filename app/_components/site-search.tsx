"use client";

import { useEffect, useRef, useState } from "react";
import { SearchPanel } from "./search-panel";

/**
 * The header's search: a button, and Ctrl-K / ⌘K from anywhere, open a modal dialog with the
 * course search. The panel mounts only while the dialog is open, so a page pays for the button
 * and the key listener alone; the native dialog keeps focus inside and closes on Escape.
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
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && !e.altKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        if (!dialog.current?.open) dialog.current?.showModal();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
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
        // A click on the backdrop lands on the dialog element itself.
        onClick={(e) => e.target === e.currentTarget && close()}
      >
        <div className="search-dialog-body">
          {open ? <SearchPanel autoFocus onNavigate={close} /> : null}
          <button type="button" className="secondary search-close" onClick={close}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
