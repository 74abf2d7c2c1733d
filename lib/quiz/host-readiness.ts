import type { HostDrillResult } from "./records";
import { RECENT_ANSWERS } from "./readiness";

// Readiness on real hosts (issue 33, item 4): a topic apart from the exam's. It reads only the
// answers to drills on real hosts, which nothing of the exam's readiness reads, and the exam's
// readiness reads none of them. Its figure works as an exam topic's does without the recall half
// (no card is kept for a host item): the share right of the last RECENT_ANSWERS host items, and
// never more than the share of the hosts drilled, so one right answer on one host cannot read as
// every host mastered.

interface HostMastery {
  host: string;
  attempts: number;
  right: number;
  /** Of its last RECENT_ANSWERS items: how many, and how many right. */
  recentAnswered: number;
  recentRight: number;
}

export interface HostsReadiness {
  /** Of the last RECENT_ANSWERS host items, on any host: how many, and how many right. */
  answered: number;
  right: number;
  /** Hosts drilled at least once, and hosts with a profile. */
  seen: number;
  size: number;
  /** Whole percent; null before any host item. */
  readiness: number | null;
  sentence: string;
  /** Per host with a profile, in the order given. */
  hosts: HostMastery[];
}

const newestFirst = (a: HostDrillResult, b: HostDrillResult) =>
  a.at < b.at ? 1 : a.at > b.at ? -1 : 0;

/** Readiness on real hosts from their drill results, for the hosts that have a profile. */
export function hostsReadiness(
  results: Readonly<Record<string, HostDrillResult>>,
  hostIds: readonly string[],
): HostsReadiness {
  const mine = Object.values(results).filter((r) => hostIds.includes(r.host));
  const last = [...mine].sort(newestFirst).slice(0, RECENT_ANSWERS);
  const answered = last.length;
  const right = last.filter((r) => r.correct).length;
  const hosts = hostIds.map((host) => {
    const of = mine.filter((r) => r.host === host);
    const recent = [...of].sort(newestFirst).slice(0, RECENT_ANSWERS);
    return {
      host,
      attempts: of.length,
      right: of.filter((r) => r.correct).length,
      recentAnswered: recent.length,
      recentRight: recent.filter((r) => r.correct).length,
    };
  });
  const seen = hosts.filter((h) => h.attempts > 0).length;
  const size = hostIds.length;
  if (!answered)
    return {
      answered,
      right,
      seen,
      size,
      readiness: null,
      sentence: "Not started: no item drilled on a real host yet.",
      hosts,
    };
  const figure = Math.round((100 * right) / answered);
  const cap = size ? Math.floor((100 * seen) / size) : 100;
  const accuracy = `${right} of your ${answered < RECENT_ANSWERS ? "" : "last "}${answered} answer${answered === 1 ? "" : "s"} on real hosts right`;
  const seenWords = `${seen} of the ${size} hosts with a profile drilled`;
  return figure > cap
    ? {
        answered,
        right,
        seen,
        size,
        readiness: cap,
        sentence: `${cap} % = the share of hosts you have drilled (${seenWords}), which caps ${figure} % = your accuracy (${accuracy}). Not part of exam readiness.`,
        hosts,
      }
    : {
        answered,
        right,
        seen,
        size,
        readiness: figure,
        sentence: `${figure} % = your accuracy (${accuracy}); ${seenWords}. Not part of exam readiness.`,
        hosts,
      };
}
