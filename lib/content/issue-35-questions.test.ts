import { describe, expect, it } from "vitest";
import type { Question } from "./quiz-schema";
import { loadQuizBanks } from "./quizzes";

// Issue #35, item 3: the question the reading found ambiguous, the ones it found imprecise, and
// the near-duplicate pairs. Each test names what was wrong; all failed on the banks before.

describe("issue #35's ambiguous, imprecise and near-duplicate questions", async () => {
  const questions = (await loadQuizBanks()).flatMap((b) => b.questions);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const get = (id: string): Question => {
    const q = byId.get(id);
    if (!q) throw new Error(`no question ${id}`);
    return q;
  };
  const keyText = (q: Question) =>
    q.type === "single" || q.type === "predict"
      ? q.options.find((o) => o.id === q.answer)!.text +
        " " +
        q.options.find((o) => o.id === q.answer)!.explanation
      : "";

  it("csp-predict-flat-array: the stem says what this host does with a csp it cannot read, so its two siblings' 'text' key does not apply", () => {
    const q = get("csp-predict-flat-array");
    expect(q.stem).toMatch(/not the object of four lists/);
    expect(q.stem).toMatch(/strictest policy/);
  });

  it("the imprecise predict questions state the host's own policy that decides them in the stem", () => {
    expect(get("brg-predict-unknown-tool").stem).toMatch(
      /looks a view's call up .* refuses a name it cannot find/,
    );
    expect(get("perm-predict-as-list").stem).toMatch(
      /reads a `permissions` value that is not an object of flags/,
    );
    expect(get("res-predict-profile-space").stem).toMatch(/compares .* as an exact string/);
  });

  it("res-predict-profile-space calls the exact comparison the checklist's, not the spec's or the SDK's", () => {
    const key = keyText(get("res-predict-profile-space"));
    expect(key).toMatch(/review checklist/);
    expect(key).not.toMatch(/SDK's and this course's reading|character for character/);
  });

  it("neg-predict-modern-client-legacy-server does not promise that nothing is ever listed (a legacy server may answer an era-ambiguous request)", () => {
    const key = keyText(get("neg-predict-modern-client-legacy-server"));
    expect(key).not.toMatch(/nothing is listed/);
    expect(key).toMatch(/stay silent|era-ambiguous/);
  });

  it("neg-unsupported-version-reply no longer says what every legacy server answers to server/discover", () => {
    const q = get("neg-unsupported-version-reply");
    if (q.type !== "single") throw new Error("expected a single question");
    const notFound = q.options.find((o) => o.id === "method-not-found")!;
    expect(notFound.explanation).not.toMatch(/is what a legacy server answers/);
  });

  it("neg-discover-cache-hints names the list results the hints are required on", () => {
    const key = keyText(get("neg-discover-cache-hints"));
    for (const method of [
      "tools/list",
      "prompts/list",
      "resources/list",
      "resources/templates/list",
    ]) {
      expect(key).toContain(method);
    }
  });

  it("neg-tf-modern-server-without-discover asks what a dual-era client concludes, not again whether the server must implement server/discover", () => {
    const q = get("neg-tf-modern-server-without-discover");
    expect(q.stem).toMatch(/dual-era client/);
    expect(q.stem).toMatch(/tries `initialize`/);
  });

  it("sbx-tf-initialize-without-app-capabilities asks about the proxy forwarding `initialized`, not again about `appCapabilities` (brg-tf-app-capabilities-required)", () => {
    const q = get("sbx-tf-initialize-without-app-capabilities");
    expect(q.stem).toMatch(/ui\/notifications\/initialized/);
    expect(q.stem).not.toMatch(/appCapabilities/);
  });

  it("brg-display-mode-not-offered turns on a host-context update, where brg-tf-check-host-list asks which list to check", () => {
    expect(get("brg-display-mode-not-offered").stem).toMatch(/host-context-changed/);
  });

  it("brg-partial-critical asks about partials that look final, where brg-partial-prefill asks about previewing", () => {
    const q = get("brg-partial-critical");
    expect(q.stem).toMatch(/three `ui\/notifications\/tool-input-partial`/);
    expect(q.spec).toContain("tool-input/partial-missing-fields");
  });

  it("tool-select-two-untrusted-hints asks about who decides trust, not again whether an unknown server's hint is a claim", () => {
    const q = get("tool-select-two-untrusted-hints");
    if (q.type !== "multi") throw new Error("expected a multi question");
    expect(q.answer).not.toContain("quickfx-untrusted");
    expect(q.answer).toContain("who-decides");
  });

  it("perm-tf-render-without-mic, which asked what perm-missing-grant asks, is merged into it", () => {
    expect(byId.has("perm-tf-render-without-mic")).toBe(false);
    expect(byId.has("perm-missing-grant")).toBe(true);
  });
});
