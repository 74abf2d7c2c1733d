import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { simulatorHostProfiles } from "@/lib/content/host-profiles";
import { drillHostOf } from "@/lib/drill/host";
import { HostDrillSession } from "./host-drill-session";
import "../../quizzes.css";

export const metadata: Metadata = { title: "Drill: real hosts" };

export default async function HostDrillPage() {
  // Every profile but the reference, its sources' staleness counted to the day of the build.
  const profiles = (await simulatorHostProfiles(new Date().toISOString().slice(0, 10))).filter(
    (p) => p.id !== "reference",
  );
  return (
    <>
      <p className="muted">
        <Link href="/quizzes">Quizzes</Link> › <Link href="/quizzes/drill">Drill</Link> › Real hosts
      </p>
      <h1>Drill: real hosts</h1>
      <p>
        The same generated items, asked of one real host: the engine decides each with that
        host&rsquo;s profile, which every item states in full, and the explanation says whether the
        profile decided the answer, and if so whether the host breaks a rule or uses room the spec
        leaves it. A topic apart: these answers count towards no exam topic and not towards exam
        readiness. Read <Link href="/lessons/real-hosts">Real hosts</Link> first, and see the
        evidence per host on <Link href="/hosts">the hosts grid</Link>.
      </p>
      <HostDrillSession hosts={profiles.map(drillHostOf)} />
    </>
  );
}
