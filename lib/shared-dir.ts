import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Node-only. The team keeps reference copies beside the project (`../shared/reference/
// mcp-apps-rules.md`, `reference/specs/*.mdx`, `seeds/*`); a user's clone has none. Every test and
// script that reads a copy finds it here, so there is one answer to "where are the copies": the
// tests that need one skip, saying why, when it is not there.

/** Names the folder of the reference copies, in place of `../shared` beside the repository. */
const SHARED_DIR_VARIABLE = "ACADEMY_SHARED_DIR";

/**
 * The older override for the spec copies alone (README, `npm run spec:gaps`), still honoured:
 * when set it stands in for `reference/specs` of the shared folder.
 */
const SPEC_COPIES_VARIABLE = "SPEC_COPIES_DIR";

/** The spec copies' folder inside the shared one. */
export const SPEC_COPIES = "reference/specs";

/** The repository root, the folder holding package.json: fixed by where this file lives. */
export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url)).replace(/[\\/]$/, "");

export interface SharedDirOptions {
  /** The environment to read the variables from (tests pass their own). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The repository whose neighbour `shared` is the default. */
  root?: string;
}

/**
 * The folder of the reference copies: `$ACADEMY_SHARED_DIR` as given (even empty or missing: a
 * set variable is never second-guessed), else `shared` beside the repository root. Never searched
 * for up the tree: any folder named `shared` above the project, a user's `~/shared` say, is not it.
 */
export function sharedDir({ env = process.env, root = REPO_ROOT }: SharedDirOptions = {}): string {
  return env[SHARED_DIR_VARIABLE] ?? path.resolve(root, "../shared");
}

/** The folder `rel` is looked for in, the path within it, and the variable that can name it. */
function locate(rel: string, options: SharedDirOptions) {
  const specs = (options.env ?? process.env)[SPEC_COPIES_VARIABLE];
  return specs !== undefined && (rel === SPEC_COPIES || rel.startsWith(`${SPEC_COPIES}/`))
    ? { dir: specs, within: path.relative(SPEC_COPIES, rel), variable: SPEC_COPIES_VARIABLE }
    : { dir: sharedDir(options), within: rel, variable: SHARED_DIR_VARIABLE };
}

/**
 * Where the copy `rel` (`reference/specs/apps-2026-01-26.mdx`, `seeds/review-checklist.md`) would
 * be, whether or not it is there; undefined when a variable is set to nothing, which names no
 * folder (rather than the working directory an empty path would resolve to).
 */
export function sharedPath(rel: string, options: SharedDirOptions = {}): string | undefined {
  const { dir, within } = locate(rel, options);
  return dir === "" ? undefined : path.resolve(dir, within);
}

/** The copy `rel` if it is there, else undefined. */
export function findSharedCopy(rel: string, options: SharedDirOptions = {}): string | undefined {
  const file = sharedPath(rel, options);
  return file !== undefined && existsSync(file) ? file : undefined;
}

/** The copy `rel`, for a test skipped without it: throws, naming the file, if it is absent. */
export function sharedCopy(rel: string, options: SharedDirOptions = {}): string {
  const file = findSharedCopy(rel, options);
  if (!file) throw new Error(missingCopyReason(rel, options));
  return file;
}

/** Why a copy is missing and how to provide it, in one line. */
export function missingCopyReason(rel: string, options: SharedDirOptions = {}): string {
  const { within, variable } = locate(rel, options);
  const where = sharedPath(rel, options) ?? `${rel} (${variable} is set to nothing)`;
  const beside = path.resolve(options.root ?? REPO_ROOT, "../shared");
  return (
    `${where} not found: a reference copy the team keeps beside the project, absent from a ` +
    `plain clone. To use it, set ${variable} to a folder holding ${within || "the spec copies"}` +
    (variable === SHARED_DIR_VARIABLE ? `, or put the shared folder at ${beside}.` : ".")
  );
}

const announced = new Set<string>();

/**
 * Whether every copy named is there, for `it.skipIf(!hasSharedCopies(…))`. Each missing one is
 * printed once (on stderr, with how to provide it), so a skipped test is never a silent one.
 */
export function hasSharedCopies(...rels: string[]): boolean {
  const missing = rels.filter((rel) => !findSharedCopy(rel));
  for (const rel of missing) {
    const reason = missingCopyReason(rel);
    if (!announced.has(reason))
      console.warn(`Skipping the tests that need a reference copy: ${reason}`);
    announced.add(reason);
  }
  return missing.length === 0;
}
