import { describe, expect, it } from "vitest";
import { renderOutcomeItem } from "./render-outcome";

describe("one item per UI tool saying how far --render got", () => {
  it("passes a rendered view, warns on a stalled or refused one, and cannot judge a text-only tool", () => {
    expect(renderOutcomeItem("t", "rendered", "initialized in 200 ms")).toMatchObject({
      id: "rendering:t",
      status: "pass",
      tool: "t",
      evidence: "initialized in 200 ms",
    });
    expect(renderOutcomeItem("t", "timed-out", "no answer in 30 s").status).toBe("warning");
    expect(renderOutcomeItem("t", "refused-by-form", '"room" is required').status).toBe("warning");
    expect(renderOutcomeItem("t", "text", "the mime row failed").status).toBe("not-checkable");
  });

  it("says --render could not run at all, without a tool, as a warning", () => {
    expect(renderOutcomeItem(undefined, "timed-out", "no Chromium")).toMatchObject({
      id: "rendering",
      status: "warning",
      title: "--render could not run",
    });
  });
});
