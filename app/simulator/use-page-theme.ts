"use client";

import { useLayoutEffect, useState } from "react";
import { pageTheme } from "@/app/_components/page-host-context";

/** The page's theme (a saved choice on <html data-theme>, or the system's); null until read. */
export function usePageTheme(): "light" | "dark" | null {
  const [theme, setTheme] = useState<"light" | "dark" | null>(null);
  useLayoutEffect(() => {
    const read = () => setTheme(pageTheme());
    read();
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    media.addEventListener("change", read);
    const observer = new MutationObserver(read);
    observer.observe(document.documentElement, { attributeFilter: ["data-theme"] });
    return () => {
      media.removeEventListener("change", read);
      observer.disconnect();
    };
  }, []);
  return theme;
}
