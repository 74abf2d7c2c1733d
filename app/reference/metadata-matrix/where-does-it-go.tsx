"use client";

import Link from "@/app/_components/link";
import { useState } from "react";
import {
  LOCATION_INFO,
  MATRIX_LOCATIONS,
  pickExerciseFields,
  type MatrixField,
  type MatrixLocation,
} from "@/lib/lessons/matrix-fields";
import { RuleRef } from "../../_components/rule-ref";

type ExerciseField = Pick<
  MatrixField,
  "id" | "field" | "location" | "rules" | "lesson" | "section"
> & { lessonTitle: string };

/** A short drill: for six fields, one per location in turn, pick where the field is written. */
export function WhereDoesItGo({ fields }: { fields: readonly ExerciseField[] }) {
  const [items] = useState(() => pickExerciseFields(fields));
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, MatrixLocation>>({});
  const item = items[index];
  if (!item) return null;
  const chosen = answers[item.id];
  const score = items.filter((f) => answers[f.id] === f.location).length;
  const done = Object.keys(answers).length;

  return (
    <section
      className="widget"
      aria-label="Where does this field go?"
      data-widget="where-does-it-go"
    >
      <p className="muted">
        Field {index + 1} of {items.length} · {score} of {done} right so far
      </p>
      <p id="where-question">
        Where does <code data-testid="exercise-field">{item.field}</code> go?
      </p>
      <div className="chips" role="group" aria-labelledby="where-question">
        {MATRIX_LOCATIONS.map((loc) => (
          <button
            key={loc}
            type="button"
            className="secondary chip"
            data-answer={loc}
            aria-pressed={chosen === loc}
            disabled={chosen !== undefined}
            onClick={() => setAnswers({ ...answers, [item.id]: loc })}
          >
            {LOCATION_INFO[loc].label}
          </button>
        ))}
      </div>
      <div aria-live="polite">
        {chosen !== undefined ? (
          <>
            <p
              className="exercise-result"
              data-testid="exercise-result"
              data-correct={chosen === item.location}
            >
              {chosen === item.location ? "Right." : "Not there."} It goes in the{" "}
              {LOCATION_INFO[item.location].label.toLowerCase()}:{" "}
              {LOCATION_INFO[item.location].detail}.
            </p>
            <p>
              Explained in{" "}
              <Link href={`/lessons/${item.lesson}#${item.section}`}>{item.lessonTitle}</Link>{" "}
              {item.rules.map((r) => (
                <span key={r}>
                  <RuleRef id={r} />{" "}
                </span>
              ))}
            </p>
            {index < items.length - 1 ? (
              <button type="button" onClick={() => setIndex(index + 1)}>
                Next field
              </button>
            ) : (
              <p data-testid="exercise-done">
                Done: {score} of {items.length} right.{" "}
                <button
                  type="button"
                  className="secondary"
                  onClick={() => {
                    setAnswers({});
                    setIndex(0);
                  }}
                >
                  Start again
                </button>
              </p>
            )}
          </>
        ) : null}
      </div>
    </section>
  );
}
