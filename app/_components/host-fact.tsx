import Link from "@/app/_components/link";

/**
 * A citation of a fact about a real host: a field of its profile (content/host-profiles) or a
 * catalogue entry of its record (content/hosts), linked to the host's page on `/hosts`. Lessons
 * write `<HostFact host="claude" field="cspFrameDomains" value="dropped" />` or
 * `<HostFact host="chatgpt" cell="display-mode/no-undeclared-mode" />`; a unit test
 * (lib/content/real-hosts-lesson.test.ts) checks the host, the field or cell, the value, and that
 * the sentence gives the source's date and kind.
 */
export function HostFact({
  host,
  field,
  cell,
}: {
  host: string;
  field?: string;
  cell?: string;
  value?: string;
}) {
  return (
    <Link
      className="rule-ref spec-ref"
      href={`/hosts/${host}`}
      title={field ? "A field of the host's profile" : "A catalogue entry of the host's record"}
    >
      {host}: {field ?? cell}
    </Link>
  );
}
