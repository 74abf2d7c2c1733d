import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rowWindow } from "./row-window";

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe("rowWindow", () => {
  it("draws the visible rows plus overscan, and spaces stand in for the rest", () => {
    const heights = Array.from({ length: 1000 }, () => 40);
    // Rows 100..124 are visible (4000 px to 5000 px).
    const w = rowWindow({ heights, viewTop: 4000, viewBottom: 5000, overscan: 10, minRows: 30 });
    expect(w).toEqual({ start: 90, end: 135, before: 3600, after: (1000 - 135) * 40 });
  });

  it("draws a short list whole, and the first rows of a list below the view", () => {
    const short = Array.from({ length: 20 }, () => 40);
    expect(
      rowWindow({ heights: short, viewTop: -3000, viewBottom: -2000, overscan: 5, minRows: 60 }),
    ).toEqual({ start: 0, end: 20, before: 0, after: 0 });
    const long = Array.from({ length: 500 }, () => 40);
    const below = rowWindow({
      heights: long,
      viewTop: -3000,
      viewBottom: -2000,
      overscan: 5,
      minRows: 60,
    });
    expect([below.start, below.end]).toEqual([0, 60]);
  });

  it("reaches the last row once the view is at the end of the list", () => {
    const heights = Array.from({ length: 2000 }, (_, i) => 30 + (i % 3) * 10);
    const total = sum(heights);
    const w = rowWindow({
      heights,
      viewTop: total - 700,
      viewBottom: total,
      overscan: 10,
      minRows: 60,
    });
    expect(w.end).toBe(2000);
    expect(w.after).toBe(0);
    expect(w.end - w.start).toBeLessThan(80);
    // A view past the end (the page scrolled beyond the list) still draws the last rows.
    const past = rowWindow({
      heights,
      viewTop: total + 500,
      viewBottom: total + 1200,
      overscan: 10,
      minRows: 60,
    });
    expect([past.start, past.end]).toEqual([1940, 2000]);
  });

  it("for any heights and view: every visible row is drawn, the window is bounded, heights add up", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 200 }), { maxLength: 400 }),
        fc.integer({ min: -5000, max: 60_000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 100 }),
        (heights, viewTop, viewHeight, overscan, minRows) => {
          const viewBottom = viewTop + viewHeight;
          const w = rowWindow({ heights, viewTop, viewBottom, overscan, minRows });
          const n = heights.length;
          expect(0 <= w.start && w.start <= w.end && w.end <= n).toBe(true);
          expect(w.before + sum(heights.slice(w.start, w.end)) + w.after).toBe(sum(heights));
          expect(w.before).toBe(sum(heights.slice(0, w.start)));
          let top = 0;
          let visible = 0;
          heights.forEach((h, i) => {
            if (top + h > viewTop && top < viewBottom) {
              visible++;
              expect(i >= w.start && i < w.end, `row ${i} is visible`).toBe(true);
            }
            top += h;
          });
          expect(w.end - w.start).toBeGreaterThanOrEqual(Math.min(n, minRows));
          expect(w.end - w.start).toBeLessThanOrEqual(
            Math.max(minRows, visible + 2 * overscan + 1),
          );
        },
      ),
    );
  });
});
