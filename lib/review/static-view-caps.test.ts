/**
 * The static view checks stay bounded (issue #39, item 3): how much of a document they read, how
 * long they run, how many findings they keep and how much evidence they print. How their time
 * grows with the document is measured by `npm run bench:static-view`, not here: these tests hold
 * the caps and what the report says about them.
 */
import { describe, expect, it } from "vitest";
import type { UiToolReview } from "../host";
import { staticViewItems } from "./static-view-items";
import { analyzeView, STATIC_VIEW_LIMITS } from "./static-view";

const PROFILE = "text/html;profile=mcp-app";
/** 2 KB of evidence per item, in UTF-8 bytes (what a report file or table cell holds). */
const EVIDENCE_MAX = 2048;
const bytes = (text: string) => new TextEncoder().encode(text).length;

/** The part of a tool review the static items read: its name and the view as resources/read gave it. */
function observed(html: string, ui?: Record<string, unknown>) {
  return {
    name: "big_view",
    read: {
      ok: true,
      result: {
        contents: [
          {
            uri: "ui://big/view.html",
            mimeType: PROFILE,
            text: html,
            ...(ui ? { _meta: { ui } } : {}),
          },
        ],
      },
      hints: {},
    },
  } as unknown as UiToolReview;
}

/** A document whose body starts on line 2 and holds `lines`, one a line. */
const page = (lines: string[]) =>
  `<!doctype html><html><body>\n${lines.join("\n")}\n</body></html>`;
const images = (n: number) =>
  Array.from({ length: n }, (_, i) => `<img src="https://img${i}.example.org/a.png">`);
const byId = (items: ReturnType<typeof staticViewItems>) =>
  Object.fromEntries(items.map((i) => [i.id.split(":")[0], i]));
/** How many times `pattern` occurs in `text`. */
const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe("evidence: at most 2 KB per item, the first findings listed and the rest counted", () => {
  it("300 undeclared origins: the first few by line, then 'and N more', and the advice still at the end", () => {
    const item = byId(staticViewItems(observed(page(images(300)))))["view-origins"]!;
    expect(item.status).toBe("fail");
    expect(bytes(item.evidence)).toBeLessThanOrEqual(EVIDENCE_MAX);
    expect(item.evidence).toMatch(
      /^https:\/\/img0\.example\.org \(<img src>, line 2\): no csp declared/,
    );
    const listed = count(item.evidence, /https:\/\/img\d+\.example\.org/g);
    expect(listed).toBeGreaterThan(0);
    expect(listed).toBeLessThan(300);
    expect(item.evidence).toContain(`and ${300 - listed} more`);
    expect(item.evidence).toMatch(/declare each in _meta\.ui\.csp$/);
  });

  it("300 declared origins: the pass names how many, lists the first and counts the rest", () => {
    const csp = { resourceDomains: ["https://*.example.org"] };
    const item = byId(staticViewItems(observed(page(images(300)), { csp })))["view-origins"]!;
    expect(item.status).toBe("pass");
    expect(bytes(item.evidence)).toBeLessThanOrEqual(EVIDENCE_MAX);
    expect(item.evidence).toMatch(/^300 other origin\(s\) found .* all declared: https:\/\/img0\./);
    const listed = count(item.evidence, /https:\/\/img\d+\.example\.org/g);
    expect(listed).toBeLessThan(300);
    expect(item.evidence).toContain(`and ${300 - listed} more`);
  });

  it("300 eval( calls: the first few with their excerpts, 'and N more', then why it matters", () => {
    const html = page([
      "<script>",
      ...Array.from({ length: 300 }, (_, i) => `eval("f${i}()");`),
      "</script>",
    ]);
    const item = byId(staticViewItems(observed(html)))["view-eval"]!;
    expect(item.status).toBe("warning");
    expect(bytes(item.evidence)).toBeLessThanOrEqual(EVIDENCE_MAX);
    const listed = count(item.evidence, /eval\( at line/g);
    expect(listed).toBeGreaterThan(0);
    expect(listed).toBeLessThan(300);
    expect(item.evidence).toContain(`and ${300 - listed} more`);
    expect(item.evidence).toMatch(/no MCP Apps CSP allows it/);
  });

  it("600 display-mode requests: the lines listed are capped and counted", () => {
    const html = page([
      "<script>",
      ...Array.from({ length: 600 }, () => `app.requestDisplayMode({ mode: "fullscreen" });`),
      "</script>",
    ]);
    const item = byId(staticViewItems(observed(html)))["view-display-mode"]!;
    expect(item.status).toBe("warning");
    expect(bytes(item.evidence)).toBeLessThanOrEqual(EVIDENCE_MAX);
    expect(item.evidence).toMatch(/^heuristic: requests a display mode \(line 3, 4, 5, /);
    const listed = count(item.evidence.split("and")[0]!, /\d+/g);
    expect(item.evidence).toContain(`and ${600 - listed} more`);
  });

  it("a long origin or excerpt cannot push an item past 2 KB", () => {
    const host = (i: number) => `${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}${i}.example`;
    const html = page(
      Array.from({ length: 40 }, (_, i) => `<script src="https://${host(i)}/x.js"></script>`),
    );
    const item = byId(staticViewItems(observed(html)))["view-origins"]!;
    expect(bytes(item.evidence)).toBeLessThanOrEqual(EVIDENCE_MAX);
    expect(item.evidence).toMatch(/and \d+ more/);
  });
});

describe("what is read: at most STATIC_VIEW_LIMITS.maxChars of a document, said in the report", () => {
  it("a load past the cap is not seen, and an item says how much was read and what was not", () => {
    const { maxChars } = STATIC_VIEW_LIMITS;
    expect(maxChars).toBe(4 * 1024 * 1024);
    const html = page([
      `<img src="https://early.example/a.png">`,
      "x".repeat(maxChars),
      `<img src="https://late.example/b.png">`,
    ]);
    const found = analyzeView(html);
    expect(found.loads.map((l) => l.origin)).toEqual(["https://early.example"]);
    expect(found.reading).toEqual({
      length: html.length,
      read: maxChars,
      line: 3,
      stopped: "size",
    });
    const item = byId(staticViewItems(observed(html)))["view-static-read"]!;
    expect(item.status).toBe("warning");
    expect(item.evidence).toContain(
      `read the view's first ${maxChars} characters of ${html.length}`,
    );
    expect(item.evidence).toMatch(/after line 3 was not read/);
    expect(bytes(item.evidence)).toBeLessThanOrEqual(EVIDENCE_MAX);
  });

  it("a view read in full gets no such item", () => {
    const items = byId(staticViewItems(observed(page(images(3)))));
    expect(items["view-static-read"]).toBeUndefined();
    expect(analyzeView(page(images(3))).reading).toEqual({
      length: page(images(3)).length,
      read: page(images(3)).length,
      line: 5,
    });
  });
});

describe("a deadline: the checks stop after 2 s and say what was not read", () => {
  it("is 2 s", () => {
    expect(STATIC_VIEW_LIMITS.deadlineMs).toBe(2000);
  });

  it("past the deadline the scan stops where it is; the report keeps what was found and says where it stopped", () => {
    const html = page(images(1000));
    // A clock that reads 0 when the checks start and 2.5 s at every later look.
    let looks = 0;
    const now = () => (looks++ === 0 ? 0 : 2500);
    const found = analyzeView(html, { now });
    expect(found.reading.stopped).toBe("deadline");
    expect(found.reading.read).toBeLessThan(html.length);
    expect(found.reading.line).toBeGreaterThan(1);
    expect(found.loads.length).toBeGreaterThan(0);
    expect(found.loads.length).toBeLessThan(1000);
    expect(found.loads.every((l) => l.line <= found.reading.line)).toBe(true);

    const items = byId(staticViewItems(observed(html), found));
    expect(items["view-origins"]!.evidence).toMatch(/^https:\/\/img0\.example\.org/);
    const item = items["view-static-read"]!;
    expect(item.status).toBe("warning");
    expect(item.evidence).toMatch(/^the static checks stopped after 2 s/);
    expect(item.evidence).toContain(`line ${found.reading.line}`);
    expect(item.evidence).toMatch(/was not read/);
  });
});

describe("findings kept: at most maxFindings of each kind, the rest counted", () => {
  it("one origin loaded many times is kept once; past the cap, loads are counted as not checked", () => {
    const same = page(Array.from({ length: 200 }, () => `<img src="https://one.example/a.png">`));
    expect(analyzeView(same).loads).toHaveLength(1);

    const found = analyzeView(page(images(300)), { maxFindings: 50 });
    expect(found.loads).toHaveLength(50);
    expect(found.dropped.loads).toBe(250);
    const item = byId(staticViewItems(observed(page(images(300))), found))["view-static-read"]!;
    expect(item.status).toBe("warning");
    expect(item.evidence).toMatch(/250 more load\(s\)/);
  });
});
