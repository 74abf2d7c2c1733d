import { describe, expect, it } from "vitest";
import {
  buildHostGrid,
  describeJudgement,
  describeStaleness,
  judge,
  readingOf,
  sourceParts,
  staleness,
} from "./host-grid";
import type { HostCell, HostRecord } from "./hosts-schema";

const TODAY = "2026-12-06";

const cell = (over: Partial<HostCell> = {}): HostCell => ({
  value: "Opened the link a view asked for.",
  reading: "meets",
  kind: "third-party-prober",
  date: "2026-11-01",
  source: "https://example.com/a",
  ...over,
});

describe("staleness, counted to a day passed in", () => {
  it("leaves a fact of 90 days alone and flags one of 91", () => {
    expect(staleness(cell({ date: "2026-09-07" }), TODAY)).toEqual({ ageDays: 90, flags: [] });
    expect(staleness(cell({ date: "2026-09-06" }), TODAY)).toEqual({
      ageDays: 91,
      flags: ["older-than-90-days"],
    });
  });

  it("gives the same fact a different answer on a different day", () => {
    const fact = cell({ date: "2026-07-22" });
    expect(staleness(fact, "2026-08-01").flags).toEqual([]);
    expect(staleness(fact, "2026-12-06").flags).toEqual(["older-than-90-days"]);
  });

  it("flags an undated fact, with no age", () => {
    expect(staleness(cell({ date: "undated" }), TODAY)).toEqual({
      ageDays: null,
      flags: ["undated"],
    });
  });

  it("flags a single user report, but not one others corroborate", () => {
    expect(staleness(cell({ kind: "user-reported" }), TODAY).flags).toEqual(["single-user-report"]);
    expect(
      staleness(cell({ kind: "user-reported", corroboration: ["https://example.com/b"] }), TODAY)
        .flags,
    ).toEqual([]);
  });

  it("counts a date after the build day as today's", () => {
    expect(staleness(cell({ date: "2026-12-07" }), TODAY)).toEqual({ ageDays: 0, flags: [] });
  });

  it("says every flag in words", () => {
    const s = staleness(cell({ kind: "user-reported", date: "2026-01-01" }), TODAY);
    expect(describeStaleness(s)).toEqual([
      "339 days old: over 90 days, may be out of date",
      "rests on one user report",
    ]);
    expect(describeStaleness(staleness(cell({ date: "undated" }), TODAY))).toEqual([
      "undated: the source carries no date",
    ]);
  });
});

describe("what a fact means for the spec", () => {
  it("reads a measured verdict as meets, falls short or unsettled", () => {
    const m = (value: string) => readingOf({ kind: "measured", value });
    expect([m("PASS"), m("FAIL"), m("NOT OBSERVABLE")]).toEqual([
      "meets",
      "falls-short",
      "unsettled",
    ]);
    expect(readingOf(cell({ reading: "left-open" }))).toBe("left-open");
  });

  it("calls a MUST or MUST NOT not met a violation, and a SHOULD not followed a variation", () => {
    expect(judge("falls-short", "MUST")).toBe("violation");
    expect(judge("falls-short", "MUST NOT")).toBe("violation");
    expect(judge("falls-short", "SHOULD")).toBe("variation");
    expect(judge("falls-short", "SHOULD NOT")).toBe("variation");
    expect(judge("meets", "MUST")).toBe("conforms");
  });

  it("calls any choice under a MAY, or a behaviour the spec leaves open, a variation", () => {
    expect(judge("meets", "MAY")).toBe("variation");
    expect(judge("falls-short", "MAY")).toBe("variation");
    expect(judge("left-open", "MUST")).toBe("variation");
    expect(judge("unsettled", "MUST")).toBe("unsettled");
  });

  it("says each judgement in words", () => {
    expect(describeJudgement("falls-short", "MUST NOT")).toBe(
      "Spec violation: the MUST NOT is not met",
    );
    expect(describeJudgement("falls-short", "SHOULD")).toBe(
      "Allowed variation: the SHOULD is not followed",
    );
    expect(describeJudgement("meets", "MAY")).toBe("Allowed: takes up what the MAY permits");
    expect(describeJudgement("left-open", "MUST")).toBe(
      "Allowed variation: the spec leaves this open",
    );
  });
});

describe("the grid", () => {
  const catalogue = [
    { id: "visibility/app-tool-call-guard", keyword: "MUST", party: "host", statement: "guard" },
    { id: "links/open-external", keyword: "SHOULD", party: "host", statement: "links" },
    { id: "lifecycle/teardown-await", keyword: "SHOULD", party: "host", statement: "await" },
    { id: "tool-result/text-fallback", keyword: "SHOULD", party: "server", statement: "text" },
  ] as const;
  const record = (id: string, cells: Record<string, HostCell>): HostRecord & { file: string } => ({
    id,
    name: id,
    version: null,
    openSource: false,
    setup: "Not installed here.",
    cells,
    file: `content/hosts/${id}.json`,
  });
  const measuredFail = cell({ kind: "measured", value: "FAIL", reading: undefined, date: TODAY });
  const grid = buildHostGrid(
    [
      record("closed-host", { "links/open-external": cell({ date: "2026-01-01" }) }),
      record("open-host", {
        "visibility/app-tool-call-guard": measuredFail,
        "links/open-external": cell({
          conflicts: [cell({ reading: "falls-short", kind: "user-reported" })],
        }),
      }),
    ],
    catalogue,
    TODAY,
  );

  it("puts measured hosts first, and keeps each record's cell as stored", () => {
    expect(grid.hosts.map((h) => h.id)).toEqual(["open-host", "closed-host"]);
    const guard = grid.requirements.find((r) => r.id === "visibility/app-tool-call-guard")!;
    expect(guard.cells[0]!.fact).toBe(measuredFail);
    expect(guard.cells[0]!.anchor).toBe("visibility/app-tool-call-guard@open-host");
  });

  it("judges each cell and each conflict against its requirement", () => {
    const links = grid.requirements.find((r) => r.id === "links/open-external")!;
    expect(links.cells.map((c) => [c.host, c.judgement, c.staleness.flags])).toEqual([
      ["open-host", "conforms", []],
      ["closed-host", "conforms", ["older-than-90-days"]],
    ]);
    expect(links.cells[0]!.conflicts.map((c) => [c.judgement, c.staleness.flags])).toEqual([
      ["variation", ["single-user-report"]],
    ]);
  });

  it("counts violations and flagged cells per host, and lists host entries with no cell", () => {
    expect(grid.hosts.map((h) => [h.id, h.cells, h.violations, h.flagged])).toEqual([
      ["open-host", 2, 1, 0],
      ["closed-host", 1, 0, 1],
    ]);
    expect(grid.unrecorded.map((e) => e.id)).toEqual(["lifecycle/teardown-await"]);
  });
});

describe("source labels", () => {
  it("shortens GitHub issues, pull requests and files, and keeps a remark", () => {
    expect(sourceParts("https://github.com/anthropics/claude-ai-mcp/issues/60")).toEqual({
      url: "https://github.com/anthropics/claude-ai-mcp/issues/60",
      label: "anthropics/claude-ai-mcp #60",
      remark: "",
    });
    expect(
      sourceParts("https://github.com/a/b/blob/6d550c02/sdk/src/catalog.ts (run of 2026-06-04)"),
    ).toMatchObject({ label: "a/b: catalog.ts @6d550c02", remark: "run of 2026-06-04" });
    expect(sourceParts("https://github.com/a/b/blob/HEAD/out/r.json").label).toBe("a/b: r.json");
    expect(sourceParts("https://learn.microsoft.com/en-us/x/").label).toBe(
      "learn.microsoft.com/en-us/x",
    );
  });

  it("keeps a record's name as text", () => {
    expect(sourceParts("measured-2026-12-06 grid")).toEqual({
      url: null,
      label: "measured-2026-12-06 grid",
      remark: "",
    });
  });
});
