"use client";

import "@/lib/zod-jitless";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { STORAGE_NAME } from "@/lib/store/basics";
import { createLazyStore, type LazyAppStore } from "@/lib/store/lazy-store";
import type { AppState } from "@/lib/store/state";

const StoreContext = createContext<LazyAppStore | null>(null);

/** The store's code: a chunk of its own, fetched after the first render (lazy-store.ts). */
const loadAppStore = () => import("@/lib/store/store").then((m) => m.createAppStore());

/**
 * Creates the app store once per browser tab (never at module level, so no state leaks between
 * server requests), loads it and reads the saved progress after the first render, and merges in
 * what other tabs save.
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createLazyStore(loadAppStore));
  useEffect(() => {
    store.start().catch((error: unknown) => {
      // Three tries failed (lazy-store.ts): the page stays usable, its progress unread.
      console.error("The progress store could not be loaded:", error);
    });
    // Another tab saved: merge its progress into this one (`key` is null when storage was cleared).
    const onStorage = (e: StorageEvent) => {
      if (e.storageArea === window.localStorage && (e.key === STORAGE_NAME || e.key === null)) {
        store.syncFromStorage();
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [store]);
  return (
    <StoreContext.Provider value={store}>
      <ThemeSync store={store} />
      {children}
    </StoreContext.Provider>
  );
}

/** Mirrors the theme preference onto <html data-theme>; "system" removes it. */
function ThemeSync({ store }: { store: LazyAppStore }) {
  const theme = useStore(store, (s) => s.preferences.theme);
  const hydrated = useStore(store, (s) => s.hydrated);
  useEffect(() => {
    if (!hydrated) return;
    const root = document.documentElement;
    if (theme === "system") delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme, hydrated]);
  return null;
}

/** Reads one narrow slice of the app store. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useAppStore must be used inside <StoreProvider>");
  return useStore(store, selector);
}
