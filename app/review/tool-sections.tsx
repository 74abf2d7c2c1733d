// One section per tool: a UI tool's decision table, checklist and runner; a plain tool's checklist.
import { DecisionTable } from "@/app/_components/decision-table";
import { RuleRef } from "@/app/_components/rule-ref";
import { ServerText } from "@/app/_components/server-text";
import type { UiToolReview } from "@/lib/host/inspect";
import type { Report, ReportItem } from "@/lib/review/report";
import { LazyToolRunner as ToolRunner } from "./lazy-result-parts";
import { ReportItems } from "./report-items";
import type { ReviewTarget } from "./review-phase";

/** A tool without a view still gets its checklist: visibility, annotations, outputSchema (issue #21). */
export function PlainToolSection({ name, items }: { name: string; items: ReportItem[] }) {
  if (!items.length) return null;
  const h = `review-plain-tool-${name.replace(/[^\w-]/g, "_")}`;
  return (
    <section
      aria-labelledby={h}
      className="review-tool"
      data-testid="review-plain-tool"
      data-tool={name}
    >
      <h2 id={h}>
        Tool <ServerText text={name} code /> (no view)
      </h2>
      <ReportItems items={items} caption={`Checklist items for ${name}`} />
    </section>
  );
}

/** Which key names the tool's view, the flat one marked deprecated (TOOL-1). */
export function keyLabel(t: UiToolReview) {
  if (t.uriKey === "nested") return <code>_meta.ui.resourceUri</code>;
  if (t.uriKey === "flat")
    return (
      <>
        <code>_meta[&quot;ui/resourceUri&quot;]</code>{" "}
        <span className="review-deprecated">deprecated</span>
      </>
    );
  return (
    <>
      <code>_meta.ui.resourceUri</code> and <code>_meta[&quot;ui/resourceUri&quot;]</code>{" "}
      <span className="review-deprecated">flat key deprecated</span>
    </>
  );
}

/** A UI tool: its view, its decision table, its checklist and the runner (Preview, Run). */
export function UiToolSection({
  tool,
  items,
  target,
  era,
  onViewChecks,
  onAppCalls,
}: {
  tool: UiToolReview;
  items: ReportItem[];
  /** The server, for the tool runner (it opens its own connection). */
  target: ReviewTarget;
  era: Report["era"];
  onViewChecks: (tool: string, items: ReportItem[]) => void;
  onAppCalls: (tool: string, names: string[]) => void;
}) {
  const h = `review-tool-${tool.name.replace(/[^\w-]/g, "_")}`;
  return (
    <section
      aria-labelledby={h}
      className="review-tool"
      data-testid="review-ui-tool"
      data-tool={tool.name}
    >
      <h2 id={h}>
        UI tool <ServerText text={tool.name} code />
      </h2>
      <p>
        View <ServerText text={tool.resourceUri} code />, named by {keyLabel(tool)}.
      </p>
      <h3>Decision table</h3>
      <DecisionTable decision={tool.decision} rule={(id) => <RuleRef id={id} />} />
      <h3>Checklist</h3>
      <ReportItems items={items} caption={`Checklist items for ${tool.name}`} />
      <ToolRunner
        target={target}
        era={era}
        tool={tool}
        onViewChecks={(items: ReportItem[]) => onViewChecks(tool.name, items)}
        onAppCalls={(names: string[]) => onAppCalls(tool.name, names)}
      />
    </section>
  );
}
