import { describe, expect, it } from "vitest";
import { row } from "../../lib/conformance/row";
import type { ProbeResult } from "../../lib/conformance/types";
import type { HostRecord } from "../../lib/content/hosts-schema";
import { recordFromReport, type GridReport, type HostMeta, type MeasuredOn } from "./record";

// The one pure step of `npm run hosts:grid`: a kit report (the --once --out JSON file) and what the
// grid knows of the host become the host's record under content/hosts/, checked by the records'
// own schema. The install and drive steps are outside `npm test`.

const meta: HostMeta = {
  id: "fixture-host",
  name: "Fixture host",
  version: "1.2.3",
  setup: "A host made up for this test, driven by nothing at all.",
};
const on: MeasuredOn = { date: "2026-12-06", commit: "abc1234", chromium: "150.0.7000.1" };

function report(results: ProbeResult[], extra: Partial<GridReport> = {}): GridReport {
  return {
    host: { name: "fixture", version: "1.2.3", protocolVersion: "2026-01-26" },
    run: "run-1",
    tool: "conformance_run",
    finishedAt: "2026-12-06T17:00:00.000Z",
    results,
    ...extra,
  };
}

const guard = row(
  "visibility/app-tool-call-guard",
  "FAIL",
  "the view's call to the model-only conformance_model_only reached the server: answered",
  ["TOOL-4"],
);
const forwarding = row("security/sandbox-message-forwarding", "PASS", "5 answers came back", [
  "SBX-4",
]);
const unseen = row("messages/consent", "NOT OBSERVABLE", "cannot be seen", ["BRG-4"], {
  unseen: true,
});

describe("recordFromReport", () => {
  it("makes one measured cell per observable row, dated, with the run and the evidence", () => {
    const r = recordFromReport(report([guard, forwarding, unseen]), meta, on);
    expect(Object.keys(r.cells).sort()).toEqual([
      "security/sandbox-message-forwarding",
      "visibility/app-tool-call-guard",
    ]);
    const cell = r.cells["visibility/app-tool-call-guard"]!;
    expect(cell).toMatchObject({ value: "FAIL", kind: "measured", date: "2026-12-06" });
    expect(cell.source).toContain("hosts:grid");
    expect(cell.source).toContain("abc1234");
    expect(cell.note).toContain("reached the server");
    expect(r.version).toBe("1.2.3");
    expect(r.setup).toContain("150.0.7000.1");
    expect(r.setup).toContain("abc1234");
    expect(r.setup).toContain("2026-12-06");
  });

  it("adds what the logging pass-through saw to the tool-call guard's cell", () => {
    const seen = recordFromReport(report([guard]), meta, {
      ...on,
      wire: { toolCalls: ["conformance_run", "conformance_model_only", "conformance_report"] },
    });
    expect(seen.cells["visibility/app-tool-call-guard"]!.note).toMatch(
      /pass-through.*saw tools\/call conformance_model_only: .*reached the server/,
    );
    const unseenCall = recordFromReport(report([guard]), meta, {
      ...on,
      wire: { toolCalls: ["conformance_run"] },
    });
    expect(unseenCall.cells["visibility/app-tool-call-guard"]!.note).toMatch(
      /pass-through.*no tools\/call conformance_model_only/,
    );
  });

  it("joins the height and width rows of one entry: a FAIL in either is the cell's FAIL", () => {
    const height = row("dimensions/listen-size-changed", "PASS", "followed 300 px", ["BRG-7"], {
      probe: "height",
    });
    const width = row("dimensions/listen-size-changed", "FAIL", "kept 800 px", ["BRG-7"], {
      probe: "width",
    });
    const r = recordFromReport(report([height, width]), meta, on);
    const cell = r.cells["dimensions/listen-size-changed"]!;
    expect(cell.value).toBe("FAIL");
    expect(cell.note).toContain("height: PASS");
    expect(cell.note).toContain("width: FAIL");
    const both = recordFromReport(
      report([height, { ...width, verdict: "NOT OBSERVABLE", evidence: "fixed width" }]),
      meta,
      on,
    );
    expect(both.cells["dimensions/listen-size-changed"]!.value).toBe("PASS");
    const none = recordFromReport(
      report([
        { ...height, verdict: "NOT OBSERVABLE" },
        { ...width, verdict: "NOT OBSERVABLE" },
      ]),
      meta,
      on,
    );
    expect(none.cells["dimensions/listen-size-changed"]!.value).toBe("NOT OBSERVABLE");
  });

  it("takes only the named rows from a second run (the default-CSP view)", () => {
    const deny = row("security/csp-default-deny", "FAIL", "the declared origin answered", [
      "CSP-4",
    ]);
    const otherGuard = { ...guard, verdict: "PASS" as const, evidence: "refused" };
    const r = recordFromReport(report([guard]), meta, on, {
      extra: [
        {
          report: report([deny, otherGuard], { run: "run-2" }),
          ids: ["security/csp-default-deny"],
        },
      ],
    });
    expect(r.cells["security/csp-default-deny"]!.value).toBe("FAIL");
    expect(r.cells["security/csp-default-deny"]!.source).toContain("run-2");
    expect(r.cells["visibility/app-tool-call-guard"]!.value).toBe("FAIL");
  });

  it("keeps the previous record's other facts, replacing only what was measured again", () => {
    const previous: HostRecord = {
      id: "fixture-host",
      name: "Fixture host",
      version: "1.2.2",
      openSource: true,
      setup: "The old set-up, measured by hand.",
      cells: {
        "visibility/app-tool-call-guard": {
          value: "PASS",
          kind: "measured",
          date: "2026-11-01",
          source: "an older measurement, by hand",
        },
        "security/csp-default-deny": {
          value: "FAIL",
          kind: "measured",
          date: "2026-11-01",
          source: "an older measurement, by hand",
        },
        "security/external-domain-warning": {
          value: "Shows a warning before loading a declared domain.",
          reading: "meets",
          kind: "vendor-documented",
          date: "2026-09-01",
          source: "https://example.com/docs",
        },
      },
    };
    const r = recordFromReport(report([guard]), meta, on, { previous });
    expect(r.cells["visibility/app-tool-call-guard"]!.value).toBe("FAIL");
    expect(r.cells["visibility/app-tool-call-guard"]!.date).toBe("2026-12-06");
    expect(r.cells["security/external-domain-warning"]).toEqual(
      previous.cells["security/external-domain-warning"],
    );
    expect(r.cells["security/csp-default-deny"]).toEqual(
      previous.cells["security/csp-default-deny"],
    );
  });

  it("keeps an earlier verdict the new run contradicts as a conflict, never resolving it away", () => {
    const earlier = {
      value: "FAIL" as const,
      kind: "measured" as const,
      date: "2026-11-01",
      source: "an older measurement, confirmed by hand",
      note: "The host added a script of its own to the view's document.",
    };
    const previous: HostRecord = {
      id: "fixture-host",
      name: "Fixture host",
      version: "1.2.3",
      openSource: true,
      setup: "The old set-up, measured by hand.",
      cells: {
        "visibility/app-tool-call-guard": { ...earlier, value: "PASS" },
        "security/sandbox-message-forwarding": { ...earlier, value: "NOT OBSERVABLE" },
      },
    };
    const r = recordFromReport(report([guard, { ...forwarding }]), meta, on, { previous });
    expect(r.cells["visibility/app-tool-call-guard"]!.value).toBe("FAIL");
    expect(r.cells["visibility/app-tool-call-guard"]!.conflicts).toEqual([
      { ...earlier, value: "PASS" },
    ]);
    // An earlier NOT OBSERVABLE said nothing about the host: nothing to keep.
    expect(r.cells["security/sandbox-message-forwarding"]!.conflicts).toBeUndefined();
    // The same verdict again is no conflict.
    const again = recordFromReport(report([guard]), meta, on, {
      previous: { ...previous, cells: { "visibility/app-tool-call-guard": earlier } },
    });
    expect(again.cells["visibility/app-tool-call-guard"]!.conflicts).toBeUndefined();
  });

  it("drops an earlier kit PASS on a row the kit was blind on then, saying so, and keeps every other dispute", () => {
    const byKit = (commit: string) => ({
      value: "PASS" as const,
      kind: "measured" as const,
      date: "2026-12-06",
      source: `npm run hosts:grid on 2026-12-06, kit at commit ${commit}, conformance_run run r1, row "security/sandbox-resource-ready"`,
      note: "The kit's evidence: up to the view's own script.",
    });
    const byHand = {
      value: "FAIL" as const,
      kind: "measured" as const,
      date: "2026-12-06",
      source: "measured-2026-12-06, confirmed by hand",
      note: "The host adds a script of its own.",
    };
    const previous: HostRecord = {
      id: "fixture-host",
      name: "Fixture host",
      version: "1.2.3",
      openSource: true,
      setup: "The old set-up.",
      cells: {
        "security/sandbox-resource-ready": { ...byKit("f739301"), conflicts: [byHand] },
        "visibility/app-tool-call-guard": { ...byKit("f739301"), source: "kit at commit f739301" },
      },
    };
    const rewritten = row(
      "security/sandbox-resource-ready",
      "FAIL",
      "they differ after the view's script",
      ["SBX-3"],
    );
    const r = recordFromReport(report([rewritten, guard]), meta, on, { previous });
    const cell = r.cells["security/sandbox-resource-ready"]!;
    expect(cell.value).toBe("FAIL");
    // The hand FAIL agrees now; the blind kit's PASS is no dispute, and the note says why.
    expect(cell.conflicts).toBeUndefined();
    expect(cell.note).toContain("kit at commit f739301");
    expect(cell.note).toContain("only up to its own script");
    // The same kit's PASS on a row it could see stays a conflict.
    expect(r.cells["visibility/app-tool-call-guard"]!.conflicts).toHaveLength(1);
    // A PASS from a kit that was not blind on the row is a dispute like any other.
    const later = recordFromReport(report([rewritten]), meta, on, {
      previous: { ...previous, cells: { "security/sandbox-resource-ready": byKit("2d6aeaa") } },
    });
    expect(later.cells["security/sandbox-resource-ready"]!.conflicts).toEqual([byKit("2d6aeaa")]);
    // Once kept as a conflict (a record written before this rule), it is dropped too.
    const kept = recordFromReport(report([rewritten]), meta, on, {
      previous: {
        ...previous,
        cells: {
          "security/sandbox-resource-ready": { ...byHand, conflicts: [byKit("f739301")] },
        },
      },
    });
    expect(kept.cells["security/sandbox-resource-ready"]!.conflicts).toBeUndefined();
    expect(kept.cells["security/sandbox-resource-ready"]!.note).toContain("kit at commit f739301");
  });

  it("refuses a report that is not the kit's", () => {
    expect(() => recordFromReport({} as GridReport, meta, on)).toThrow(/report/);
    expect(() => recordFromReport(report([]), meta, on)).toThrow(/no rows/);
    const bad = { ...guard, verdict: "MAYBE" } as unknown as ProbeResult;
    expect(() => recordFromReport(report([bad]), meta, on)).toThrow(/verdict/);
    const unknown = { ...guard, id: "visibility/nowhere" } as unknown as ProbeResult;
    expect(() => recordFromReport(report([unknown]), meta, on)).toThrow(/visibility\/nowhere/);
  });

  it("refuses metadata the records' schema refuses, naming the file and the field", () => {
    expect(() => recordFromReport(report([guard]), { ...meta, id: "Bad Id" }, on)).toThrow(
      /content\/hosts\/Bad Id\.json: id/,
    );
    expect(() => recordFromReport(report([guard]), meta, { ...on, date: "2026-02-30" })).toThrow(
      /date: not a day of the calendar/,
    );
    expect(() => recordFromReport(report([guard]), { ...meta, setup: "x" }, on)).not.toThrow();
    expect(() => recordFromReport(report([guard]), { ...meta, name: "" }, on)).toThrow(/name/);
    expect(() => recordFromReport(report([guard]), meta, { ...on, commit: "" })).toThrow(/commit/);
  });
});
