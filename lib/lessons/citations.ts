/**
 * Back-links for the rules page: for each rule ID, the lessons (and the sections within them),
 * the quiz questions and the simulator presets that cite it. Pure; the page feeds it the content
 * it loaded at build time.
 */

export interface CitingLessonSource {
  slug: string;
  title: string;
  /** Frontmatter `rules`: what the lesson as a whole teaches. */
  rules: readonly string[];
  headings: readonly { id: string; text: string }[];
  /** Each `<RuleRef>` in the body with the heading id it sits under ("" before the first). */
  ruleRefSections: readonly { rule: string; section: string }[];
}

export interface CitingQuestionSource {
  id: string;
  topic: string;
  rules: readonly string[];
}

export interface CitingPresetSource {
  id: string;
  title: string;
  /** The preset's description, which names the rules it shows in parentheses. */
  description: string;
}

interface LessonCitation {
  slug: string;
  title: string;
  /** Sections that cite the rule with `<RuleRef>`, in lesson order; empty when only the frontmatter does. */
  sections: { id: string; heading: string }[];
}

export interface RuleCitations {
  lessons: LessonCitation[];
  questions: { id: string; topic: string }[];
  presets: { id: string; title: string }[];
}

const RULE_ID_IN_TEXT = /\b[A-Z]{2,5}-\d+\b/g;

/**
 * Indexes every citation by rule ID. Lessons keep course order and questions and presets their
 * input order; a rule nothing cites gets empty lists (the page says so).
 */
export function collectRuleCitations(
  ruleIds: readonly string[],
  lessons: readonly CitingLessonSource[],
  questions: readonly CitingQuestionSource[],
  presets: readonly CitingPresetSource[],
): Map<string, RuleCitations> {
  const out = new Map<string, RuleCitations>(
    ruleIds.map((id) => [id, { lessons: [], questions: [], presets: [] }]),
  );
  for (const lesson of lessons) {
    const headingText = new Map(lesson.headings.map((h) => [h.id, h.text]));
    const order = new Map(lesson.headings.map((h, i) => [h.id, i]));
    for (const id of new Set([...lesson.rules, ...lesson.ruleRefSections.map((r) => r.rule)])) {
      const entry = out.get(id);
      if (!entry) continue;
      const sections = [
        ...new Set(
          lesson.ruleRefSections.filter((r) => r.rule === id && r.section).map((r) => r.section),
        ),
      ]
        .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
        .map((s) => ({ id: s, heading: headingText.get(s) ?? s }));
      entry.lessons.push({ slug: lesson.slug, title: lesson.title, sections });
    }
  }
  for (const q of questions) {
    for (const id of new Set(q.rules)) out.get(id)?.questions.push({ id: q.id, topic: q.topic });
  }
  for (const p of presets) {
    for (const id of new Set(p.description.match(RULE_ID_IN_TEXT) ?? [])) {
      out.get(id)?.presets.push({ id: p.id, title: p.title });
    }
  }
  return out;
}
