"use client";

import { useRef, useState } from "react";
import {
  createProgressExport,
  describeChanges,
  exportFileName,
  importedProgress,
  importFileTooLarge,
  parseProgressImport,
  type ImportMode,
  type ImportResult,
} from "@/lib/store/progress-file";
import type { PersistedProgress } from "@/lib/store/schema";
import { useAppStore } from "../_components/store-provider";
import { isoDateTime } from "@/lib/dates";

/** Saves `text` as a file named `filename` through a temporary link. */
export function download(filename: string, text: string, type = "text/plain;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

type Pending = Extract<ImportResult, { ok: true }> & { fileName: string };

function summary(p: PersistedProgress): string {
  const lessons = Object.keys(p.lessons.completed).length;
  const answers = Object.keys(p.quiz.answers).length;
  const exams = p.quiz.exams.length;
  return `${lessons} completed ${lessons === 1 ? "lesson" : "lessons"}, ${answers} answered ${answers === 1 ? "question" : "questions"}, ${exams} ${exams === 1 ? "exam" : "exams"}${p.quiz.exam ? " and an exam in progress" : ""}`;
}

/**
 * Export all progress as a JSON file, and import one back. An import is checked in full before
 * anything changes: a refused file leaves the progress exactly as it was. A valid one is merged
 * (the default) or replaces the progress, after a preview of what changes; "Imported" shows only
 * once the new progress is saved and read back, and a failed save says why.
 */
export function ProgressTransfer() {
  const lessons = useAppStore((s) => s.lessons);
  const quiz = useAppStore((s) => s.quiz);
  const preferences = useAppStore((s) => s.preferences);
  const replaceProgress = useAppStore((s) => s.replaceProgress);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [mode, setMode] = useState<ImportMode>("merge");
  const [done, setDone] = useState<string | null>(null);
  const current = { lessons, quiz, preferences };
  const next = pending ? importedProgress(current, pending.progress, mode) : null;
  const changes = next ? describeChanges(current, next) : [];

  const onFile = async (file: File | undefined) => {
    setError(null);
    setDone(null);
    setPending(null);
    if (!file) return;
    const tooLarge = importFileTooLarge(file.size);
    if (tooLarge) {
      setError(tooLarge);
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      setError("The file could not be read. Nothing was imported and your progress is unchanged.");
      return;
    }
    const result = parseProgressImport(text);
    if (result.ok) {
      setMode("merge");
      setPending({ ...result, fileName: file.name });
    } else setError(result.message);
  };

  const clearInput = () => {
    if (input.current) input.current.value = "";
  };

  return (
    <section aria-labelledby="transfer-heading">
      <h2 id="transfer-heading">Export and import</h2>
      <p>
        Move your progress to another browser, or keep a copy: the file holds your lessons, answers,
        review cards, exams and theme.
      </p>
      <p>
        <button
          type="button"
          onClick={() => {
            const now = new Date();
            download(
              exportFileName(now),
              createProgressExport({ lessons, quiz, preferences }, now),
              "application/json",
            );
          }}
        >
          Export all progress
        </button>
      </p>
      <p className="file-input">
        <label htmlFor="import-file">Import a progress file</label>
        <br />
        <input
          id="import-file"
          ref={input}
          type="file"
          accept="application/json,.json"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </p>
      <div aria-live="polite">
        {pending ? (
          <div className="card" data-testid="import-confirm">
            <p>
              <strong>{pending.fileName}</strong> holds {summary(pending.progress)}
              {pending.exportedAt
                ? `, exported ${isoDateTime(pending.exportedAt)}`
                : ", export date unknown"}
              .
            </p>
            <fieldset>
              <legend>How to import it</legend>
              <label>
                <input
                  type="radio"
                  name="import-mode"
                  value="merge"
                  checked={mode === "merge"}
                  onChange={() => setMode("merge")}
                />{" "}
                Merge: keep your progress and add the file&rsquo;s; where both have an item, the
                newer one wins
              </label>
              <br />
              <label>
                <input
                  type="radio"
                  name="import-mode"
                  value="replace"
                  checked={mode === "replace"}
                  onChange={() => setMode("replace")}
                />{" "}
                Replace: your progress in this browser becomes exactly the file&rsquo;s
              </label>
            </fieldset>
            <p>What will change:</p>
            <ul data-testid="import-changes">
              {changes.length ? (
                changes.map((c) => <li key={c}>{c}</li>)
              ) : (
                <li>Nothing: your progress already holds all of it.</li>
              )}
            </ul>
            <button
              type="button"
              onClick={() => {
                if (!next) return;
                const outcome = replaceProgress(next);
                if (outcome.ok) {
                  setDone(
                    `Imported ${pending.fileName} (${mode === "merge" ? "merged" : "replaced"}): ${
                      changes.length ? changes.join("; ") : "nothing changed"
                    }.`,
                  );
                } else {
                  setError(outcome.message);
                }
                setPending(null);
                clearInput();
              }}
            >
              {mode === "merge" ? "Merge into my progress" : "Replace my progress"}
            </button>{" "}
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setPending(null);
                clearInput();
              }}
            >
              Cancel
            </button>
          </div>
        ) : null}
        {done ? (
          <p className="import-ok" data-testid="import-done">
            {done}
          </p>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="import-error" data-testid="import-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
