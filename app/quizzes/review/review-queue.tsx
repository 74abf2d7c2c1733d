"use client";

import Link from "@/app/_components/link";
import { useEffect, useMemo, useRef, useState } from "react";
import type { Question } from "@/lib/content/quiz-schema";
import { dueToday, formatInterval, type StoredCard } from "@/lib/quiz/card";
import { NEW_CARDS_PER_DAY } from "@/lib/quiz/new-cards";
import { previewRatings, Rating, type Grade } from "@/lib/quiz/review";
import { QuestionCard } from "../../_components/question-card";
import { useAppStore } from "../../_components/store-provider";
import { answerByKey, ShortcutList, useShortcuts } from "../shortcuts";
import { useNow } from "../use-now";

/**
 * The "due today" queue. A session takes the cards due when it starts; each is answered like a
 * practice question and then rated, and FSRS schedules it from the rating. A card rated Again
 * comes back in a later session, not straight away.
 */
export function ReviewQueue({ questions }: { questions: Question[] }) {
  const hydrated = useAppStore((s) => s.hydrated);
  const cards = useAppStore((s) => s.quiz.cards);
  const queued = useAppStore((s) => Object.keys(s.quiz.queued ?? {}).length);
  const introduceQueuedCards = useAppStore((s) => s.introduceQueuedCards);
  const now = useNow(30_000);
  // Questions queued on earlier days become today's new cards, within the daily limit.
  useEffect(() => {
    if (hydrated) void introduceQueuedCards();
  }, [hydrated, introduceQueuedCards]);
  const byId = useMemo(() => new Map(questions.map((q) => [q.id, q])), [questions]);
  const [session, setSession] = useState<{ ids: string[]; done: number } | null>(null);

  if (!hydrated) return <p className="muted">Loading your saved progress…</p>;

  // Cards whose question left the bank cannot be shown; they simply stay out of the queue.
  const due = dueToday(cards, new Date(now)).filter((c) => byId.has(c.id));
  const queue = session ?? { ids: due.map((c) => c.id), done: 0 };
  const currentId = queue.ids[queue.done];
  const current = currentId ? byId.get(currentId) : undefined;
  const card = currentId ? cards[currentId] : undefined;

  if (!current || !card) {
    const total = Object.keys(cards).length;
    const upcoming = Object.values(cards)
      .map((c) => Date.parse(c.due))
      .filter((t) => t > now)
      .sort((a, b) => a - b)[0];
    return (
      <div className="card" data-testid="review-done">
        <h2 tabIndex={-1} ref={queue.done > 0 ? focusOnMount : undefined}>
          {queue.done > 0 ? "Done for now" : "Nothing due"}
        </h2>
        <p>
          {queue.done > 0
            ? `You answered ${queue.done} due ${queue.done === 1 ? "card" : "cards"}. `
            : ""}
          {total === 0
            ? "You have no cards yet: answer a few questions in practice or an exam first."
            : due.length > 0
              ? `${due.length} ${due.length === 1 ? "card is" : "cards are"} due later today.`
              : `${total} ${total === 1 ? "card" : "cards"} in all; none is due today.`}
          {upcoming !== undefined
            ? ` The next one is due in ${formatInterval(upcoming - now)}.`
            : ""}
        </p>
        {queued > 0 ? (
          <p data-testid="queued-count">
            {queued} answered {queued === 1 ? "question waits" : "questions wait"} to become{" "}
            {queued === 1 ? "a card" : "cards"}: at most {NEW_CARDS_PER_DAY} new cards join the
            queue each day, so one long exam does not fall due all at once.
          </p>
        ) : null}
        {due.length > 0 ? (
          <button type="button" onClick={() => setSession({ ids: due.map((c) => c.id), done: 0 })}>
            Answer them now
          </button>
        ) : (
          <Link href="/quizzes" className="button secondary">
            Back to quizzes
          </Link>
        )}
      </div>
    );
  }

  const ids = queue.ids;
  return (
    <div className="widget practice" data-testid="review">
      <h2
        className="question-heading"
        tabIndex={-1}
        key={queue.done}
        ref={queue.done > 0 ? focusOnMount : undefined}
      >
        Card {queue.done + 1} of {ids.length} due today
      </h2>
      <ReviewCard
        key={`${currentId}:${queue.done}`}
        question={current}
        card={card}
        // The session is fixed at the first answer, so a card falling due meanwhile waits.
        onAnswered={() => setSession((s) => s ?? queue)}
        onRated={() => setSession({ ids, done: queue.done + 1 })}
      />
    </div>
  );
}

/**
 * After a rating the card is replaced; focus goes to the heading of what replaced it (the next
 * card, or "Done for now"), not back to <body> (issue #36).
 */
function focusOnMount(el: HTMLHeadingElement | null) {
  el?.focus();
}

/** One card: the question with feedback, then the four ratings with their next intervals. */
function ReviewCard({
  question,
  card,
  onAnswered,
  onRated,
}: {
  question: Question;
  card: StoredCard;
  onAnswered: () => void;
  onRated: () => void;
}) {
  const reviewCard = useAppStore((s) => s.reviewCard);
  const [answered, setAnswered] = useState<{ correct: boolean; at: number } | null>(null);
  const ratingsRef = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useShortcuts((key) => {
    if (answered) {
      const button =
        ratingsRef.current?.querySelectorAll<HTMLButtonElement>("button")[Number(key) - 1];
      if (!/^[1-4]$/.test(key) || !button) return false;
      button.click();
      return true;
    }
    return answerByKey(root, key);
  });
  const previews = answered ? previewRatings(card, new Date(answered.at)) : [];
  const suggested: Grade = answered?.correct ? Rating.Good : Rating.Again;
  return (
    <div ref={root}>
      <QuestionCard
        question={question}
        lessonLink
        onAnswered={(correct) => {
          setAnswered({ correct, at: Date.now() });
          onAnswered();
          requestAnimationFrame(() => ratingsRef.current?.querySelector("button")?.focus());
        }}
        afterFeedback={
          <div className="ratings" ref={ratingsRef} role="group" aria-labelledby="rate-heading">
            <p id="rate-heading">
              <strong>How well did you know it?</strong>{" "}
              {answered?.correct
                ? "Good is the usual choice for a right answer."
                : "You missed it: Again is the usual choice."}
            </p>
            <div className="rating-buttons">
              {previews.map((p) => (
                <button
                  key={p.grade}
                  type="button"
                  className={p.grade === suggested ? undefined : "secondary"}
                  data-rating={p.label}
                  onClick={() => {
                    reviewCard(question.id, p.grade);
                    onRated();
                  }}
                >
                  {p.label} <span className="interval">· next in {p.interval}</span>
                </button>
              ))}
            </div>
          </div>
        }
      />
      <ShortcutList
        items={[
          { keys: "1–9", does: "choose an option" },
          { keys: "Enter", does: "check the answer" },
          { keys: "1–4", does: "rate it, once answered (Again, Hard, Good, Easy)" },
        ]}
      />
    </div>
  );
}
