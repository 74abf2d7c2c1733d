import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { listLessons, loadLesson } from "./lessons";
import { loadQuizBanks } from "./quizzes";
import { findSharedCopy, SPEC_COPIES } from "../shared-dir";
import { indexLesson, type SpecLinkIndex } from "./spec-coverage";
import { SPEC_SOURCES, type SpecSource } from "./spec-schema";

// Node-only: gathers what the catalogue's links point at, for the coverage test and
// `npm run spec:gaps`. Test titles and review item ids are read from the source with the
// TypeScript parser (calls and object literals, not text patterns).

/**
 * Where the fixed-line copies of the spec pages live: `$SPEC_COPIES_DIR`, else `reference/specs`
 * of the shared folder (`$ACADEMY_SHARED_DIR`, else `../shared` beside the repository; see
 * shared-dir.ts). Undefined when absent (the line check is skipped).
 */
export function specCopiesDir(): string | undefined {
  return findSharedCopy(SPEC_COPIES);
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

function literalText(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;
}

/** The callee of `test(…)`, `it(…)`, `test.only(…)`, `test.skip(…)`, `it.fails(…)` …: test or it. */
function isTestCall(call: ts.CallExpression): boolean {
  let callee: ts.Expression = call.expression;
  if (ts.isPropertyAccessExpression(callee)) {
    if (callee.name.text === "describe" || callee.name.text === "step") return false;
    callee = callee.expression;
  }
  return ts.isIdentifier(callee) && (callee.text === "test" || callee.text === "it");
}

/**
 * The titles of every `test("…")` / `it("…")` call in a test file's source. A title built from a
 * template with substitutions has no fixed text and is left out: a catalogue cannot name it.
 */
export function testTitlesIn(source: string, file = "x.test.ts"): Set<string> {
  const titles = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isTestCall(node)) {
      const title = literalText(node.arguments[0]);
      if (title !== undefined) titles.add(title);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, source));
  return titles;
}

/**
 * The ids of the review checklist items: the `id` of every object literal in the files below
 * that also has `title` and `ruleIds`, the shape of a `ReportItem` (the report builds its items
 * inline and exports no list of ids).
 */
/** The files that build review items: the report's by concern, wire-checks.ts for those judged from the raw JSON (issue #21), the call's and the rendered view's. */
export const REVIEW_ITEM_SOURCES = [
  "lib/review/server-items.ts",
  "lib/review/ui-tool-items.ts",
  "lib/review/view-resource-items.ts",
  "lib/review/static-view-items.ts",
  "lib/review/wire-checks.ts",
  "lib/review/call-items.ts",
  "lib/review/view-checks.ts",
  "lib/review/render-outcome.ts",
] as const;

export function reviewItemIdsIn(source: string): Set<string> {
  const ids = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const props = new Map(
        node.properties
          .filter(ts.isPropertyAssignment)
          .map((p) => [ts.isIdentifier(p.name) ? p.name.text : "", p.initializer] as const),
      );
      // An id chosen by a condition (`tool === undefined ? "rendering" : …`) gives its literal branches.
      const raw = props.get("id");
      const choices =
        raw && ts.isConditionalExpression(raw) ? [raw.whenTrue, raw.whenFalse] : [raw];
      if (props.has("title") && props.has("ruleIds"))
        for (const c of choices) {
          const id = literalText(c);
          if (id) ids.add(id);
        }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse("report.ts", source));
  return ids;
}

/** Builds the link index over the real content of the project at `root`. */
export async function loadSpecLinkIndex(root = process.cwd()): Promise<SpecLinkIndex> {
  const [lessons, banks] = await Promise.all([
    listLessons().then((list) => Promise.all(list.map((l) => loadLesson(l.slug)))),
    loadQuizBanks(),
  ]);
  const titles = new Map<string, Set<string> | undefined>();
  const copies = specCopiesDir();
  return {
    lessons: new Map(
      lessons.map((l) => [
        l.meta.slug,
        indexLesson({
          title: l.meta.title,
          outline: l.outline,
          headings: l.headings,
          ruleRefSections: l.ruleRefSections,
          specRefSections: l.specRefSections,
        }),
      ]),
    ),
    questions: new Map(
      banks.flatMap((b) =>
        b.questions.map((q) => [q.id, { rules: q.rules, spec: q.spec, topic: q.topic }]),
      ),
    ),
    testTitles: (file) => {
      if (!titles.has(file)) {
        const abs = path.resolve(root, file);
        const inside = !path.relative(root, abs).startsWith("..");
        titles.set(
          file,
          inside && existsSync(abs) ? testTitlesIn(readFileSync(abs, "utf8"), file) : undefined,
        );
      }
      return titles.get(file);
    },
    reviewItemIds: new Set(
      REVIEW_ITEM_SOURCES.flatMap((f) => [
        ...reviewItemIdsIn(readFileSync(path.resolve(root, f), "utf8")),
      ]),
    ),
    specLines: copies
      ? Object.fromEntries(
          (Object.keys(SPEC_SOURCES) as SpecSource[])
            .filter((s) => existsSync(path.join(copies, SPEC_SOURCES[s].file)))
            .map((s) => [
              s,
              readFileSync(path.join(copies, SPEC_SOURCES[s].file), "utf8").split(/\r?\n/),
            ]),
        )
      : undefined,
  };
}
