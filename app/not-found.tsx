import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { OpenSearchButton } from "./open-search-button";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Every unknown address: say so plainly, then offer search and the main ways in. This page sits
 * in every page's tree, so anything it imports from the client weighs on every first load.
 */
export default function NotFound() {
  return (
    <div className="not-found">
      <h1>There is no page at this address</h1>
      <p>
        The link may be mistyped, or the page may have moved. Search the course for what you were
        after, or start from one of these:
      </p>
      <ul>
        <li>
          <Link href="/lessons">Lessons</Link> — the course, in order
        </li>
        <li>
          <Link href="/rules">Rules</Link> — every protocol rule and what cites it
        </li>
        <li>
          <Link href="/reference/metadata-matrix">Metadata matrix</Link> — where each field goes
        </li>
        <li>
          <Link href="/simulator">Simulator</Link> and <Link href="/quizzes">quizzes</Link>
        </li>
        <li>
          <Link href="/">Home</Link>
        </li>
      </ul>
      <p>
        <OpenSearchButton />{" "}
        <span className="muted">or press Ctrl K (⌘K on a Mac) on any page.</span>
      </p>
    </div>
  );
}
