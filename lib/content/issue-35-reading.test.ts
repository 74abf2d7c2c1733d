/**
 * Issue #35, items 1 and 2: misleading and imprecise claims in the lessons (content/checklist/
 * REVIEW.md, 2026-12-06). Each test holds one corrected claim, so the fault cannot come back;
 * every one of them failed on the lessons as they were before the fix.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(import.meta.dirname, "../../content/checklist");
const lessons = readdirSync(dir)
  .filter((name) => name.endsWith(".mdx"))
  .map((name) => ({ name, text: readFileSync(path.join(dir, name), "utf8") }));
const lesson = (name: string) => lessons.find((l) => l.name === `${name}.mdx`)!.text;

/** Prose only: fenced code blocks removed, so a sample's comment is not read as a claim. */
const prose = (text: string) => text.replace(/```[\s\S]*?```/g, "");

/** Sentences of a text, split on sentence ends, blank lines and table cells. */
const sentences = (text: string) => prose(text).split(/(?<=[.!?])\s+|\n\s*\n|\s\|\s/);

/** Every sentence of every lesson, as `lesson: sentence`. */
const allSentences = lessons.flatMap(({ name, text }) => sentences(text).map((s) => ({ name, s })));

/** The sentences of every lesson that match `pattern`. */
const matching = (pattern: RegExp) => allSentences.filter(({ s }) => pattern.test(s));

/** The text under one pinned heading, up to the next heading of any level. */
function section(name: string, id: string): string {
  const text = lesson(name);
  const start = text.indexOf(`{/*${id}*/}`);
  expect(start, `${name}#${id}`).toBeGreaterThan(-1);
  const rest = text.slice(start);
  const next = rest.slice(1).search(/\n#{2,4} /);
  return next === -1 ? rest : rest.slice(0, next + 1);
}

describe("issue #35, misleading claims", () => {
  it("M1: the legacy `extensions` key is SEP-1724's standard mechanism, not one of Apps' own (NEG-5)", () => {
    expect(section("what-changed-in-2026-07-28", "before")).toMatch(/SEP-1724/);
    expect(section("two-protocol-eras", "three-kinds")).toMatch(/SEP-1724/);
    expect(
      matching(/Apps specification's own mechanism|defined by the MCP Apps specification/),
    ).toEqual([]);
  });

  it("M2: no lesson teaches 'the same tools for everyone' as the core's rule; the checklist's wording is labelled (NEG-5, TOOL-9)", () => {
    expect(
      matching(/same (tools )?(for|to) every(one|body| connection)|same tools to everybody/i),
    ).toEqual([]);
    for (const { name, s } of matching(/whoever asks|who is asking|same whoever/i))
      expect(s, name).toMatch(/checklist/);
  });

  it("M2: both era lessons say the host decides per request whether to use the view", () => {
    const host = /host decides[^.]*each request|host's decision[^.]*each request/;
    expect(section("what-changed-in-2026-07-28", "per-request")).toMatch(host);
    expect(section("two-protocol-eras", "apps-negotiation")).toMatch(host);
    expect(matching(/server [^.]*decides per request whether the view/)).toEqual([]);
  });

  it("M3: the mime MUST binds the server's resource; refusing one is the review checklist's host rule (RES-2)", () => {
    expect(matching(/verdict is a hard MUST|host must not treat it as an app/)).toEqual([]);
    const mime = section("the-decision-table", "mime");
    expect(mime).toMatch(/server/);
    expect(mime).toMatch(/checklist's host rule/);
    expect(mime).toMatch(/case/);
    expect(section("the-decision-table", "must-or-policy")).toMatch(/MUST on the server/);
  });

  it("M4: closing WebRTC is what the blocking MUST asks, and the open gaps are said (CSP-3)", () => {
    const webrtc = section("content-security-policy", "what-csp-cannot-block");
    expect(webrtc).not.toMatch(/not a spec requirement/);
    expect(webrtc).toMatch(/does not plainly meet/);
    expect(webrtc).toMatch(/TCP connection/);
    // Issue #39: the <embed> window is sealed now; the lesson says how, and that it is best effort.
    expect(webrtc).toMatch(/<embed src="about:blank">/);
    expect(webrtc).not.toMatch(/does not seal it/);
    expect(webrtc).toMatch(/best effort/);
    expect(webrtc).toMatch(/open gap in our host/);
  });
});

describe("issue #35, imprecise claims", () => {
  it("I1: the core sets no condition on the supporting side's choice to reject (NEG-4)", () => {
    expect(
      matching(/if (the extension is )?mandatory|cannot work without it|mandatory (to|for) it/i),
    ).toEqual([]);
  });

  it("I2, I16: the spec's CSP sample is illustrative, and entries may be wildcard origins (CSP-3, CSP-6)", () => {
    expect(matching(/never (end up )?looser/i)).toEqual([]);
    expect(matching(/bare origin/i)).toEqual([]);
    expect(section("content-security-policy", "built-policy")).toMatch(/\*\./);
  });

  it("I3: 'no connections at all' is never said without naming what the policy covers", () => {
    for (const { name, s } of matching(/no connections at all|make no connections/i))
      expect(s, name).toMatch(/fetch|WebRTC/);
  });

  it("I4: 'character for character' is always the string-comparing hosts' rule, labelled (RES-2)", () => {
    const found = matching(/character for character|exact string/i);
    expect(found.length).toBeGreaterThan(0);
    for (const { name, s } of found)
      expect(s, name).toMatch(/checklist|ours|this course|send|write/i);
  });

  it("I5: a missing grant never blocking rendering is labelled as the review checklist's rule wherever it is said (PERM-3)", () => {
    const NEVER =
      /never (a reason|grounds|blocks?|stops|justif\w*|does)|no reason to (refuse|reject|withhold)|no failing branch/i;
    for (const name of ["the-decision-table", "testing-before-shipping"])
      for (const s of sentences(lesson(name)))
        if (NEVER.test(s) && /grant|permission/i.test(s)) expect(s, name).toMatch(/checklist/);
  });

  it("I6: every lesson sentence citing OUT-4 names the requirements checklist as its source", () => {
    for (const { name, s } of matching(/RuleRef id="OUT-4"/))
      expect(s, name).toMatch(/requirements checklist/);
  });

  it("I7, I8: result `_meta` is not promised as view-only, and leaving `_meta.ui` out is said to keep views able to call (OUT-3, TOOL-2)", () => {
    expect(matching(/only view-side data/)).toEqual([]);
    const linkage = section("testing-before-shipping", "tool-linkage");
    expect(linkage).toMatch(/RuleRef id="TOOL-2"/);
    expect(linkage).toMatch(/visibility: \["model"\]/);
  });

  it("I9: 'not your MCP server's own domain' is labelled as the requirements checklist's (RES-6)", () => {
    for (const { name, s } of matching(/not your (MCP )?server's (own )?domain/i))
      expect(s, name).toMatch(/checklist/);
  });

  it("I10: the agent is not said to see only text, since `content` may carry images", () => {
    expect(
      matching(/agent only sees text|agent reads text, not pixels|reads their text results/),
    ).toEqual([]);
  });

  it("I11: the bridge lesson gives tool-input its MUST (BRG-3)", () => {
    const bullet = section("the-app-host-bridge", "host-to-view")
      .split("\n")
      .find((l) => l.startsWith("- `ui/notifications/tool-input`"))!;
    expect(bullet).toMatch(/MUST send/);
  });

  it("I12: no sentence says a tool without `model` is never called, unless it says by whom (TOOL-3, TOOL-4)", () => {
    for (const { name, s } of matching(/\bnever (be )?called\b/i))
      expect(s, name).toMatch(/by the agent|the agent never calls/i);
  });

  it("I13: every JSON sample of a 2026-07-28 result (it carries caching hints) shows its resultType (NEG-9)", () => {
    const samples = lessons.flatMap(({ name, text }) =>
      [...text.matchAll(/```json\n([\s\S]*?)```/g)]
        .map((m) => m[1]!)
        .filter((code) => /"ttlMs"/.test(code))
        .map((code) => ({ name, code })),
    );
    expect(samples.length).toBeGreaterThan(2);
    for (const { name, code } of samples) expect(code, name).toMatch(/"resultType": "complete"/);
  });

  it("I14: the reserved prefixes are those whose second label is mcp or modelcontextprotocol (NEG-7)", () => {
    const recap = section("what-changed-in-2026-07-28", "recap");
    expect(recap).not.toMatch(/other `mcp` prefixes are reserved/);
    expect(recap).toMatch(/second label/);
  });

  it("I15: the host's report of granted permissions is optional, and the lesson says so (PERM-2)", () => {
    expect(matching(/Whatever the host grants, it reports/)).toEqual([]);
    expect(section("permissions", "telling-the-view")).toMatch(/optional/);
  });

  it("I17: the bridge lesson's samples use addEventListener, not the on* setters ext-apps 2.0.4 deprecates", () => {
    const bridge = lesson("the-app-host-bridge");
    const code = [...bridge.matchAll(/```ts[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1]!).join("\n");
    expect(code).not.toMatch(
      /\.on(toolinput|toolinputpartial|toolresult|toolcancelled|hostcontextchanged)\s*=/,
    );
    expect(code).toMatch(/addEventListener\("toolinput"/);
    expect(section("the-app-host-bridge", "sdk-view")).toMatch(/deprecated/);
  });
});
