import type { Metadata } from "next";
import Link from "next/link";
import { SearchPanel } from "./_components/search-panel";

export const metadata: Metadata = { title: "Page not found" };

/** Every unknown address: say so plainly, then offer search and the main ways in. */
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
      <SearchPanel />
    </div>
  );
}
