import { describe, expect, it } from "vitest";
import { createLessonNavigation, findLesson } from "./navigation";

const LESSONS = [
  { slug: "second", title: "Second", order: 20 },
  { slug: "first", title: "First", order: 10 },
  { slug: "third", title: "Third", order: 30 },
];

describe("lesson navigation", () => {
  it("orders lessons by frontmatter order and links neighbours", () => {
    const nav = createLessonNavigation(LESSONS);
    expect(nav.map((e) => e.slug)).toEqual(["first", "second", "third"]);
    const second = findLesson(nav, "second");
    expect(second).toMatchObject({ position: 2, total: 3, href: "/lessons/second" });
    expect(second.prev?.slug).toBe("first");
    expect(second.next?.slug).toBe("third");
    expect(findLesson(nav, "first").prev).toBeNull();
    expect(findLesson(nav, "third").next).toBeNull();
  });

  it("refuses two lessons with one order, which would make previous and next ambiguous", () => {
    expect(() =>
      createLessonNavigation([...LESSONS, { slug: "x", title: "X", order: 20 }]),
    ).toThrow(/share order 20/);
  });

  it("throws for a slug that is not a lesson", () => {
    expect(() => findLesson(createLessonNavigation(LESSONS), "nope")).toThrow('no lesson "nope"');
  });
});
