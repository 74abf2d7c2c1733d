import { describe, expect, it } from "vitest";
import { evidenceParts } from "./evidence-parts";

describe("evidenceParts", () => {
  it("sets each JSON value inside a sentence apart as code, keeping the words around it", () => {
    const text =
      'declared {"connectDomains":["https://api.example"]}: 1 origin, and [1,2] then {"a":"}"}.';
    expect(evidenceParts(text)).toEqual([
      { text: "declared ", code: false },
      { text: '{"connectDomains":["https://api.example"]}', code: true },
      { text: ": 1 origin, and ", code: false },
      { text: "[1,2]", code: true },
      { text: " then ", code: false },
      { text: '{"a":"}"}', code: true },
      { text: ".", code: false },
    ]);
  });

  it("leaves brackets that are not JSON as words, and the whole text when there is none", () => {
    expect(evidenceParts("one item [CSP-1, CSP-2] and {not json}")).toEqual([
      { text: "one item [CSP-1, CSP-2] and {not json}", code: false },
    ]);
    expect(evidenceParts("prefersBorder omitted")).toEqual([
      { text: "prefersBorder omitted", code: false },
    ]);
    // An empty object or list is JSON, and still code.
    expect(evidenceParts("sent {} and []").filter((p) => p.code)).toEqual([
      { text: "{}", code: true },
      { text: "[]", code: true },
    ]);
  });

  it("joins back to the text it was given, even with an unbalanced bracket", () => {
    for (const t of ['{"a": [1, 2', 'x } { "b": 1 } ]', '"{" {"q":"\\"}"} end'])
      expect(
        evidenceParts(t)
          .map((p) => p.text)
          .join(""),
      ).toBe(t);
  });
});
