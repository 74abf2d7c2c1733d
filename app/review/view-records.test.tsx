import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { keptJson } from "@/lib/host/view/kept-copy";
import { RECORD_CHARS } from "@/lib/review/live-context";
import { ViewRecords, type Snapshot } from "./runner-records";

describe("What the view sent", () => {
  it("shows a long log's kept start as text and how many characters were not kept", () => {
    const data = "<b>data</b>".padEnd(250 * 1024, "z");
    const s = {
      state: "initialized",
      failures: [],
      appCalls: [],
      tools: [],
      links: [],
      messages: [],
      logs: [{ at: 3000, level: "info", data: keptJson(data, RECORD_CHARS) }],
      log: [],
      startedAt: 0,
    } satisfies Snapshot;
    const html = renderToStaticMarkup(<ViewRecords s={s} />);
    expect(html).toContain("&lt;b&gt;data&lt;/b&gt;");
    expect(html).not.toContain("<b>");
    expect(html).toContain(
      `… and ${(data.length + 2 - RECORD_CHARS).toLocaleString("en")} more characters`,
    );
    expect(html.length).toBeLessThan(RECORD_CHARS + 400);
  });
});
