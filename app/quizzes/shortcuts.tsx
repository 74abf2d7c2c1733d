"use client";

import { useEffect, useEffectEvent, type RefObject } from "react";

/** A key and what it does, as the page lists it. */
export interface ShortcutHelp {
  keys: string;
  does: string;
}

/**
 * Calls `onKey` for single-key presses on the page, except while the learner types in a text
 * field or holds a modifier (so browser and screen-reader shortcuts keep working). `onKey`
 * returns true when it used the key, which then does nothing else.
 */
export function useShortcuts(onKey: (key: string) => boolean) {
  const handle = useEffectEvent(onKey);
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
      const target = e.target as HTMLElement | null;
      if (
        target?.closest("textarea, select, [contenteditable]") ||
        (target instanceof HTMLInputElement && !["radio", "checkbox"].includes(target.type))
      ) {
        return;
      }
      // Enter on a button or link already activates it.
      if (e.key === "Enter" && target?.closest("button, a")) return;
      if (handle(e.key.length === 1 ? e.key.toLowerCase() : e.key)) e.preventDefault();
    };
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
}

/**
 * Digit `key` (1–9) picks the n-th option of the question form inside `root`, as a click would;
 * Enter submits that form. Returns true when the key did something.
 */
export function answerByKey(root: RefObject<HTMLElement | null>, key: string): boolean {
  const form = root.current?.querySelector<HTMLFormElement>("form[data-question]");
  if (!form) return false;
  if (/^[1-9]$/.test(key)) {
    const inputs = form.querySelectorAll<HTMLInputElement>(
      'input[type="radio"], input[type="checkbox"]',
    );
    const input = inputs[Number(key) - 1];
    if (!input || input.disabled) return false;
    input.click();
    input.focus();
    return true;
  }
  if (key === "Enter") {
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit && !submit.disabled) {
      form.requestSubmit();
      return true;
    }
  }
  return false;
}

/** The list of shortcuts, shown on the page so they can be found. */
export function ShortcutList({ items }: { items: readonly ShortcutHelp[] }) {
  return (
    <p className="muted shortcuts" data-testid="shortcuts">
      Keyboard:{" "}
      {items.map((item, i) => (
        <span key={item.keys}>
          {i > 0 ? " · " : ""}
          {item.keys.split(" ").map((k) => (
            <kbd key={k}>{k}</kbd>
          ))}{" "}
          {item.does}
        </span>
      ))}
    </p>
  );
}
