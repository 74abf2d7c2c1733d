import Link from "@/app/_components/link";
import { listLessons } from "@/lib/content/lessons";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { HomeProgress } from "./_components/home-progress";

export default async function HomePage() {
  const lessons = await listLessons();
  const banks = await loadQuizBanks();
  const questionIds = banks.flatMap((b) => b.questions.map((q) => q.id));
  return (
    <>
      <h1>Learn MCP Apps by reading, running and recalling</h1>
      <p className="muted">
        MCP Apps (<code>io.modelcontextprotocol/ui</code>) lets an MCP server ship an HTML view for
        a tool; the host renders it in a sandboxed iframe and talks to it over JSON-RPC on{" "}
        <code>postMessage</code>. Every fact here cites a numbered rule, and every rule says where
        it comes from.
      </p>
      <ul className="cards">
        <li className="card">
          <h2>
            <Link href="/lessons">Lessons</Link>
          </h2>
          <p>
            Short lessons on negotiation, visibility, resources, CSP, permissions, the sandbox and
            the bridge, each with a widget to try and a self-check.
          </p>
        </li>
        <li className="card">
          <h2>
            <Link href="/simulator">Simulator</Link>
          </h2>
          <p>
            A real server, host, sandbox proxy and view in your browser. Change one field and watch
            the host&apos;s decision table, rule by rule.
          </p>
        </li>
        <li className="card">
          <h2>
            <Link href="/review">Review a server</Link>
          </h2>
          <p>
            Point the host at your own MCP App server: its era, tools, decision tables and a
            checklist report with the rule and lesson behind every verdict.
          </p>
        </li>
        <li className="card">
          <h2>
            <Link href="/quizzes">Quizzes</Link>
          </h2>
          <p>
            Scenario questions with an explanation for every option, for practice now and the exam
            later.
          </p>
        </li>
      </ul>
      <HomeProgress
        lessons={lessons.map((l) => ({ slug: l.slug, title: l.title }))}
        questionIds={questionIds}
      />
    </>
  );
}
