import Link from "@/app/_components/link";

/**
 * A citation chip: the rule ID, linking to its entry on the rules page. `title` (the rule's name,
 * shown on hover) is filled in where the rules data is at hand, on the server (RuleCitation);
 * widgets and question cards in the browser leave it out rather than ship every rule's text to
 * every page. IDs here are checked where they are written: the citation scan test for literals,
 * the content schemas for lessons, questions and the matrix.
 */
export function RuleRef({ id, title }: { id: string; title?: string }) {
  return (
    <Link className="rule-ref" href={`/rules#${id}`} title={title}>
      {id}
    </Link>
  );
}
