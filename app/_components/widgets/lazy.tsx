"use client";

import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  type ComponentType,
  type ReactNode,
} from "react";
import { recordEarlyClicks, replayEarlyInput } from "./early-input";

/**
 * A widget whose code loads when the reader gets near it, not with the page.
 *
 * The server renders the widget to HTML as usual, so the lesson reads complete and the widget
 * shows its initial state at once. In the browser its code is a chunk of its own, fetched when the
 * widget comes within a screen's reach (IntersectionObserver, 400 px ahead) or the pointer or
 * keyboard focus enters it; React keeps the server HTML of a suspended boundary in place while it
 * hydrates the rest of the page, then hydrates the widget when its code arrives. On a client-side
 * navigation (no server HTML) the fallback says that the widget is loading.
 *
 * Until then the server HTML takes input that nothing handles; once the widget has hydrated, that
 * input is handed to it (./early-input), so what the widget shows matches what the reader chose.
 * `data-island` marks the wrapper; `data-ready` appears once the widget is interactive.
 */
function island<P extends object>(
  label: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let open: () => void = () => {};
  const near =
    typeof window === "undefined" ? Promise.resolve() : new Promise<void>((r) => (open = r));
  const Widget = lazy(async () => {
    await near;
    return { default: await load() };
  });

  function Island(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    const early = useRef<ReturnType<typeof recordEarlyClicks>>(null);
    useEffect(() => {
      const element = ref.current;
      if (!element) return;
      if (!element.hasAttribute("data-ready")) early.current = recordEarlyClicks(element);
      const unwatch = watchNear(element, open);
      return () => {
        unwatch();
        early.current?.stop();
      };
    }, []);
    // Hands the widget the input its server HTML took meanwhile, then marks the wrapper ready.
    const hydrated = useCallback(() => {
      const element = ref.current;
      if (!element) return;
      const recorded = early.current;
      early.current = null;
      recorded?.stop();
      replayEarlyInput(element, recorded?.clicks ?? []);
      element.setAttribute("data-ready", "");
    }, []);
    return (
      <div ref={ref} data-island={label}>
        <Suspense fallback={<p className="muted">Loading the {label}…</p>}>
          <Widget {...props} />
          <Ready onHydrated={hydrated} />
        </Suspense>
      </div>
    );
  }
  Island.displayName = `Island(${label})`;
  return Island;
}

/** Calls `open` once `element` is near the viewport or the reader points at or focuses it. */
function watchNear(element: HTMLElement, open: () => void): () => void {
  const events = ["pointerenter", "focusin", "touchstart"] as const;
  const observer =
    typeof IntersectionObserver === "undefined"
      ? undefined
      : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && open(), {
          rootMargin: "400px 0px",
        });
  if (observer) observer.observe(element);
  else open();
  for (const name of events) element.addEventListener(name, open, { once: true, passive: true });
  return () => {
    observer?.disconnect();
    for (const name of events) element.removeEventListener(name, open);
  };
}

/** Rendered after the widget inside its boundary: calls `onHydrated` once both have hydrated. */
function Ready({ onHydrated }: { onHydrated: () => void }): ReactNode {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

export const CspBuilder = island("CSP builder", () =>
  import("./csp-builder").then((m) => m.CspBuilder),
);
export const DecisionWalker = island("decision-table walker", () =>
  import("./decision-walker").then((m) => m.DecisionWalker),
);
export const MimeChecker = island("mime-type checker", () =>
  import("./mime-checker").then((m) => m.MimeChecker),
);
export const PermissionsMapper = island("permissions mapper", () =>
  import("./permissions-mapper").then((m) => m.PermissionsMapper),
);
export const SelfCheck = island("self-check", () =>
  import("./self-check-list").then((m) => m.SelfCheck),
);
export const VisibilityMatrix = island("visibility matrix", () =>
  import("./visibility-matrix").then((m) => m.VisibilityMatrix),
);
