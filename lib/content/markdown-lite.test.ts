import { describe, expect, it } from "vitest";
import { parseBlocks, parseInline } from "./markdown-lite";

describe("markdown-lite", () => {
  it("splits inline code from text", () => {
    expect(parseInline("a `b` c")).toEqual([
      { type: "text", text: "a " },
      { type: "code", text: "b" },
      { type: "text", text: " c" },
    ]);
  });

  it("keeps fenced code verbatim between paragraphs, and HTML as plain text", () => {
    const blocks = parseBlocks('Look:\n\n```json\n{ "a": "<b>" }\n```\n\nWhat is <i>wrong</i>?');
    expect(blocks).toEqual([
      { type: "paragraph", inlines: [{ type: "text", text: "Look:" }] },
      { type: "code", lang: "json", text: '{ "a": "<b>" }' },
      { type: "paragraph", inlines: [{ type: "text", text: "What is <i>wrong</i>?" }] },
    ]);
  });
});
