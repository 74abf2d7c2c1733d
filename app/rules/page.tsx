import type { Metadata } from "next";
import Link from "@/app/_components/link";
import { listLessons, loadLesson } from "@/lib/content/lessons";
import { loadQuizBanks } from "@/lib/content/quizzes";
import { loadScenarioFiles } from "@/lib/content/scenarios";
import { collectRuleCitations, type RuleCitations } from "@/lib/lessons/citations";
import { RULE_GROUPS, RULE_IDS, SOURCE_LABELS, rulesInGroup } from "@/lib/rules";
import { InlineCodeWithSources } from "@/app/_components/inline-code-sources";
import { loadSpecCatalogue } from "@/lib/content/spec";
import { practiceHref, stemExcerpt, topicName } from "../quizzes/topics";
import { RuleFilter } from "./rule-filter";
import { RuleTarget } from "./rule-target";
import "./rules.css";

export const metadata: Metadata = { title: "Rules" };

function Citations({
  id,
  c,
  stems,
  spec,
}: {
  id: string;
  c: RuleCitations;
  stems: ReadonlyMap<string, string>;
  spec: readonly { id: string; keyword: string; section: string }[];
}) {
  const counts = [
    `${c.lessons.length} ${c.lessons.length === 1 ? "lesson" : "lessons"}`,
    `${c.questions.length} ${c.questions.length === 1 ? "question" : "questions"}`,
    `${c.presets.length} ${c.presets.length === 1 ? "preset" : "presets"}`,
    `${spec.length} spec ${spec.length === 1 ? "statement" : "statements"}`,
  ].join(" · ");
  return (
    <details className="rule-cited">
      <summary>Cited by: {counts}</summary>
      <dl className="rule-links">
        <dt>In the spec</dt>
        <dd>
          {spec.length === 0 ? (
            <span className="muted">
              none: the catalogue maps the spec&rsquo;s MUST, SHOULD and MAY statements, and none
              rests on this rule
            </span>
          ) : (
            <ul>
              {spec.map((e) => (
                <li key={e.id}>
                  <Link href={`/spec#${e.id}`} data-spec-entry={e.id}>
                    {e.section}
                  </Link>{" "}
                  <span className="muted">({e.keyword})</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Lessons</dt>
        <dd>
          {c.lessons.length === 0 ? (
            <span className="muted">none yet</span>
          ) : (
            <ul>
              {c.lessons.map((l) => (
                <li key={l.slug}>
                  <Link href={`/lessons/${l.slug}`}>{l.title}</Link>
                  {l.sections.length > 0 ? (
                    <>
                      {": "}
                      {l.sections.map((s, i) => (
                        <span key={s.id}>
                          {i > 0 ? ", " : null}
                          <Link href={`/lessons/${l.slug}#${s.id}`}>{s.heading}</Link>
                        </span>
                      ))}
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Questions</dt>
        <dd>
          {c.questions.length === 0 ? (
            <span className="muted">none yet</span>
          ) : (
            <ul aria-label={`Questions citing ${id}`}>
              {c.questions.map((q) => (
                <li key={q.id}>
                  <Link
                    href={`${practiceHref(q.topic)}?q=${encodeURIComponent(q.id)}`}
                    title={`${topicName(q.topic)} practice, question ${q.id}`}
                    data-question={q.id}
                  >
                    {stemExcerpt(stems.get(q.id) ?? q.id, 90)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Presets</dt>
        <dd>
          {c.presets.length === 0 ? (
            <span className="muted">none</span>
          ) : (
            <ul>
              {c.presets.map((p) => (
                <li key={p.id}>
                  <Link href={`/simulator?preset=${p.id}`} data-preset={p.id}>
                    {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </details>
  );
}

/**
 * Every rule with its sources, and what cites it: lessons (down to the section where a
 * `<RuleRef>` sits), quiz questions and simulator presets, all collected at build time. A link to
 * `/rules#TOOL-2` (or `/rules?id=TOOL-2`) highlights that rule.
 */
export default async function RulesPage() {
  const [lessons, banks, presets, catalogue] = await Promise.all([
    listLessons().then((list) => Promise.all(list.map((l) => loadLesson(l.slug)))),
    loadQuizBanks(),
    loadScenarioFiles(),
    loadSpecCatalogue(),
  ]);
  const stems = new Map(banks.flatMap((b) => b.questions).map((q) => [q.id, q.stem]));
  const specByRule = new Map<string, { id: string; keyword: string; section: string }[]>();
  for (const e of [...catalogue].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    for (const r of e.rules) {
      const list = specByRule.get(r) ?? [];
      list.push({ id: e.id, keyword: e.keyword, section: e.places[0]?.section ?? e.id });
      specByRule.set(r, list);
    }
  }
  const citations = collectRuleCitations(
    RULE_IDS,
    lessons.map((l) => ({
      slug: l.meta.slug,
      title: l.meta.title,
      rules: l.meta.rules,
      headings: l.headings,
      ruleRefSections: l.ruleRefSections,
      specRefSections: l.specRefSections,
    })),
    banks.flatMap((b) => b.questions),
    presets.map(({ scenario: s }) => ({ id: s.id, title: s.title, description: s.description })),
  );
  return (
    <>
      <RuleTarget />
      <h1>The rules</h1>
      <p className="muted">
        Every lesson section, simulator verdict and quiz question cites these IDs. Each rule names
        its source: the Apps specification 2026-01-26, the MCP core 2026-07-28, the Apps draft, the
        ext-apps SDK&apos;s behaviour, or <Link href="/reference/sources">checklist advice</Link>: a
        practitioners&apos; checklist&apos;s choice, not a spec MUST. Under each rule, folded: the
        spec statements it carries, and the lessons, questions and simulator presets that cite it.
        For the spec&apos;s own statements, each mapped to these rules, see{" "}
        <Link href="/spec">the spec, mapped</Link>.
      </p>
      <RuleFilter total={RULE_IDS.length} />
      <nav aria-label="Rule groups" className="rule-groups">
        <ul className="inline-list">
          {RULE_GROUPS.map((g) => (
            <li key={g.id}>
              <a href={`#group-${g.id.toLowerCase()}`}>{g.topic}</a>
            </li>
          ))}
        </ul>
      </nav>
      {RULE_GROUPS.map((g) => (
        <section
          key={g.id}
          aria-labelledby={`group-${g.id.toLowerCase()}`}
          data-rule-section={g.id}
        >
          <h2 id={`group-${g.id.toLowerCase()}`}>
            {g.id}: {g.topic}
          </h2>
          {g.name !== g.topic ? (
            <p className="muted">Headed &ldquo;{g.name}&rdquo; in the rules reference.</p>
          ) : null}
          {rulesInGroup(g.id).map((r) => (
            <article
              key={r.id}
              id={r.id}
              className="rule"
              aria-labelledby={`${r.id}-title`}
              data-filter-text={`${r.id} ${r.title} ${r.statement} ${r.sources.map((x) => SOURCE_LABELS[x]).join(" ")}`.toLowerCase()}
            >
              <h3 id={`${r.id}-title`}>
                <span className="rule-id">{r.id}</span> {r.title}
              </h3>
              <p className="rule-sources muted">
                {r.sources.map((s, i) => (
                  <span key={s}>
                    {i > 0 ? " · " : null}
                    {s === "seed" ? (
                      <Link href="/reference/sources">{SOURCE_LABELS[s]}</Link>
                    ) : (
                      SOURCE_LABELS[s]
                    )}
                  </span>
                ))}
              </p>
              <p className="rule-statement">
                <InlineCodeWithSources text={r.statement} />
              </p>
              <Citations
                id={r.id}
                c={citations.get(r.id)!}
                stems={stems}
                spec={specByRule.get(r.id) ?? []}
              />
            </article>
          ))}
        </section>
      ))}
    </>
  );
}
