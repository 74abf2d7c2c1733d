/**
 * How a conformance report adds up: rows counted by the strength of their catalogue keyword, so a
 * failed MUST is never mixed with a failed SHOULD or MAY, and a NOT OBSERVABLE row is never counted
 * as failed (it says the view could not see; it says nothing about the host).
 */
import type { ProbeResult, Verdict } from "./types";

/** RFC 2119 keywords by strength: a MUST NOT (or REQUIRED) binds as a MUST does. */
export type Strength = "MUST" | "SHOULD" | "MAY";
const STRENGTHS: readonly Strength[] = ["MUST", "SHOULD", "MAY"];

/** The strength of a catalogue keyword (RFC 2119: REQUIRED and SHALL are MUST; RECOMMENDED SHOULD). */
export function strengthOf(keyword: string): Strength {
  if (/^(MUST|REQUIRED|SHALL)\b/.test(keyword)) return "MUST";
  if (/^(SHOULD|RECOMMENDED)\b/.test(keyword)) return "SHOULD";
  return "MAY";
}

interface StrengthCount {
  pass: number;
  fail: number;
  notObservable: number;
  /** The FAIL rows, in report order. */
  failed: ProbeResult[];
  /** The NOT OBSERVABLE rows, in report order: listed apart, never counted as failed. */
  unobserved: ProbeResult[];
}

export type Summary = Record<Strength, StrengthCount>;

const KEYS: Record<Verdict, "pass" | "fail" | "notObservable"> = {
  PASS: "pass",
  FAIL: "fail",
  "NOT OBSERVABLE": "notObservable",
};

/** The rows counted per strength and verdict. */
export function summarise(results: readonly ProbeResult[]): Summary {
  const empty = (): StrengthCount => ({
    pass: 0,
    fail: 0,
    notObservable: 0,
    failed: [],
    unobserved: [],
  });
  const s: Summary = { MUST: empty(), SHOULD: empty(), MAY: empty() };
  for (const p of results) {
    const c = s[strengthOf(p.keyword)];
    c[KEYS[p.verdict]]++;
    if (p.verdict === "FAIL") c.failed.push(p);
    if (p.verdict === "NOT OBSERVABLE") c.unobserved.push(p);
  }
  return s;
}

/** A row's name in a summary or a table: its catalogue id, and the probe when an id has several. */
export const rowName = (p: Pick<ProbeResult, "id" | "probe">) =>
  p.probe ? `${p.id} (${p.probe})` : p.id;

/** One line per strength: "MUST: 14 PASS, 1 FAIL (id), 3 NOT OBSERVABLE · SHOULD: … · MAY: …". */
export function statusLine(results: readonly ProbeResult[]): string {
  const s = summarise(results);
  return STRENGTHS.map((k) => {
    const c = s[k];
    const failed = c.failed.length ? ` (${c.failed.map(rowName).join(", ")})` : "";
    return `${k}: ${c.pass} PASS, ${c.fail} FAIL${failed}, ${c.notObservable} NOT OBSERVABLE`;
  }).join(" · ");
}
