import type { LoadedSpecEntry } from "@/lib/content/spec";
import type { GapList } from "@/lib/content/spec-coverage";
import { SPEC_PARTIES } from "@/lib/content/spec-schema";
import { PARTY_LABEL } from "./party-labels";

/**
 * The page's headline: how many MUST-level entries (MUST, MUST NOT, REQUIRED) have no gap, in all
 * and by the party they bind.
 */
export function MustHeadline({
  mustLevel,
  gaps,
}: {
  /** The MUST-level entries. */
  mustLevel: readonly LoadedSpecEntry[];
  /** Entry id → what it lacks; an entry without one is covered. */
  gaps: GapList;
}) {
  const mustCovered = mustLevel.filter((e) => !gaps[e.id]).length;
  return (
    <>
      <p className="spec-headline" data-testid="spec-headline">
        <strong>
          {mustCovered} of {mustLevel.length}
        </strong>{" "}
        MUSTs (with MUST NOTs and REQUIREDs) taught, drilled and tested: each has a rule, a lesson
        section citing it, at least two questions and a host test, a review item or a stated reason.
      </p>
      <ul className="spec-by-party" data-testid="spec-must-by-party">
        {SPEC_PARTIES.map((p) => {
          const list = mustLevel.filter((e) => e.party === p);
          if (list.length === 0) return null;
          const done = list.filter((e) => !gaps[e.id]).length;
          return (
            <li key={p}>
              {PARTY_LABEL[p]}: {done} of {list.length}
            </li>
          );
        })}
      </ul>
    </>
  );
}
