import type { Metadata } from "next";
import { RULE_GROUPS, SOURCE_LABELS, rulesInGroup } from "@/lib/rules";
import { InlineCode } from "../_components/inline-code";

export const metadata: Metadata = { title: "Rules" };

export default function RulesPage() {
  return (
    <>
      <h1>The rules</h1>
      <p className="muted">
        Every lesson section, simulator verdict and quiz question cites these IDs. Each rule names
        its source: the Apps specification 2026-01-26, the MCP core 2026-07-28, the Apps draft, the
        ext-apps SDK&apos;s behaviour, or a seed document&apos;s host policy, which is a choice and
        not a spec MUST.
      </p>
      {RULE_GROUPS.map((g) => (
        <section key={g.id} aria-labelledby={`group-${g.id.toLowerCase()}`}>
          <h2 id={`group-${g.id.toLowerCase()}`}>
            {g.id}: {g.name}
          </h2>
          <dl>
            {rulesInGroup(g.id).map((r) => (
              <div key={r.id} id={r.id.toLowerCase()} className="rule">
                <dt>
                  <strong>{r.id}</strong> {r.title}{" "}
                  <span className="muted">
                    ({r.sources.map((s) => SOURCE_LABELS[s]).join(", ")})
                  </span>
                </dt>
                <dd>
                  <InlineCode text={r.statement} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
