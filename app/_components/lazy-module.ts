"use client";

import { useEffect, useSyncExternalStore } from "react";

/** Where a lazily loaded module stands. */
export type LazyState<M> =
  { status: "loading" } | { status: "ready"; module: M } | { status: "failed" };

/**
 * A chunk a page needs soon but not to show itself (issue 23: out of the first-load JS). Its
 * state is the page's, shared by every component that waits for it: a failed load is reported
 * once, and `retry` brings every waiting component along.
 */
export interface LazyModule<M> {
  /** Loads it once; a failed load is not kept, so the next call fetches again. */
  load(): Promise<M>;
  /** The module when it has arrived, for event handlers that must not wait a turn. */
  loaded(): M | undefined;
  /** Tries a failed load again. */
  retry(): void;
  /**
   * For components: the state, starting the load if nothing has yet, or once `start` turns true
   * (so a chunk needed later does not take bandwidth from one the page needs first).
   */
  useLoaded(start?: boolean): LazyState<M>;
}

const LOADING = { status: "loading" } as const;

/**
 * Wraps `importer` (a literal `() => import("./x")`, so the bundler makes it a chunk). With
 * `eager`, the request starts as the calling module is evaluated in the browser, while the page
 * hydrates, rather than when a component first asks.
 */
export function lazyModule<M>(importer: () => Promise<M>, { eager = false } = {}): LazyModule<M> {
  let state: LazyState<M> = LOADING;
  let loading: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: LazyState<M>) => {
    state = next;
    for (const l of listeners) l();
  };
  const load = () =>
    (loading ??= importer().then(
      (module) => {
        set({ status: "ready", module });
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        set({ status: "failed" });
        throw error;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  if (eager && typeof window !== "undefined") void load().catch(() => {});
  return {
    load,
    loaded: () => (state.status === "ready" ? state.module : undefined),
    retry() {
      set(LOADING);
      void load().catch(() => {});
    },
    useLoaded(start = true) {
      useEffect(() => {
        if (start) void load().catch(() => {});
      }, [start]);
      return useSyncExternalStore(
        subscribe,
        () => state,
        () => LOADING,
      );
    },
  };
}
