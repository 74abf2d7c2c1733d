import fs from "node:fs/promises";
import path from "node:path";
import { ContentError, formatPath } from "./errors";
import { quizBankSchema, type QuizBank } from "./quiz-schema";

const QUIZZES_DIR = path.join(process.cwd(), "content", "quizzes");

function relative(file: string): string {
  return path.relative(process.cwd(), file).split(path.sep).join("/");
}

/** Where a zod issue sits, naming the question by its id when the path goes through one. */
function describeIssuePath(raw: unknown, issuePath: readonly PropertyKey[]): string {
  if (issuePath[0] === "questions" && typeof issuePath[1] === "number") {
    const questions = (raw as { questions?: unknown[] }).questions;
    const q = questions?.[issuePath[1]] as { id?: unknown } | undefined;
    const name = typeof q?.id === "string" ? `question "${q.id}"` : `questions[${issuePath[1]}]`;
    const rest = issuePath.slice(2);
    return rest.length ? `${name} ${formatPath(rest)}` : name;
  }
  return formatPath(issuePath);
}

/** Parses one bank's JSON text; throws a ContentError naming the file, question id and field. */
export function parseQuizBank(text: string, file: string): QuizBank {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ContentError(file, "JSON", (error as Error).message);
  }
  const result = quizBankSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ContentError(file, describeIssuePath(raw, issue.path), issue.message);
  }
  const bank = result.data;
  const expected = path.basename(file, ".json");
  if (bank.id !== expected) {
    throw new ContentError(file, "id", `"${bank.id}" must equal the file name "${expected}"`);
  }
  const seen = new Set<string>();
  for (const q of bank.questions) {
    if (seen.has(q.id)) throw new ContentError(file, `question "${q.id}"`, "duplicate question id");
    seen.add(q.id);
  }
  return bank;
}

/** Every bank in `dir`, sorted by id. Question ids must be unique across all banks. */
export async function loadQuizBanks(dir = QUIZZES_DIR): Promise<QuizBank[]> {
  const names = (await fs.readdir(/* turbopackIgnore: true */ dir))
    .filter((n) => n.endsWith(".json"))
    .sort();
  const banks = await Promise.all(
    names.map(async (n) => {
      const abs = path.join(/* turbopackIgnore: true */ dir, n);
      return parseQuizBank(await fs.readFile(abs, "utf8"), relative(abs));
    }),
  );
  const owner = new Map<string, string>();
  for (const bank of banks) {
    for (const q of bank.questions) {
      const other = owner.get(q.id);
      if (other) {
        throw new ContentError(
          relative(path.join(/* turbopackIgnore: true */ dir, `${bank.id}.json`)),
          `question "${q.id}"`,
          `duplicate question id, also in ${other}`,
        );
      }
      owner.set(q.id, relative(path.join(/* turbopackIgnore: true */ dir, `${bank.id}.json`)));
    }
  }
  return banks;
}
