/**
 * The end of a practice set: its score by each question's last answer, what was missed or skipped,
 * and the lessons that teach the missed questions. Pure, so the summary's numbers are tested here
 * and the page only lays them out.
 */

export interface PracticeSummary {
  total: number;
  answered: number;
  /** Questions whose last answer was right. */
  right: number;
  /** Ids whose last answer was wrong, in set order. */
  missed: string[];
  /** Ids never answered, in set order. */
  skipped: string[];
  /** Slugs of the lessons that teach a missed question, each once, in set order. */
  lessons: string[];
}

export function summarizePractice(
  questions: readonly { id: string; lesson?: string }[],
  answers: Readonly<Record<string, { lastCorrect: boolean } | undefined>>,
): PracticeSummary {
  const missed: string[] = [];
  const skipped: string[] = [];
  const lessons = new Set<string>();
  let right = 0;
  for (const q of questions) {
    const a = answers[q.id];
    if (!a) skipped.push(q.id);
    else if (a.lastCorrect) right++;
    else {
      missed.push(q.id);
      if (q.lesson) lessons.add(q.lesson);
    }
  }
  return {
    total: questions.length,
    answered: questions.length - skipped.length,
    right,
    missed,
    skipped,
    lessons: [...lessons],
  };
}
