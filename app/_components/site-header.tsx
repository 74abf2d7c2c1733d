"use client";

import Link from "@/app/_components/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { SiteSearch } from "./site-search";
import { ThemeToggle } from "./theme-toggle";

/** The main links; `also` lists other sections a link stands for (marked current there too). */
const NAV: readonly { href: string; label: string; also?: readonly string[] }[] = [
  { href: "/lessons", label: "Lessons" },
  { href: "/simulator", label: "Simulator" },
  { href: "/review", label: "Server review" },
  { href: "/quizzes", label: "Quizzes" },
  // The spec catalogue, the rules, the metadata matrix and the real hosts: looked up rather than
  // studied.
  { href: "/reference", label: "Reference", also: ["/spec", "/rules", "/hosts"] },
  { href: "/progress", label: "Progress" },
];

const isUnder = (pathname: string, href: string) =>
  pathname === href || pathname.startsWith(`${href}/`);

/**
 * The site header. On a phone (see `.site-menu` in globals.css) the links and the theme fold
 * behind a Menu button, so the header is one row and a page's content starts in the first
 * screen; without scripts (no `data-js` on <html>) they stay shown.
 */
export function SiteHeader() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // A followed link closes the menu.
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <header className="site-header" data-menu={open ? "open" : "closed"}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Link href="/" className="brand">
        MCP Apps Academy
      </Link>
      <button
        ref={button}
        type="button"
        className="secondary menu-button"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpen((o) => !o)}
      >
        Menu
      </button>
      <SiteSearch />
      <div className="site-menu" id="site-menu">
        <nav aria-label="Main">
          <ul>
            {NAV.map((item) => {
              const current = [item.href, ...(item.also ?? [])].some((h) => isUnder(pathname, h));
              return (
                <li key={item.href}>
                  <Link href={item.href} aria-current={current ? "page" : undefined}>
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <ThemeToggle />
      </div>
    </header>
  );
}
