import { describe, expect, it } from "vitest";
import { parseOrigin } from "../decide";
import {
  APP_CALL_TEXT,
  directiveOf,
  failingRows,
  generateDrillItem,
  type DrillItem,
} from "./generator";

// Issue 36, item 2: one true answer. Each test names a way two options could both be true, or an
// option be misleading, that a reviewer found in generated items.

const SEEDS = 1000;
const items: DrillItem[] = Array.from({ length: SEEDS }, (_, i) =>
  generateDrillItem({ seed: `answer-${i}` }),
);
const meaningsOf = (item: DrillItem) => item.question.options.map((o) => item.meanings[o.id]!);
const distractorsOf = (item: DrillItem) =>
  item.question.options.filter((o) => o.id !== item.question.answer);

/** The tool a view's call names, as the scenario lists it (undefined: no server has it). */
function calledTool(item: DrillItem) {
  const s = item.scenario;
  if (s.action.kind !== "view-calls-tool") return undefined;
  const name = s.action.tool;
  const other = s.otherTools.find((t) => t.name === name);
  if (other) return { server: other.server, visibility: other.visibility };
  return name === s.uiTool.name ? { server: "main", visibility: s.uiTool.visibility } : undefined;
}

describe("one true answer", () => {
  it('asks for both reasons when a view calls a tool that lacks "app" and belongs to another server', () => {
    const both = items.filter((i) => {
      const t = calledTool(i);
      return (
        i.kind === "app-call" &&
        i.decision.outcome === "rendered" &&
        t?.server === "second" &&
        t.visibility !== undefined &&
        !t.visibility.includes("app")
      );
    });
    console.log(`App-call items whose call fails two visibility rules at once: ${both.length}`);
    expect(both.length).toBeGreaterThan(0);
    for (const item of both) {
      // The key names every reason; neither reason alone is offered, since each alone is also true.
      expect(item.key, item.seed).toMatch(/TOOL-4.*TOOL-5/);
      expect(meaningsOf(item), item.seed).not.toContain(APP_CALL_TEXT["no-app"]);
      expect(meaningsOf(item), item.seed).not.toContain(APP_CALL_TEXT["other-server"]);
    }
  });

  it("settles visibility or an unknown tool against a consent of deny by the gate order the stem states", () => {
    const clash = items.filter(
      (i) =>
        i.kind === "app-call" &&
        i.decision.appCall &&
        !i.decision.appCall.askedConsent &&
        (i.scenario.consent === "deny" ||
          (i.scenario.consent === "ask" && i.scenario.consentAnswer !== "allow")),
    );
    console.log(`App-call items refused before a consent that would also refuse: ${clash.length}`);
    expect(clash.length).toBeGreaterThan(0);
    for (const item of clash) {
      expect(item.question.stem, item.seed).toMatch(/visibility, then unknown tool, then consent/);
      expect(item.key, item.seed).not.toBe(APP_CALL_TEXT.consent);
    }
  });

  it("never offers the same decision row twice, nor a distractor naming the row that fails (neither side declaring the extension included)", () => {
    for (const item of items.filter((i) => i.kind === "deciding-row")) {
      const rows = item.question.options.map(
        (o) => /^The (\S+) row/.exec(item.meanings[o.id]!)?.[1],
      );
      expect(new Set(rows).size, `${item.seed}: ${rows.join(", ")}`).toBe(rows.length);
      const failing = item.decision.rows.filter((r) => r.verdict === "fail").map((r) => r.row);
      for (const o of distractorsOf(item)) {
        const row = /^The (\S+) row/.exec(item.meanings[o.id]!)?.[1];
        expect(failing, `${item.seed}: "${o.text}" is also true`).not.toContain(row);
      }
    }
  });

  it("labels the draft/SDK listing fallback (RES-4) where the view's _meta.ui is on the listing only", () => {
    const listing = items.filter(
      (i) =>
        i.scenario.resource.metaLocation !== "content" && i.decision.uiMetaSource === "listing",
    );
    expect(listing.length).toBeGreaterThan(0);
    for (const item of listing) {
      const label = item.shown.find((s) => s.label.startsWith("resources/list entry"))!.label;
      expect(label, item.seed).toMatch(/RES-4, the Apps draft and the ext-apps SDK/);
    }
  });

  it('makes "the host had approved every origin the csp declares" true of wildcards as well', () => {
    let checked = 0;
    for (const item of items) {
      for (const n of item.nearMisses) {
        if (!n.change.startsWith("the host had approved every origin")) continue;
        checked++;
        const outside = n.decision.csp?.refused.filter((r) => r.why === "out-of-policy") ?? [];
        expect(
          outside.map((r) => r.detail),
          item.seed,
        ).toEqual([]);
      }
    }
    console.log(`Near misses approving every declared origin: ${checked}`);
    expect(checked).toBeGreaterThan(0);
  });

  it("offers no csp directive equal to the key as a set of sources", () => {
    const sources = (d: string) => [...new Set(d.split(" ").slice(1))].sort().join(" ");
    for (const item of items.filter((i) => i.kind === "csp-header" && i.directive)) {
      const key = directiveOf(item.key, item.directive!);
      if (!key) continue;
      for (const o of distractorsOf(item)) {
        const d = directiveOf(item.meanings[o.id]!, item.directive!);
        if (d) expect(sources(d), `${item.seed}: "${d}"`).not.toBe(sources(key));
      }
    }
  });

  it("names no origin in a csp option that the item does not show", () => {
    let named = 0;
    for (const item of items.filter((i) => i.kind === "csp-header")) {
      for (const o of item.question.options) {
        for (const token of o.text.split(" ")) {
          const origin = parseOrigin(token);
          if (!origin.ok) continue;
          named++;
          expect(item.question.stem, `${item.seed}: ${token}`).toContain(token);
        }
      }
    }
    expect(named).toBeGreaterThan(0);
  });
});

describe("words true of every item (issue 36, wording)", () => {
  it("asks a deciding-row item for the one row that fails, never for one that 'does not pass': later rows are skipped, which is not passing", () => {
    const asked = items.filter((i) => i.kind === "deciding-row");
    expect(asked.length).toBeGreaterThan(50);
    const wrong = asked.filter(
      (i) => failingRows(i.decision).length !== 1 || /does not pass/.test(i.question.stem),
    );
    const skipping = asked.filter((i) => i.decision.rows.some((r) => r.verdict === "skip"));
    console.log(
      `Deciding-row items: ${asked.length}, ${skipping.length} with skipped rows; stems whose claim is false: ${wrong.length}`,
    );
    expect(wrong.map((i) => i.seed)).toEqual([]);
  });

  it("prints each decision row of an explanation as a paragraph of its own", () => {
    for (const item of items) {
      const paragraphs = item.explanation.split("\n\n");
      for (const row of item.decision.rows) {
        const own = paragraphs.filter((p) => p.startsWith(`- **${row.row}**:`));
        expect(own, `${item.seed}: the ${row.row} row`).toHaveLength(1);
        expect(own[0]).not.toContain("\n");
      }
    }
  });
});
