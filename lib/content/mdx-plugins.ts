/**
 * Remark plugins that make lesson MDX strict: unknown tags and ES imports fail the compile with a
 * line number, and every heading gets a stable id: pinned by a trailing MDX comment expression that
 * holds only the id (react.dev's convention, written `{` slash-star id star-slash `}`), or derived
 * from its text.
 */
import { SPEC_ID } from "./spec-id";

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
  data?: { hProperties?: Record<string, unknown>; pinnedId?: boolean };
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
function slugify(text: string): string {
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
      const pinned = last?.type === "mdxTextExpression";
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
      node.data = {
        ...node.data,
        hProperties: { ...node.data?.hProperties, id },
        ...(pinned ? { pinnedId: true } : {}),
      };
      if (node.depth === 2 || node.depth === 3) out.push({ id, depth: node.depth, text });
    });
  };
}

interface JsxAttribute {
  type: string;
  name?: string;
  value?: string | { type: string; value: string } | null;
}

/** What a lesson's components ask of the build: self-checks to resolve, presets to link. */
export interface SelfCheckSpec {
  /** Rule IDs the questions are drawn by. */
  rules: string[];
  /** Question ids pinned first, in this order. */
  questions: string[];
  /** How many questions to show (3–5). */
  count: number;
  /** Source line, for error messages. */
  line: number;
}

export interface LessonUsage {
  selfChecks: SelfCheckSpec[];
  /** Preset ids linked with `<TryIt scenario="…">`, in order of appearance. */
  scenarios: string[];
  /** Rule IDs cited in the body with `<RuleRef id="…">`. */
  ruleRefs: string[];
  /**
   * The same citations with the id of the heading they sit under ("" before the first), and
   * `within`: the ids of every heading whose section holds the citation (the enclosing `##`, the
   * `###` inside it, …: a section runs to the next heading of the same or a higher level).
   */
  ruleRefSections: RuleRefSection[];
  /**
   * Catalogue entries cited directly with `<SpecRef id="area/name">`, where the spec states a
   * requirement that no rule of the reference carries yet; same `section`/`within` as above.
   */
  specRefSections: SpecRefSection[];
  /** Every heading of the body in order, at any depth, and whether its id is pinned in the source. */
  outline: { id: string; depth: number; pinned: boolean }[];
}

export interface RuleRefSection {
  rule: string;
  section: string;
  within: string[];
}

export interface SpecRefSection {
  entry: string;
  section: string;
  within: string[];
}

export interface LessonUsageOptions {
  isRuleId: (id: string) => boolean;
  /** Whether a simulator preset with this id exists; a link to a missing one fails the build. */
  scenarioExists: (id: string) => boolean;
}

export const SELF_CHECK_DEFAULT_COUNT = 4;
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads the literal props of the components whose data the build must supply or check: every
 * `<RuleRef id>` must name a known rule, every `<TryIt scenario>` an existing preset, and every
 * `<SelfCheck>` literal lists (the page resolves its questions from the quiz banks at build time,
 * because the MDX body cannot read files). Props must be literals so the build can read them.
 */
export function remarkLessonUsage(out: LessonUsage, options: LessonUsageOptions) {
  return (tree: MdNode, file: VFileLike) => {
    // The walk is in document order, so the last heading seen is the one a citation sits under
    // (ids were set by remarkHeadingIds, which runs first).
    let section = "";
    const open: { id: string; depth: number }[] = [];
    walk(tree, (node) => {
      if (node.type === "heading") {
        const id = node.data?.hProperties?.id;
        section = typeof id === "string" ? id : "";
        const depth = node.depth ?? 1;
        while (open.length && open[open.length - 1]!.depth >= depth) open.pop();
        open.push({ id: section, depth });
        out.outline.push({ id: section, depth, pinned: node.data?.pinnedId === true });
        return;
      }
      if (node.type !== "mdxJsxFlowElement" && node.type !== "mdxJsxTextElement") return;
      const fail = (message: string): never => file.fail(message, node.position);
      const attrs = new Map<string, JsxAttribute["value"]>();
      for (const a of (node as { attributes?: JsxAttribute[] }).attributes ?? []) {
        if (a.type !== "mdxJsxAttribute" || !a.name) fail(`<${node.name}> takes no spread props`);
        attrs.set(a.name!, a.value);
      }
      const text = (name: string): string | undefined => {
        const v = attrs.get(name);
        if (v === undefined) return undefined;
        if (typeof v !== "string") fail(`<${node.name}> ${name} must be a plain string, "…"`);
        return v as string;
      };
      const literal = (name: string): unknown => {
        const v = attrs.get(name);
        if (v === undefined) return undefined;
        if (typeof v === "string" || !v) return v;
        try {
          return JSON.parse(v.value);
        } catch {
          return fail(`<${node.name}> ${name} must be a literal such as {["CSP-2", "CSP-4"]}`);
        }
      };
      const idList = (name: string, valid: (id: string) => boolean, what: string): string[] => {
        const v = literal(name);
        if (v === undefined) return [];
        if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) {
          fail(`<${node.name}> ${name} must be a list of strings`);
        }
        for (const id of v as string[]) {
          if (!valid(id)) fail(`<${node.name}> ${name}: ${JSON.stringify(id)} is not ${what}`);
        }
        return v as string[];
      };

      if (node.name === "RuleRef") {
        const id = text("id");
        if (!id || !options.isRuleId(id)) {
          fail(`<RuleRef> cites unknown rule ID ${JSON.stringify(id ?? "")}`);
        }
        out.ruleRefs.push(id!);
        out.ruleRefSections.push({ rule: id!, section, within: open.map((h) => h.id) });
      } else if (node.name === "SpecRef") {
        const id = text("id");
        if (!id || !SPEC_ID.test(id)) {
          fail(`<SpecRef> needs id="area/name", a requirements catalogue id`);
        }
        out.specRefSections.push({ entry: id!, section, within: open.map((h) => h.id) });
      } else if (node.name === "TryIt") {
        const id = text("scenario");
        if (!id || !ID.test(id)) fail(`<TryIt> needs scenario="<preset id>"`);
        if (!options.scenarioExists(id!)) {
          fail(`<TryIt> links preset "${id}", but content/scenarios/${id}.json does not exist`);
        }
        out.scenarios.push(id!);
      } else if (node.name === "SelfCheck") {
        const rules = idList("rules", options.isRuleId, "a known rule ID");
        if (rules.length === 0) fail(`<SelfCheck> needs rules={["…"]} to draw questions by`);
        const questions = idList("questions", (id) => ID.test(id), "a question id");
        const count = literal("count") ?? SELF_CHECK_DEFAULT_COUNT;
        if (typeof count !== "number" || !Number.isInteger(count) || count < 3 || count > 5) {
          fail(`<SelfCheck> count must be a whole number from 3 to 5`);
        }
        out.selfChecks.push({
          rules,
          questions,
          count: count as number,
          line: node.position?.start.line ?? 0,
        });
      }
    });
  };
}

/** One heading's stretch of a lesson, as plain text: what lesson search indexes. */
export interface LessonSection {
  /** The heading's id; "" for the introduction before the first heading. */
  id: string;
  heading: string;
  text: string;
}

/**
 * Splits the lesson into sections at its headings and records each one's plain text (prose, list
 * items, callouts, code) for the search index. Runs after remarkHeadingIds, which sets the ids.
 */
export function remarkSectionText(out: LessonSection[]) {
  const plain = (node: MdNode): string => {
    if (node.type === "mdxFlowExpression" || node.type === "mdxTextExpression") return "";
    if (typeof node.value === "string" && /^(text|inlineCode|code)$/.test(node.type)) {
      return node.value;
    }
    return (node.children ?? []).map(plain).join(node.type === "list" ? " " : "");
  };
  return (tree: MdNode) => {
    let current: LessonSection = { id: "", heading: "", text: "" };
    const flush = () => {
      current.text = current.text.replace(/\s+/g, " ").trim();
      if (current.text || current.id) out.push(current);
    };
    for (const node of tree.children ?? []) {
      if (node.type === "heading") {
        flush();
        const id = node.data?.hProperties?.id;
        current = { id: typeof id === "string" ? id : "", heading: plain(node).trim(), text: "" };
      } else if (node.type !== "yaml" && node.type !== "mdxjsEsm") {
        current.text += ` ${plain(node)}`;
      }
    }
    flush();
  };
}

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
  position?: { start: Point };
}

/** The fence languages `check` may follow. */
const CHECKED_LANGUAGES = new Set(["ts", "typescript"]);

export interface HighlightOptions {
  /** Highlights one block; returns the `<pre>` element that replaces the plain one. */
  highlight: (code: string, lang: string) => unknown;
  languages: readonly string[];
}

/**
 * Replaces every fenced code block with its build-time highlighted form. A fence without a
 * language is plain text; a language outside `languages` fails the compile, so a typo such as
 * `jsno` is caught instead of silently losing its colours.
 */
export function rehypeHighlightCode(options: HighlightOptions) {
  const known = new Set(options.languages);
  return (tree: HastNode, file: VFileLike) => {
    const visit = (node: HastNode) => {
      const children = node.children ?? [];
      children.forEach((child, i) => {
        const code =
          child.tagName === "pre" ? child.children?.find((c) => c.type === "element") : undefined;
        if (child.type === "element" && code?.tagName === "code") {
          const classes = code.properties?.className;
          const langClass = Array.isArray(classes)
            ? classes.find((c): c is string => typeof c === "string" && c.startsWith("language-"))
            : undefined;
          const lang = langClass?.slice("language-".length) ?? "text";
          if (!known.has(lang)) {
            file.fail(
              `unknown code language "${lang}"; use one of ${[...known].join(", ")}`,
              child.position ?? code.position,
            );
          }
          // The fence's words after the language. Only `check` is known (```ts check: the block is
          // type-checked by lib/lessons/code-samples.test.ts); it steers the test, not the page, so
          // it is dropped here with the rest of the plain block.
          const meta = (code as { data?: { meta?: unknown } }).data?.meta;
          if (typeof meta === "string" && meta.trim()) {
            if (meta.trim() !== "check" || !CHECKED_LANGUAGES.has(lang)) {
              file.fail(
                `unknown code fence meta "${meta.trim()}" after "${lang}"; only \`ts check\` is known (a TypeScript block the tests type-check)`,
                child.position ?? code.position,
              );
            }
          }
          const text = (code.children ?? [])
            .map((c) => (c.type === "text" ? String((c as { value?: unknown }).value ?? "") : ""))
            .join("")
            .replace(/\n$/, "");
          children[i] = options.highlight(text, lang) as HastNode;
          return;
        }
        visit(child);
      });
    };
    visit(tree);
  };
}
