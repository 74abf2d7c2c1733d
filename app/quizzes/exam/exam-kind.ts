import { examKindOf, type ExamRecord } from "@/lib/quiz/session";
import { topicName } from "../topics";

/**
 * What a submitted exam was, in the words the exam history and its results use: "Full exam",
 * "Retake of missed", "Topic exam: <topic>", or for a record saved before the kind was kept, what
 * its length still tells. Always with its number of questions, so a one-question retake never
 * reads like a full exam.
 */
export function examKindLabel(
  record: Pick<ExamRecord, "kind" | "questionIds" | "byTopic">,
): string {
  const kind = examKindOf(record);
  const n = record.questionIds.length;
  const questions = `${n} question${n === 1 ? "" : "s"}`;
  switch (kind) {
    case "full":
      return `Full exam, ${questions}`;
    case "retake":
      return `Retake of missed, ${questions}`;
    case "topic": {
      // A topic exam draws from one topic only, so its breakdown has that one row.
      const topic = record.byTopic[0]?.topic;
      return `Topic exam${topic ? `: ${topicName(topic)}` : ""}, ${questions}`;
    }
    case "shorter":
      return `Shorter exam (a retake or a topic exam; saved before its kind was kept), ${questions}`;
    case "unrecorded":
      return `Earlier exam (saved before its kind was kept), ${questions}`;
  }
}
