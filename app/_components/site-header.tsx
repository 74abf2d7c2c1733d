"use client";

import Link from "@/app/_components/link";
import { usePathname } from "next/navigation";
import { SiteSearch } from "./site-search";
import { ThemeToggle } from "./theme-toggle";

const NAV = [
  { href: "/lessons", label: "Lessons" },
  { href: "/simulator", label: "Simulator" },
  { href: "/review", label: "Review" },
  { href: "/quizzes", label: "Quizzes" },
  { href: "/spec", label: "Spec" },
  { href: "/progress", label: "Progress" },
] as const;

export function SiteHeader() {
  const pathname = usePathname();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Link href="/" className="brand">
        MCP Apps Academy
      </Link>
      <nav aria-label="Main">
        <ul>
          {NAV.map((item) => {
            const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
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
      <SiteSearch />
      <ThemeToggle />
    </header>
  );
}
