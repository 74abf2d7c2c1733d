import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { bundleMDX } from "mdx-bundler";
import { z } from "zod";
import { CODE_LANGUAGES, CodePalette, highlightCode, isCodeLanguage } from "./highlight";
import { isRuleId } from "../rules";
import { ruleIdSchema } from "../rules/schema";
import { MDX_COMPONENT_NAMES, MDX_HTML_ELEMENTS } from "./component-names";
import { ContentError, formatPath } from "./errors";
import { remarkSourceLinks } from "./remark-source-links";
import {
  rehypeHighlightCode,
  remarkHeadingIds,
  remarkKnownTags,
  remarkLessonUsage,
  remarkSectionText,
  type Heading,
  type LessonSection,
  type LessonUsage,
  type RuleRefSection,
  type SelfCheckSpec,
  type SpecRefSection,
} from "./mdx-plugins";

export const LESSONS_DIR = path.join(process.cwd(), "content", "checklist");
/** Where `<TryIt scenario="…">` looks for presets (the simulator's `content/scenarios/`). */
const LESSON_SCENARIOS_DIR = path.join(process.cwd(), "content", "scenarios");

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lesson frontmatter. Unknown keys are refused so a misspelt field never goes unnoticed. */
const lessonFrontmatterSchema = z.strictObject({
  title: z.string().trim().min(3).max(90),
  slug: z.string().regex(SLUG, "must be lower-case words joined by hyphens"),
  order: z.number().int().positive(),
  summary: z.string().trim().min(20).max(240),
  rules: z.array(ruleIdSchema).min(1, "cite at least one rule ID"),
  minutes: z.number().int().min(1).max(60),
});

type LessonFrontmatter = z.infer<typeof lessonFrontmatterSchema>;

export interface LessonMeta extends LessonFrontmatter {
  /** Path relative to the project root, for error messages and "edit this page" links. */
  file: string;
}

export interface CompiledLesson {
  meta: LessonMeta;
  /** The compiled MDX module body, evaluated on the client by `getMDXComponent`. */
  code: string;
  /** The CSS of the body's code-token classes (CodePalette), for the page's `<style>`; "" if none. */
  codeCss: string;
  headings: Heading[];
  /** Each `<SelfCheck>` in the body, for the page to resolve against the quiz banks. */
  selfChecks: SelfCheckSpec[];
  /** Preset ids the body links with `<TryIt>`; each exists in `content/scenarios/`. */
  scenarios: string[];
  /** Rule IDs the body cites with `<RuleRef>`. */
  ruleRefs: string[];
  /** Each `<RuleRef>` with the id of the heading it sits under, for the rules page's back-links. */
  ruleRefSections: RuleRefSection[];
  /** Each `<SpecRef>`: a catalogue entry cited directly, with the heading it sits under. */
  specRefSections: SpecRefSection[];
  /** Every heading in order with its depth and whether its id is pinned. */
  outline: LessonUsage["outline"];
  /** Plain text per heading, for the search index. */
  sections: LessonSection[];
}

export interface CompileOptions {
  /** Directory of simulator presets that `<TryIt>` may link; defaults to content/scenarios. */
  scenariosDir?: string;
}

function relative(file: string): string {
  return path.relative(process.cwd(), file).split(path.sep).join("/");
}

/** Validates one lesson's frontmatter; throws a ContentError naming the file and field. */
export function parseLessonFrontmatter(data: unknown, file: string): LessonMeta {
  const result = lessonFrontmatterSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ContentError(file, `frontmatter ${formatPath(issue.path)}`, issue.message);
  }
  const expected = path.basename(file, ".mdx");
  if (result.data.slug !== expected) {
    throw new ContentError(
      file,
      "frontmatter slug",
      `"${result.data.slug}" must equal the file name "${expected}"`,
    );
  }
  return { ...result.data, file };
}

async function readLessonFile(abs: string): Promise<{ meta: LessonMeta; source: string }> {
  const file = relative(abs);
  const source = await fs.readFile(abs, "utf8");
  let data: unknown;
  try {
    // An empty options object bypasses gray-matter's cache, which would hide an edited file.
    data = matter(source, {}).data;
  } catch (error) {
    throw new ContentError(file, "frontmatter", (error as Error).message.split("\n")[0]!);
  }
  return { meta: parseLessonFrontmatter(data, file), source };
}

/** Every lesson's metadata, sorted by `order`. Fails on duplicate slugs or orders. */
export async function listLessons(dir = LESSONS_DIR): Promise<LessonMeta[]> {
  const names = (await fs.readdir(/* turbopackIgnore: true */ dir))
    .filter((n) => n.endsWith(".mdx"))
    .sort();
  const lessons = await Promise.all(
    names.map((n) => readLessonFile(path.join(/* turbopackIgnore: true */ dir, n))),
  );
  const byOrder = new Map<number, string>();
  for (const { meta } of lessons) {
    const other = byOrder.get(meta.order);
    if (other) {
      throw new ContentError(
        meta.file,
        "frontmatter order",
        `${meta.order} is also used by ${other}`,
      );
    }
    byOrder.set(meta.order, meta.file);
  }
  return lessons.map((l) => l.meta).sort((a, b) => a.order - b.order);
}

interface EsbuildMessage {
  text: string;
  location?: { line: number; column: number } | null;
  detail?: unknown;
}

/**
 * Turns whatever the MDX compiler threw into a ContentError with the line and column. esbuild
 * wraps MDX errors in a prefix and a temporary file name, and for syntax errors reports 1:1 while
 * the real place sits in parentheses at the end; both are cleaned up here.
 */
function toContentError(error: unknown, file: string): ContentError {
  const first = (error as { errors?: EsbuildMessage[] }).errors?.[0];
  if (!first) {
    return new ContentError(
      file,
      undefined,
      error instanceof Error ? error.message : String(error),
    );
  }
  let text = first.text
    .replace(/^Cannot process MDX file with esbuild:\s*/, "")
    .replace(/^\S*_mdx_bundler_entry_point[^:]*\.mdx:/, "");
  let lead: [number, number] | undefined;
  const leading = /^(\d+):(\d+)(?:-\d+:\d+)?:\s*/.exec(text);
  if (leading) {
    lead = [Number(leading[1]), Number(leading[2])];
    text = text.slice(leading[0].length);
  }
  const paren = /\((\d+):(\d+)-\d+:\d+\)$/.exec(text);
  const esbuild = first.location?.line
    ? [first.location.line, first.location.column + 1]
    : undefined;
  const place = paren ? [Number(paren[1]), Number(paren[2])] : (lead ?? esbuild);
  return new ContentError(file, place ? `line ${place[0]}:${place[1]}` : undefined, text.trim());
}

/**
 * Compiles one lesson's MDX. Unknown tags, imports, syntax errors, unknown rule IDs, links to
 * missing presets and unknown code languages throw with file and line.
 */
export async function compileLessonSource(
  source: string,
  meta: LessonMeta,
  { scenariosDir = LESSON_SCENARIOS_DIR }: CompileOptions = {},
): Promise<CompiledLesson> {
  const headings: Heading[] = [];
  const sections: LessonSection[] = [];
  const usage: LessonUsage = {
    selfChecks: [],
    scenarios: [],
    ruleRefs: [],
    ruleRefSections: [],
    specRefSections: [],
    outline: [],
  };
  const palette = new CodePalette();
  const scenarioExists = (id: string) =>
    existsSync(path.join(/* turbopackIgnore: true */ scenariosDir, `${id}.json`));
  try {
    const { code } = await bundleMDX({
      source,
      cwd: path.dirname(path.resolve(meta.file)),
      mdxOptions(options) {
        options.remarkPlugins = [
          ...(options.remarkPlugins ?? []),
          [remarkKnownTags, { components: MDX_COMPONENT_NAMES, htmlElements: MDX_HTML_ELEMENTS }],
          [remarkHeadingIds, headings],
          [remarkLessonUsage, usage, { isRuleId, scenarioExists }],
          [remarkSectionText, sections],
          remarkSourceLinks,
        ];
        options.rehypePlugins = [
          ...(options.rehypePlugins ?? []),
          [
            rehypeHighlightCode,
            {
              languages: Object.keys(CODE_LANGUAGES),
              highlight: (code: string, lang: string) =>
                highlightCode(code, isCodeLanguage(lang) ? lang : "text", palette),
            },
          ],
        ];
        return options;
      },
      esbuildOptions(options) {
        options.minify = true;
        // Errors are rethrown as ContentError; esbuild's own printout would only repeat them.
        options.logLevel = "silent";
        return options;
      },
    });
    return { meta, code, codeCss: palette.css(), headings, sections, ...usage };
  } catch (error) {
    throw toContentError(error, meta.file);
  }
}

/** Loads and compiles the lesson with this slug; throws when there is none. */
export async function loadLesson(
  slug: string,
  dir = LESSONS_DIR,
  options: CompileOptions = {},
): Promise<CompiledLesson> {
  if (!SLUG.test(slug)) throw new Error(`not a lesson slug: ${JSON.stringify(slug)}`);
  const { meta, source } = await readLessonFile(
    path.join(/* turbopackIgnore: true */ dir, `${slug}.mdx`),
  );
  return compileLessonSource(source, meta, options);
}
