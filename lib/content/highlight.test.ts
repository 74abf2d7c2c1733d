import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { CodePalette, highlightCode, isCodeLanguage } from "./highlight";

function luminance(hex: string): number {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

interface Node {
  type: string;
  properties?: { style?: unknown };
  children?: Node[];
}

function styles(node: Node, out: string[] = []): string[] {
  if (typeof node.properties?.style === "string") out.push(node.properties.style);
  for (const c of node.children ?? []) styles(c, out);
  return out;
}

const vars = (style: string) =>
  Object.fromEntries(
    style
      .split(";")
      .map((d) => d.split(":").map((s) => s.trim()))
      .filter((d) => d.length === 2),
  ) as Record<string, string>;

describe("code highlighting", () => {
  it("keeps every token of every shipped code block at 4.5:1 in both themes", () => {
    const dir = path.join(process.cwd(), "content", "checklist");
    let blocks = 0;
    for (const name of readdirSync(dir)) {
      const text = readFileSync(path.join(dir, name), "utf8");
      for (const m of text.matchAll(/```(\w+)\n([\s\S]*?)```/g)) {
        const lang = m[1]!;
        if (!isCodeLanguage(lang)) throw new Error(`${name}: unknown language ${lang}`);
        const [root, ...tokens] = styles(highlightCode(m[2]!, lang) as Node).map(vars);
        blocks++;
        for (const scheme of ["light", "dark"] as const) {
          const bg = root![`--shiki-${scheme}-bg`]!;
          for (const t of [root!, ...tokens]) {
            const fg = t[`--shiki-${scheme}`]!;
            expect(contrast(fg, bg), `${name} ${scheme}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(
              4.5,
            );
          }
        }
      }
    }
    expect(blocks).toBeGreaterThan(20);
  }, 30_000);

  it("with a palette, moves each token's colours into a class that gives the same colours", () => {
    const sample = 'const view = { "ui": { "csp": { "connectDomains": [] } } }; // a comment\n';
    const plain = styles(highlightCode(sample, "ts") as Node);
    const palette = new CodePalette();
    const classed = highlightCode(sample, "ts", palette) as Node;
    // Only the <pre>'s own style is left inline.
    expect(styles(classed)).toEqual([plain[0]]);
    const defined = Object.fromEntries(
      [...palette.css().matchAll(/\.shiki \.(sk\d+)\{([^}]*)\}/g)].map((m) => [m[1]!, m[2]!]),
    );
    const tokens: string[] = [];
    const walk = (n: Node & { properties?: { className?: unknown } }) => {
      const c = n.properties?.className;
      if (Array.isArray(c))
        for (const k of c) if (String(k).startsWith("sk")) tokens.push(defined[k]!);
      for (const child of n.children ?? []) walk(child);
    };
    walk(classed);
    expect(tokens).toEqual(plain.slice(1));
    expect(Object.keys(defined).length).toBeLessThan(tokens.length);
  });

  it("highlights the whole line however slow the machine is (no tokenizer time limit)", () => {
    // shiki stops tokenizing a line after 500 ms by default and leaves the rest one plain token.
    // Under a loaded test run or build, the first line (grammar still compiling) can pass that, so
    // a lesson came out half highlighted (CI stop 40). Each Date.now() call here is a second later.
    const sample = 'const view = { "ui": { "csp": { "connectDomains": [] } } }; // a comment\n';
    const fast = styles(highlightCode(sample, "ts") as Node);
    let t = 0;
    const clock = vi.spyOn(Date, "now").mockImplementation(() => (t += 1000));
    try {
      const slow = styles(highlightCode(sample, "ts") as Node);
      expect(slow).toEqual(fast);
      expect(slow.length).toBeGreaterThan(10);
    } finally {
      clock.mockRestore();
    }
  });
});
