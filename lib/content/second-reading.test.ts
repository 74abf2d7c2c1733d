import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/ext-apps";
import { describe, expect, it } from "vitest";

// Facts the independent second reading (content/checklist/REVIEW.md) checked against the
// specifications and the installed SDK, kept from drifting back.
const dir = path.resolve(import.meta.dirname, "../../content/checklist");
const lessons = readdirSync(dir)
  .filter((name) => name.endsWith(".mdx"))
  .map((name) => ({ name, text: readFileSync(path.join(dir, name), "utf8") }));

/** Blank-line separated blocks, so a claim is read with the sentences around it. */
function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/);
}

describe("the bridge protocol version", () => {
  it("is the SDK's own in every bridge sample a lesson prints", () => {
    // Bridge messages are the fenced samples that carry appCapabilities or hostCapabilities;
    // core `initialize` samples carry a core revision and are left alone.
    const fences = lessons.flatMap(({ name, text }) =>
      [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)]
        .map((m) => m[1] ?? "")
        .filter((code) => /appCapabilities|hostCapabilities/.test(code))
        .map((code) => ({ name, code })),
    );
    const samples = fences.flatMap(({ name, code }) =>
      [...code.matchAll(/"?protocolVersion"?:\s*"([^"]+)"/g)].map((m) => `${name}: ${m[1]}`),
    );
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples)
      expect(sample).toMatch(new RegExp(`: ${LATEST_PROTOCOL_VERSION}$`));
  });

  it("labels 2025-06-18 as the later draft's value, never as the stable specification's nor an earlier draft's", () => {
    const mentions = lessons.flatMap(({ name, text }) =>
      paragraphs(text)
        .filter((p) => p.includes("2025-06-18"))
        .map((p) => ({ name, p })),
    );
    expect(mentions.length).toBeGreaterThan(0);
    for (const { name, p } of mentions) {
      expect(p, name).toMatch(/draft/i);
      expect(p, name).not.toMatch(/specification's (own )?sample/i);
      // The draft that shows 2025-06-18 postdates the stable 2026-01-26 text, so it is no
      // "earlier" draft: the date string is older, the document is newer.
      expect(p, name).not.toMatch(/\b(earlier|older|previous|prior) drafts?\b/i);
    }
  });
});

/** Lessons whose every sentence about who calls a tool this reading checked (issue 19). */
const CALLER_CHECKED = [
  "the-decision-table.mdx",
  "the-app-host-bridge.mdx",
  "app-initiated-tool-calls.mdx",
  "result-channels-and-annotations.mdx",
  "server-side-authorization.mdx",
  "testing-before-shipping.mdx",
  "what-mcp-apps-is.mdx",
];

describe("a tool hidden from the agent", () => {
  it("is never said to be never called, since a view of its server may still call it (TOOL-3, TOOL-4)", () => {
    const claims = lessons
      .filter(({ name }) => CALLER_CHECKED.includes(name))
      .flatMap(({ name, text }) =>
        text
          .split(/(?<=[.;:])\s+/)
          .filter((s) => /\bnever (be )?called\b/i.test(s))
          .map((s) => ({ name, s })),
      );
    for (const { name, s } of claims)
      expect(s, name).toMatch(/by the agent|the agent never calls/i);
  });
});

describe("the bridge lesson's SDK samples", () => {
  const bridge = lessons.find((l) => l.name === "the-app-host-bridge.mdx")!.text;
  const fences = [...bridge.matchAll(/```(\w+)([^\n]*)\n([\s\S]*?)```/g)].map((m) => ({
    lang: m[1],
    meta: m[2]!.trim(),
    code: m[3]!,
  }));

  it("are all fenced `ts check`, so the sample type-check compiles them against ext-apps", () => {
    const ts = fences.filter((f) => f.lang === "ts");
    expect(ts.length).toBeGreaterThan(2);
    for (const f of ts) expect(f.meta, f.code.slice(0, 80)).toBe("check");
  });

  it("apply the hostContext that ui/initialize returned, not only later changes (BRG-2)", () => {
    const wiring = fences.find(
      (f) => /app\.ontoolresult/.test(f.code) && /app\.connect\(/.test(f.code),
    );
    expect(wiring?.code).toMatch(/getHostContext\(\)/);
    expect(wiring!.code.indexOf("getHostContext()")).toBeGreaterThan(
      wiring!.code.indexOf("app.connect("),
    );
  });

  it("say that App reports size changes by itself unless autoResize is off (BRG-7, SDK)", () => {
    const sizing = bridge.split("{/*sizing*/}")[1]!.split(/\n## /)[0]!;
    expect(sizing).toMatch(/autoResize/);
    expect(sizing).toMatch(/sendSizeChanged/);
  });
});
