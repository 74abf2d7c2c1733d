"use client";

import { useRef, useState } from "react";
import {
  createProgressExport,
  exportFileName,
  parseProgressImport,
  type ImportResult,
} from "@/lib/quiz/progress-file";
import type { PersistedProgress } from "@/lib/store/schema";
import { useAppStore } from "../_components/store-provider";

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
 * anything changes: a refused file leaves the progress exactly as it was, and a valid one is
 * applied only after the learner confirms the replacement.
 */
export function ProgressTransfer() {
  const lessons = useAppStore((s) => s.lessons);
  const quiz = useAppStore((s) => s.quiz);
  const preferences = useAppStore((s) => s.preferences);
  const replaceProgress = useAppStore((s) => s.replaceProgress);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    setError(null);
    setDone(null);
    setPending(null);
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      setError("The file could not be read. Nothing was imported and your progress is unchanged.");
      return;
    }
    const result = parseProgressImport(text);
    if (result.ok) setPending({ ...result, fileName: file.name });
    else setError(result.message);
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
        <label htmlFor="import-file">Import a progress file (replaces your current progress)</label>
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
                ? `, exported ${new Date(pending.exportedAt).toLocaleString()}`
                : ""}
              . Importing it replaces everything saved in this browser.
            </p>
            <button
              type="button"
              onClick={() => {
                replaceProgress(pending.progress);
                setDone(`Imported ${summary(pending.progress)}.`);
                setPending(null);
                clearInput();
              }}
            >
              Replace my progress
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
