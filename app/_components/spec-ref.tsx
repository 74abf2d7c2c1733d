import Link from "@/app/_components/link";

/**
 * A citation of the specification itself, by requirements catalogue id, for a requirement no rule
 * of the reference carries yet: it links to the entry's row on `/spec`, which names the spec page
 * and line. Lessons write `<SpecRef id="area/name" />`; the coverage test checks that the id exists.
 */
export function SpecRef({ id }: { id: string }) {
  return (
    <Link
      className="rule-ref spec-ref"
      href={`/spec#${id}`}
      title="The specification itself (no rule yet)"
    >
      spec: {id}
    </Link>
  );
}
