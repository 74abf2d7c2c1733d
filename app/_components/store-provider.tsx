"use client";

import "@/lib/zod-jitless";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { createAppStore, STORAGE_NAME, type AppState, type AppStore } from "@/lib/store/store";

const StoreContext = createContext<AppStore | null>(null);

/**
 * Creates the app store once per browser tab (never at module level, so no state leaks between
 * server requests), hydrates it from localStorage after the first render, and merges in what
 * other tabs save.
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createAppStore);
  useEffect(() => {
    void store.persist.rehydrate();
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
function ThemeSync({ store }: { store: AppStore }) {
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
