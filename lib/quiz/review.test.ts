import { check } from "../shape";
import { describe, expect, it } from "vitest";
import { dueToday, endOfDay, formatInterval, storedCardShape } from "./card";
import { firstCard, newCard, previewRatings, Rating, rateCard } from "./review";

const NOW = new Date("2026-11-29T09:00:00.000Z");
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const after = (card: { due: string }) => Date.parse(card.due) - NOW.getTime();

describe("FSRS scheduling", () => {
  it("sends a first wrong answer back in 1 minute and a first right one in 10", () => {
    expect(after(firstCard(false, NOW))).toBe(MIN);
    expect(after(firstCard(true, NOW))).toBe(10 * MIN);
  });

  it("previews Again < Hard < Good < Easy for a new card, Easy already in days", () => {
    const preview = previewRatings(newCard(NOW), NOW);
    expect(preview.map((p) => p.label)).toEqual(["Again", "Hard", "Good", "Easy"]);
    const delays = preview.map((p) => Date.parse(p.due) - NOW.getTime());
    expect([...delays].sort((a, b) => a - b)).toEqual(delays);
    expect(preview.map((p) => p.interval).slice(0, 3)).toEqual(["1 min", "6 min", "10 min"]);
    expect(delays[3]).toBeGreaterThanOrEqual(DAY);
  });

  it("does exactly what the preview promised for each rating", () => {
    const card = firstCard(true, NOW);
    const later = new Date(Date.parse(card.due));
    for (const p of previewRatings(card, later)) {
      expect(rateCard(card, p.grade, later).due).toBe(p.due);
    }
  });

  it("graduates a card to days after Good, Good, and lengthens the interval after another Good", () => {
    let card = firstCard(true, NOW);
    let at = new Date(Date.parse(card.due));
    card = rateCard(card, Rating.Good, at);
    const first = Date.parse(card.due) - at.getTime();
    expect(first).toBeGreaterThanOrEqual(DAY);
    at = new Date(Date.parse(card.due));
    card = rateCard(card, Rating.Good, at);
    expect(Date.parse(card.due) - at.getTime()).toBeGreaterThan(first);
  });

  it("brings a lapsed review card back within minutes and counts the lapse", () => {
    let card = rateCard(newCard(NOW), Rating.Easy, NOW);
    const at = new Date(Date.parse(card.due));
    card = rateCard(card, Rating.Again, at);
    expect(card.lapses).toBe(1);
    expect(Date.parse(card.due) - at.getTime()).toBeLessThanOrEqual(10 * MIN);
  });

  it("stores cards as JSON-safe values that its own schema accepts", () => {
    const card = rateCard(firstCard(false, NOW), Rating.Good, new Date(NOW.getTime() + MIN));
    const round = JSON.parse(JSON.stringify(card));
    expect(check(storedCardShape, round)).toEqual({ success: true, data: card });
    expect(typeof card.last_review).toBe("string");
  });
});

describe("dueToday", () => {
  it("queues cards due by the end of the local day, earliest first, marking those already due", () => {
    const cards = {
      later: { ...newCard(NOW), due: new Date(NOW.getTime() + 10 * MIN).toISOString() },
      now: { ...newCard(NOW), due: new Date(NOW.getTime() - MIN).toISOString() },
      tomorrow: {
        ...newCard(NOW),
        due: new Date(endOfDay(NOW).getTime() + 1).toISOString(),
      },
    };
    expect(dueToday(cards, NOW)).toEqual([
      { id: "now", due: cards.now.due, overdue: true },
      { id: "later", due: cards.later.due, overdue: false },
    ]);
  });
});

describe("formatInterval", () => {
  it("uses the largest whole unit", () => {
    expect(formatInterval(30_000)).toBe("1 min");
    expect(formatInterval(6 * MIN)).toBe("6 min");
    expect(formatInterval(3 * 60 * MIN)).toBe("3 h");
    expect(formatInterval(DAY)).toBe("1 day");
    expect(formatInterval(8 * DAY)).toBe("8 days");
    expect(formatInterval(90 * DAY)).toBe("3 mo");
    expect(formatInterval(730 * DAY)).toBe("2 yr");
  });
});
