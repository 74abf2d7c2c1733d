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

  it("labels 2025-06-18 as the drafts' value, never as the stable specification's", () => {
    const mentions = lessons.flatMap(({ name, text }) =>
      paragraphs(text)
        .filter((p) => p.includes("2025-06-18"))
        .map((p) => ({ name, p })),
    );
    expect(mentions.length).toBeGreaterThan(0);
    for (const { name, p } of mentions) {
      expect(p, name).toMatch(/draft/i);
      expect(p, name).not.toMatch(/specification's (own )?sample/i);
    }
  });
});
