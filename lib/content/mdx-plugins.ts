/**
 * Remark plugins that make lesson MDX strict: unknown tags and ES imports fail the compile with a
 * line number, and every heading gets a stable id: pinned by a trailing MDX comment expression that
 * holds only the id (react.dev's convention, written `{` slash-star id star-slash `}`), or derived
 * from its text.
 */

interface Point {
  line: number;
  column: number;
}
interface MdNode {
  type: string;
  name?: string | null;
  value?: string;
  depth?: number;
  children?: MdNode[];
  position?: { start: Point };
  data?: { hProperties?: Record<string, unknown> };
}

/** The part of a vfile the plugins use: `fail` throws a message that carries the node's line. */
interface VFileLike {
  fail(reason: string, place?: unknown): never;
}

function walk(node: MdNode, fn: (node: MdNode) => void): void {
  fn(node);
  for (const child of node.children ?? []) walk(child, fn);
}

export interface KnownTagsOptions {
  components: readonly string[];
  htmlElements: readonly string[];
}

/** Refuses any JSX tag outside the registry, and any import/export in a lesson. */
export function remarkKnownTags(options: KnownTagsOptions) {
  const components = new Set(options.components);
  const html = new Set(options.htmlElements);
  return (tree: MdNode, file: VFileLike) => {
    const fail: (node: MdNode, message: string) => never = (node, message) =>
      file.fail(message, node.position);
    walk(tree, (node) => {
      // mdx-bundler adds its own `export const frontmatter`, which has no source position.
      if (node.type === "mdxjsEsm" && node.position) {
        fail(node, "import/export is not allowed in a lesson; use a registered component instead");
      }
      if (node.type !== "mdxJsxFlowElement" && node.type !== "mdxJsxTextElement") return;
      const name = node.name;
      if (!name) fail(node, "fragments (<>…</>) are not allowed in a lesson");
      if (/^[A-Z]/.test(name) || name.includes(".")) {
        if (!components.has(name)) {
          fail(
            node,
            `unknown component <${name}>; registered components are: ${[...components].join(", ")}`,
          );
        }
      } else if (!html.has(name)) {
        fail(node, `HTML element <${name}> is not allowed in a lesson; write Markdown instead`);
      }
    });
  };
}

export interface Heading {
  id: string;
  depth: number;
  text: string;
}

/** Lower-case, ASCII, hyphen-separated slug of a heading's text. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`'"’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function textOf(node: MdNode): string {
  if (typeof node.value === "string" && (node.type === "text" || node.type === "inlineCode")) {
    return node.value;
  }
  return (node.children ?? []).map(textOf).join("");
}

const PINNED_ID = /^\/\*\s*([a-z0-9]+(?:-[a-z0-9]+)*)\s*\*\/$/;

/**
 * Gives every heading an `id` and records depth-2 and depth-3 headings in `out` for the
 * on-page table of contents. Duplicate ids fail the compile: two links would point at one place.
 */
export function remarkHeadingIds(out: Heading[]) {
  return (tree: MdNode, file: VFileLike) => {
    const fail: (node: MdNode, message: string) => never = (node, message) =>
      file.fail(message, node.position);
    const seen = new Set<string>();
    walk(tree, (node) => {
      if (node.type !== "heading" || !node.children) return;
      const last = node.children[node.children.length - 1];
      let id: string | undefined;
      if (last?.type === "mdxTextExpression" && typeof last.value === "string") {
        const match = PINNED_ID.exec(last.value.trim());
        if (!match) fail(last, `a heading expression must be a pinned id such as {/*my-id*/}`);
        id = match[1];
        node.children.pop();
        const prev = node.children[node.children.length - 1];
        if (prev?.type === "text" && typeof prev.value === "string")
          prev.value = prev.value.trimEnd();
      }
      const text = textOf(node).trim();
      id ??= slugify(text);
      if (!id) fail(node, "heading has no text to derive an id from; pin one with {/*my-id*/}");
      if (seen.has(id)) fail(node, `duplicate heading id "${id}"`);
      seen.add(id);
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
      if (node.depth === 2 || node.depth === 3) out.push({ id, depth: node.depth, text });
    });
  };
}
