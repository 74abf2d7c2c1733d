"use client";

import Link from "@/app/_components/link";
import { hostsReadiness } from "@/lib/quiz/host-readiness";
import { RECENT_ANSWERS } from "@/lib/quiz/readiness";
import { percent } from "@/lib/quiz/scoring";
import { useAppStore } from "../_components/store-provider";

/**
 * Readiness and mastery on real hosts (issue 33): a topic apart, read only from the answers to
 * drills on real hosts, which exam readiness never reads. One row per host with a profile.
 */
export function HostsReadiness({ hosts }: { hosts: readonly { id: string; name: string }[] }) {
  const results = useAppStore((s) => s.quiz.hostDrillResults);
  const r = hostsReadiness(
    results ?? {},
    hosts.map((h) => h.id),
  );
  const name = new Map(hosts.map((h) => [h.id, h.name]));
  return (
    <>
      <p data-testid="hosts-readiness" data-readiness={r.readiness ?? ""}>
        Real hosts:{" "}
        {r.readiness === null ? (
          <span className="muted">not started</span>
        ) : (
          <strong>{r.readiness} %</strong>
        )}
        . <span className="muted">{r.sentence}</span>{" "}
        <Link href="/quizzes/drill/hosts">Drill on real hosts</Link>
      </p>
      <div
        className="table-scroll quiz-table-scroll"
        role="region"
        tabIndex={0}
        aria-label="Mastery by host"
      >
        <table className="mastery-table" data-testid="host-mastery">
          <thead>
            <tr>
              <th scope="col">Host</th>
              <th scope="col">Drilled</th>
              <th scope="col">Last {RECENT_ANSWERS}</th>
            </tr>
          </thead>
          <tbody>
            {r.hosts.map((h) => (
              <tr key={h.host} data-host={h.host}>
                <th scope="row">
                  <Link href={`/quizzes/drill/hosts?host=${h.host}`}>{name.get(h.host)}</Link>
                </th>
                <td>{h.attempts ? `${h.right} of ${h.attempts} right` : "—"}</td>
                <td>{h.recentAnswered ? `${percent(h.recentRight / h.recentAnswered)} %` : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
