"use client";

import Link from "@/app/_components/link";
import { useAppStore } from "./store-provider";

/** Tells the learner what happened to their saved data; never blocks the page. */
export function Notices() {
  const notices = useAppStore((s) => s.notices);
  const dismiss = useAppStore((s) => s.dismissNotice);
  if (notices.length === 0) return null;
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <p key={n.id} className="notice" data-notice={n.kind}>
          <span>{n.message}</span>{" "}
          {n.kind !== "quota" && n.kind !== "unavailable" ? (
            <Link href="/progress#kept-aside">Open Progress</Link>
          ) : null}{" "}
          <button type="button" onClick={() => dismiss(n.id)}>
            Dismiss
          </button>
        </p>
      ))}
    </div>
  );
}
