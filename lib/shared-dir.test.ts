import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import {
  findSharedCopy,
  hasSharedCopies,
  missingCopyReason,
  REPO_ROOT,
  sharedCopy,
  sharedDir,
  sharedPath,
} from "./shared-dir";

const RULES = "reference/mcp-apps-rules.md";
const temp = mkdtempSync(path.join(tmpdir(), "shared-dir-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A file under `temp`, with its folders. */
function put(rel: string): string {
  const file = path.join(temp, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "copy\n");
  return file;
}

describe("finding the shared reference copies", () => {
  it("is the repository that holds package.json, and looks for shared beside it by default", () => {
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, ".."));
    expect(existsSync(path.join(REPO_ROOT, "package.json"))).toBe(true);
    expect(sharedDir({ env: {} })).toBe(path.resolve(REPO_ROOT, "../shared"));
    const copy = put(`beside/shared/${RULES}`);
    const root = path.join(temp, "beside/repo");
    expect(findSharedCopy(RULES, { env: {}, root })).toBe(copy);
  });

  it("takes ACADEMY_SHARED_DIR as given over the folder beside the repository, even empty or missing", () => {
    put(`wins/shared/${RULES}`);
    const root = path.join(temp, "wins/repo");
    const own = path.join(temp, "own");
    const copy = put(`own/${RULES}`);
    expect(sharedDir({ env: { ACADEMY_SHARED_DIR: own }, root })).toBe(own);
    expect(findSharedCopy(RULES, { env: { ACADEMY_SHARED_DIR: own }, root })).toBe(copy);

    const empty = mkdtempSync(path.join(temp, "empty-"));
    expect(findSharedCopy(RULES, { env: { ACADEMY_SHARED_DIR: empty }, root })).toBeUndefined();
    const missing = path.join(temp, "no-such-folder");
    expect(sharedDir({ env: { ACADEMY_SHARED_DIR: missing }, root })).toBe(missing);
    expect(findSharedCopy(RULES, { env: { ACADEMY_SHARED_DIR: missing }, root })).toBeUndefined();
    // Set to nothing names no folder: not the working directory an empty path resolves to.
    expect(sharedDir({ env: { ACADEMY_SHARED_DIR: "" }, root })).toBe("");
    expect(sharedPath(RULES, { env: { ACADEMY_SHARED_DIR: "" }, root })).toBeUndefined();
    expect(findSharedCopy(RULES, { env: { ACADEMY_SHARED_DIR: "" }, root })).toBeUndefined();
  });

  it("never climbs: a shared folder two levels above the repository is not found", () => {
    put(`climb/shared/${RULES}`);
    const root = path.join(temp, "climb/home/repo");
    mkdirSync(root, { recursive: true });
    writeFileSync(path.join(root, "package.json"), "{}\n");
    expect(sharedDir({ env: {}, root })).toBe(path.join(temp, "climb/home/shared"));
    expect(findSharedCopy(RULES, { env: {}, root })).toBeUndefined();
    expect(() => sharedCopy(RULES, { env: {}, root })).toThrow(
      path.join(temp, "climb/home/shared", RULES),
    );
  });

  it("lets SPEC_COPIES_DIR stand in for reference/specs alone", () => {
    const shared = path.join(temp, "specs-shared");
    const specs = path.join(temp, "specs-own");
    const spec = put("specs-own/apps-2026-01-26.mdx");
    const seed = put("specs-shared/seeds/review-checklist.md");
    const env = { ACADEMY_SHARED_DIR: shared, SPEC_COPIES_DIR: specs };
    expect(findSharedCopy("reference/specs/apps-2026-01-26.mdx", { env })).toBe(spec);
    expect(findSharedCopy("reference/specs", { env })).toBe(specs);
    expect(findSharedCopy("seeds/review-checklist.md", { env })).toBe(seed);
    expect(missingCopyReason("reference/specs/core-2026-07-28-changelog.mdx", { env })).toMatch(
      /set SPEC_COPIES_DIR to a folder holding core-2026-07-28-changelog\.mdx\.$/,
    );
  });

  it("says which copy is missing and how to provide it, once, when a test asks for it", () => {
    const empty = mkdtempSync(path.join(temp, "announce-"));
    vi.stubEnv("ACADEMY_SHARED_DIR", empty);
    vi.stubEnv("SPEC_COPIES_DIR", undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(hasSharedCopies("seeds/permdock-mcp-apps.txt")).toBe(false);
    expect(hasSharedCopies("seeds/permdock-mcp-apps.txt")).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    const reason = missingCopyReason("seeds/permdock-mcp-apps.txt");
    expect(warn.mock.calls[0]![0]).toContain(reason);
    expect(reason).toContain(path.join(empty, "seeds/permdock-mcp-apps.txt"));
    expect(reason).toMatch(
      /set ACADEMY_SHARED_DIR to a folder holding seeds\/permdock-mcp-apps\.txt/,
    );

    put(`${path.basename(empty)}/seeds/permdock-mcp-apps.txt`);
    expect(hasSharedCopies("seeds/permdock-mcp-apps.txt")).toBe(true);
  });
});
