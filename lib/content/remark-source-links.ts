import { splitSourceMentions } from "./sources";

// Lessons name the checklists they were written from ("the review checklist in our sources");
// issue #35 asks that every such mention link to the sources page, which says what the document
// is and that it is a practitioners' checklist, not the specification. This remark plugin does it
// for every lesson, so no lesson can mention one unlinked.

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

/** Nodes whose text stays as it is: headings (their ids and the table of contents), links, code. */
const SKIP = new Set(["heading", "link", "linkReference", "inlineCode", "code"]);

function linkIn(node: MdNode): void {
  if (!node.children || SKIP.has(node.type)) return;
  node.children = node.children.flatMap((child): MdNode[] => {
    if (child.type !== "text" || !child.value) {
      linkIn(child);
      return [child];
    }
    return splitSourceMentions(child.value).map((s) =>
      "href" in s
        ? { type: "link", url: s.href, children: [{ type: "text", value: s.text }] }
        : { type: "text", value: s.text },
    );
  });
}

/** Turns each mention of a source document in a lesson's prose into a link to its entry. */
export function remarkSourceLinks() {
  return (tree: MdNode) => linkIn(tree);
}
