/**
 * Input a reader gives a widget's server HTML before its code has arrived (a radio chosen, text
 * typed, a button pressed) changes the page but reaches no handler: React hydrates over it and the
 * widget would go on showing its verdict for the old state next to the new choice. These helpers
 * hand that input to the hydrated widget as if it had just been given.
 */

/**
 * Records presses on the island's buttons until `stop`; form fields need no recording. It listens
 * on `window` in the capture phase: React stops a click aimed at a part it has not hydrated yet at
 * its root, before a listener on the island would see it.
 */
export function recordEarlyClicks(root: HTMLElement): { clicks: HTMLElement[]; stop(): void } {
  const clicks: HTMLElement[] = [];
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && root.contains(button)) clicks.push(button);
  };
  window.addEventListener("click", onClick, true);
  return { clicks, stop: () => window.removeEventListener("click", onClick, true) };
}

/**
 * Called once the widget has hydrated. React's hydration keeps each field's live state but records
 * its rendered state as the field's default (`defaultChecked`, `defaultValue`), so a difference
 * between the two is input React never saw. Each such field is put back to what React rendered and
 * changed again the way a user would, which React handles; then the recorded presses are replayed.
 */
export function replayEarlyInput(root: HTMLElement, clicks: readonly HTMLElement[]): number {
  let replayed = 0;
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "input, textarea",
  )) {
    if (
      field instanceof HTMLInputElement &&
      (field.type === "radio" || field.type === "checkbox")
    ) {
      // A radio the reader left is unchecked by the one they chose; replay only the chosen one.
      if (field.checked === field.defaultChecked || (field.type === "radio" && !field.checked)) {
        continue;
      }
      const wanted = field.checked;
      field.checked = !wanted;
      field.click();
      replayed += 1;
    } else if (field.value !== field.defaultValue) {
      const typed = field.value;
      field.value = field.defaultValue;
      const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
      setValue?.call(field, typed);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      replayed += 1;
    }
  }
  for (const select of root.querySelectorAll("select")) {
    if ([...select.options].some((o) => o.selected !== o.defaultSelected)) {
      select.dispatchEvent(new Event("change", { bubbles: true }));
      replayed += 1;
    }
  }
  for (const button of clicks) {
    if (button.isConnected && !(button as HTMLButtonElement).disabled) {
      button.click();
      replayed += 1;
    }
  }
  return replayed;
}
