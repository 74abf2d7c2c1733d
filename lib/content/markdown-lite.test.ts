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

  it("renders **strong** and *emphasis* outside code, and leaves them alone inside it", () => {
    expect(parseInline("Select the **two** requests, *not* the `**a**` one.")).toEqual([
      { type: "text", text: "Select the " },
      { type: "strong", text: "two" },
      { type: "text", text: " requests, " },
      { type: "em", text: "not" },
      { type: "text", text: " the " },
      { type: "code", text: "**a**" },
      { type: "text", text: " one." },
    ]);
  });

  it("leaves a lone or spaced asterisk as text", () => {
    expect(parseInline("2 * 3 and a* b")).toEqual([{ type: "text", text: "2 * 3 and a* b" }]);
  });
});
