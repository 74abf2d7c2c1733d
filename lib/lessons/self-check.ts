import { SELF_CHECK_DEFAULT_COUNT } from "../content/mdx-plugins";
import type { Question } from "../content/quiz-schema";

/**
 * Lesson self-checks: 3–5 questions drawn from the quiz banks by rule ID, so a lesson and the
 * quizzes share one question rather than keeping two copies. Resolution runs at build time in
 * the lesson page; the client only looks the result up by key. Pure: no file access, no React.
 */

export const SELF_CHECK_MIN = 3;
export const SELF_CHECK_MAX = 5;

/** The props a `<SelfCheck>` tag may carry, as written in the lesson. */
export interface SelfCheckProps {
  rules: readonly string[];
  questions?: readonly string[];
  count?: number;
}

/** What the compiler read from one `<SelfCheck>` (see remarkLessonUsage). */
export interface SelfCheckRequest {
  rules: readonly string[];
  questions: readonly string[];
  count: number;
  line?: number;
}

/** A self-check with its questions chosen. */
export interface ResolvedSelfCheck {
  key: string;
  questions: Question[];
}

/** Thrown when a self-check cannot be filled; the message names the lesson file and line. */
class SelfCheckError extends Error {
  override name = "SelfCheckError";
}

/**
 * The key that ties a `<SelfCheck>` in the body to its questions. The compiler and the browser
 * compute it from the same literal props, so no index or generated id has to be kept in step.
 */
export function selfCheckKey(props: SelfCheckProps): string {
  return JSON.stringify([
    props.rules,
    props.questions ?? [],
    props.count ?? SELF_CHECK_DEFAULT_COUNT,
  ]);
}

/**
 * Question types a self-check picks by itself. "predict" questions belong with a simulator run
 * (the quiz pairs them with one), so a lesson shows one only when it pins it by id.
 */
const AUTO_TYPES: ReadonlySet<Question["type"]> = new Set([
  "single",
  "multi",
  "true-false",
  "fill-in",
  "order",
]);

/**
 * Chooses the questions for one self-check, deterministically: pinned ids first, in order; then,
 * greedily, the question that covers the most requested rules not yet covered, preferring those
 * whose `lesson` is this lesson, then a question type not yet shown, then bank order. Questions
 * whose `lesson` is in `later` (lessons after this one) are never drawn.
 * Throws when a pinned id is in no bank, a requested rule has no question at all, or fewer than
 * three questions qualify.
 */
export function selectSelfCheckQuestions(
  request: SelfCheckRequest,
  pool: readonly Question[],
  lessonSlug: string,
  where = lessonSlug,
  later: ReadonlySet<string> = new Set(),
): Question[] {
  const at = request.line ? `${where}: line ${request.line}` : where;
  const byId = new Map(pool.map((q) => [q.id, q]));
  const picked: Question[] = [];
  for (const id of request.questions) {
    const q = byId.get(id);
    if (!q) throw new SelfCheckError(`${at}: <SelfCheck> question "${id}" is in no quiz bank`);
    if (!picked.includes(q)) picked.push(q);
  }
  const wanted = new Set(request.rules);
  for (const rule of wanted) {
    if (!pool.some((q) => (q.rules as readonly string[]).includes(rule))) {
      throw new SelfCheckError(`${at}: <SelfCheck> rule ${rule} is cited by no quiz question`);
    }
  }
  const covered = new Set(picked.flatMap((q) => q.rules.filter((r) => wanted.has(r))));
  // A learner meets a self-check before the later lessons: it never draws what they teach.
  const candidates = pool.filter(
    (q) =>
      AUTO_TYPES.has(q.type) &&
      !picked.includes(q) &&
      !(q.lesson && later.has(q.lesson)) &&
      q.rules.some((r) => wanted.has(r)),
  );
  while (picked.length < request.count && candidates.length > 0) {
    const score = (q: Question): number[] => [
      q.rules.filter((r) => wanted.has(r) && !covered.has(r)).length,
      q.lesson === lessonSlug ? 1 : 0,
      picked.some((p) => p.type === q.type) ? 0 : 1,
    ];
    let best = 0;
    let bestScore = score(candidates[0]!);
    for (let i = 1; i < candidates.length; i++) {
      const s = score(candidates[i]!);
      const better = s.findIndex((v, k) => v !== bestScore[k]!);
      if (better >= 0 && s[better]! > bestScore[better]!) {
        best = i;
        bestScore = s;
      }
    }
    const [q] = candidates.splice(best, 1);
    picked.push(q!);
    for (const r of q!.rules) if (wanted.has(r)) covered.add(r);
  }
  if (picked.length < SELF_CHECK_MIN) {
    throw new SelfCheckError(
      `${at}: <SelfCheck> found ${picked.length} question(s) for ${[...wanted].join(", ")}; it needs at least ${SELF_CHECK_MIN}`,
    );
  }
  return picked.slice(0, Math.min(request.count, SELF_CHECK_MAX));
}

/** Resolves every self-check of one lesson. `file` names the lesson in error messages. */
export function resolveSelfChecks(
  requests: readonly SelfCheckRequest[],
  pool: readonly Question[],
  lessonSlug: string,
  file = lessonSlug,
  later: ReadonlySet<string> = new Set(),
): ResolvedSelfCheck[] {
  return requests.map((request) => ({
    key: selfCheckKey(request),
    questions: selectSelfCheckQuestions(request, pool, lessonSlug, file, later),
  }));
}

/** The slugs of the lessons that come after `slug` in the course. */
export function lessonsAfter(
  lessons: readonly { slug: string; order: number }[],
  slug: string,
): Set<string> {
  const here = lessons.find((l) => l.slug === slug)?.order ?? Infinity;
  return new Set(lessons.filter((l) => l.order > here).map((l) => l.slug));
}
