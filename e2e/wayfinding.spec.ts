import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  collectPageErrors,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsInBothThemes,
  markLessonComplete,
} from "./helpers";

/** Waits until React has hydrated the element, so its handlers are attached. */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith("__react"));
  }, selector);
}

test.describe("course search from anywhere", () => {
  for (const shortcut of ["Control+k", "Meta+k"]) {
    test(`${shortcut} opens the search; "consent" leads with its lesson, snippet marked`, async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await page.goto("/lessons/what-mcp-apps-is");
      await hydrated(page, ".search-button");
      await page.keyboard.press(shortcut);
      const dialog = page.getByRole("dialog", { name: "Search the course" });
      await expect(dialog).toBeVisible();
      const box = dialog.getByRole("searchbox", { name: "Search the course" });
      await expect(box).toBeFocused();
      await box.fill("consent");
      const first = dialog.getByTestId("search-hits").locator("li").first();
      await expect(first.getByRole("link")).toHaveAttribute(
        "href",
        /^\/lessons\/app-initiated-tool-calls#[a-z-]+$/,
      );
      await expect(first.locator("mark")).toHaveText(/^consent$/i);
      await expectNoSeriousA11yViolations(page);
      await box.press("Enter");
      await expect(page).toHaveURL(/\/lessons\/app-initiated-tool-calls#[a-z-]+$/);
      await expect(dialog).toBeHidden();
      expect(errors).toEqual([]);
    });
  }

  test("finds a rule and a matrix field, and Escape closes the dialog", async ({ page }) => {
    await page.goto("/");
    await hydrated(page, ".search-button");
    await page.getByRole("button", { name: /^Search/ }).click();
    const dialog = page.getByRole("dialog", { name: "Search the course" });
    const box = dialog.getByRole("searchbox");
    await box.fill("TOOL-2");
    await expect(dialog.getByTestId("search-hits").locator("li").first()).toHaveAttribute(
      "data-kind",
      "rule",
    );
    await box.fill("prefersBorder");
    await expect(dialog.locator('li[data-kind="field"] a').first()).toHaveAttribute(
      "href",
      /^\/reference\/metadata-matrix#/,
    );
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test.describe("the rules page", () => {
  test("names each group by the topic quizzes use (RES: Linking a tool to its view), one name per topic", async ({
    page,
  }) => {
    await page.goto("/rules");
    await expect(
      page.getByRole("heading", { level: 2, name: "RES: Linking a tool to its view" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /Resource delivery/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "checklist advice" }).first()).toHaveAttribute(
      "href",
      "/reference/sources",
    );
  });

  test("a lesson's rule chip lands on that rule, highlighted, with its back-links", async ({
    page,
  }) => {
    await page.goto("/lessons/who-may-call-a-tool");
    await page
      .locator("article .rule-ref", { hasText: /^TOOL-2$/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/rules#TOOL-2$/);
    const rule = page.locator("#TOOL-2");
    await expect(rule).toBeInViewport();
    await expect(rule).toHaveAttribute("data-targeted", "true");
    // Highlighted: the targeted rule's border is the accent colour, unlike its neighbour's.
    const border = (sel: string) =>
      page.locator(sel).evaluate((el) => getComputedStyle(el).borderLeftColor);
    expect(await border("#TOOL-2")).not.toBe(await border("#TOOL-3"));

    const lessonLinks = rule.getByRole("link", { name: "Who may call a tool" });
    await expect(lessonLinks).toHaveAttribute("href", "/lessons/who-may-call-a-tool");
    // Opened by the link, the rule's folded citations show; a question link opens that question.
    await expect(rule.locator("details.rule-cited")).toHaveAttribute("open", "");
    const question = rule.locator("a[data-question]").first();
    const questionId = (await question.getAttribute("data-question"))!;
    await expect(question).toHaveAttribute(
      "href",
      new RegExp(`^/quizzes/practice/[a-z]+\\?q=${questionId}$`),
    );
    await expect(question).not.toHaveText(questionId);
    await expect(rule.locator("a[data-preset]").first()).toHaveAttribute(
      "href",
      /^\/simulator\?preset=[a-z0-9-]+$/,
    );
    // A section back-link opens the lesson at the heading where the rule is cited.
    await rule.getByRole("link", { name: "Two names, two callers" }).click();
    await expect(page).toHaveURL(/\/lessons\/who-may-call-a-tool#two-names$/);
    await expect(page.locator("#two-names")).toBeInViewport();

    // Back on the rules page, the question link opens that very question in practice.
    await page.goBack();
    await page.locator("#TOOL-2 a[data-question]").first().click();
    await expect(page).toHaveURL(/\/quizzes\/practice\/[a-z]+$/);
    await expect(page.locator(`form[data-question="${questionId}"]`)).toBeVisible();
  });

  test("?id= and an old lower-case fragment highlight the rule too; axe clean; the filter narrows the rules", async ({
    page,
  }) => {
    test.setTimeout(120_000); // axe over all the rules, twice, on a loaded machine
    for (const url of ["/rules?id=CSP-2", "/rules#csp-2"]) {
      await page.goto(url);
      await expect(page).toHaveURL(/#CSP-2$/);
      await expect(page.locator("#CSP-2")).toBeInViewport();
      await expect(page.locator("#CSP-2")).toHaveAttribute("data-targeted", "true");
      await expect(page.locator("[data-targeted]")).toHaveCount(1);
    }
    await expectNoSeriousA11yViolationsInBothThemes(page);
    // Its spec statements link to their rows on /spec.
    const entry = page.locator("#CSP-2 a[data-spec-entry]").first();
    await expect(entry).toHaveAttribute("href", /^\/spec#[a-z0-9-]+\/[a-z0-9-]+$/);

    // The filter narrows the page to the rules that mention every word typed.
    const count = page.getByTestId("rule-filter-count");
    await expect(count).toHaveText(/^(\d+) of \1 rules$/);
    await page.getByLabel("Filter rules").fill("teardown");
    await expect(count).not.toHaveText(/^(\d+) of \1 rules$/);
    await expect(page.locator("#SBX-5")).toBeVisible();
    await expect(page.locator("#TOOL-2")).toBeHidden();
    const visible = await page.locator("article.rule:visible").count();
    await expect(count).toHaveText(new RegExp(`^${visible} of \\d+ rules$`));
    await page.getByLabel("Filter rules").fill("");
    await expect(page.locator("#TOOL-2")).toBeVisible();
  });
});

test.describe("finding your way in a lesson", () => {
  test("the course sidebar lists every lesson, marks the current and completed ones", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/lessons/permissions");
    const course = page.getByRole("navigation", { name: "Course" });
    await expect(course).toBeVisible();
    const items = course.getByRole("listitem");
    expect(await items.count()).toBeGreaterThanOrEqual(14);
    await expect(course.locator('a[aria-current="page"]')).toHaveText(/Permissions/);
    await expect(course.locator('[data-complete="true"]')).toHaveCount(0);

    // The lesson's own button, not a widget's: widgets hydrate only as the reader nears them.
    await hydrated(page, "[data-mark-complete] button");
    await markLessonComplete(page);
    const done = course.locator('li[data-complete="true"]');
    await expect(done).toHaveCount(1);
    await expect(done).toContainText("Permissions");
    await expect(done).toContainText("completed");
    // The mark comes from saved progress, so another lesson's sidebar shows it too.
    await course.getByRole("link", { name: /What MCP Apps is/ }).click();
    await expect(page).toHaveURL(/\/lessons\/what-mcp-apps-is$/);
    await expect(course.locator('li[data-complete="true"]')).toContainText("Permissions");
  });

  test("the table of contents highlights the section being read", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/lessons/permissions");
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc).toBeVisible();
    await hydrated(page, ".toc a");
    // Scrolled again until it holds: on a loaded machine content above the recap can still grow
    // after the first scroll (a late widget), leaving the reader in the section before it.
    await expect(async () => {
      await page.locator("#recap").scrollIntoViewIfNeeded();
      await page.evaluate(() =>
        window.scrollTo(
          0,
          document.getElementById("recap")!.getBoundingClientRect().top + scrollY - 10,
        ),
      );
      await expect(toc.locator('a[aria-current="location"]')).toHaveAttribute("href", "#recap", {
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(toc.locator('a[aria-current="location"][href="#recap"]')).toHaveCount(0);
  });

  test("at 375 px the contents fold away above the lesson instead of pushing it down", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/lessons/permissions");
    const h1 = page.getByRole("heading", { level: 1, name: "Permissions" });
    const box = (await h1.boundingBox())!;
    expect(box.y).toBeLessThan(330);
    // The wide-screen contents column is not shown; a closed disclosure stands in for it.
    await expect(page.getByRole("navigation", { name: "On this page" })).toBeHidden();
    const fold = page.locator("details.toc-fold");
    await expect(fold).toBeVisible();
    await expect(fold).not.toHaveAttribute("open", /.*/);
    const recap = fold.getByRole("link", { name: "Recap" });
    await expect(recap).toBeHidden();
    await fold.locator("summary").click();
    await expect(recap).toBeVisible();
    await recap.click();
    await expect(page).toHaveURL(/#recap$/);
    await expect(page.locator("#recap")).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("small things that help", () => {
  test("lesson cards render inline code, with no raw backticks", async ({ page }) => {
    await page.goto("/lessons");
    const cards = page.locator("ol.cards");
    await expect(cards.locator("li").first()).toBeVisible();
    expect(await cards.textContent()).not.toContain("`");
    expect(await cards.locator("p code").count()).toBeGreaterThan(0);
  });

  test("rule IDs never break at the hyphen on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    for (const url of ["/lessons", "/lessons/who-may-call-a-tool", "/rules"]) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Each rule ID in the page's text must sit on one line: a range over it has one box.
      const broken = await page.evaluate(() => {
        const out: string[] = [];
        const walker = document.createTreeWalker(document.querySelector("main")!, 4);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          for (const m of (n.textContent ?? "").matchAll(/\b[A-Z]{2,5}-\d+\b/g)) {
            const r = document.createRange();
            r.setStart(n, m.index);
            r.setEnd(n, m.index + m[0].length);
            const tops = new Set([...r.getClientRects()].map((b) => Math.round(b.top)));
            if (tops.size > 1) out.push(m[0]);
          }
        }
        return out;
      });
      expect(broken, url).toEqual([]);
    }
  });

  test("the last lesson ends with the exam and the due questions, not a dead end", async ({
    page,
  }) => {
    await page.goto("/lessons");
    const last = await page.locator("ol.cards > li h2 a").last().getAttribute("href");
    await page.goto(last!);
    const end = page.getByRole("region", { name: /end of the course/ });
    await expect(end.getByRole("link", { name: "Take the exam" })).toHaveAttribute(
      "href",
      "/quizzes/exam",
    );
    await expect(end.getByRole("link", { name: "Answer the due questions" })).toHaveAttribute(
      "href",
      "/quizzes/review",
    );
    // Any other lesson goes on to the next one instead.
    await page.goto("/lessons/what-mcp-apps-is");
    await expect(page.getByRole("region", { name: /end of the course/ })).toHaveCount(0);
  });

  test('"review" means the server review only: headings, links and buttons elsewhere say "due questions" and "check your answers"', async ({
    page,
  }) => {
    // Every heading, link and button on the pages where the three meanings used to meet.
    const labels = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("h1, h2, h3, a, button, summary")]
          .filter((e) => (e as HTMLElement).offsetParent !== null)
          .map((e) => ({
            text: (e.textContent ?? "").replace(/\s+/g, " ").trim(),
            href: e.getAttribute("href"),
          })),
      );
    const stray = (all: { text: string; href: string | null }[]) =>
      all
        // "the review checklist" is a source document's name, linked to its entry (issue #35).
        .filter((l) => !l.href?.startsWith("/reference/sources"))
        .filter((l) => /\breview/i.test(l.text) && l.href !== "/review")
        .map((l) => l.text);
    await page.goto("/quizzes");
    await expect(page.getByRole("link", { name: "Server review", exact: true })).toHaveAttribute(
      "href",
      "/review",
    );
    expect(stray(await labels())).toEqual([]);
    await page.goto("/quizzes/review");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Due questions");
    expect(stray(await labels())).toEqual([]);
    // The last lesson, whose end points to the exam and the due questions.
    await page.goto("/lessons");
    await page.goto((await page.locator("ol.cards > li h2 a").last().getAttribute("href"))!);
    expect(stray(await labels())).toEqual([]);
    await page.goto("/quizzes/exam");
    await page.getByRole("button", { name: "Start exam" }).click();
    await page.getByRole("button", { name: "Check and submit" }).click();
    await expect(page.getByRole("heading", { name: "Check your answers" })).toBeVisible();
    expect(stray(await labels())).toEqual([]);
  });

  test("an unknown address gets a 404 that offers search and the ways in", async ({ page }) => {
    const response = await page.goto("/lessons/no-such-lesson");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/no page at this address/);
    await expect(page.locator("main").getByRole("link", { name: "Lessons" })).toHaveAttribute(
      "href",
      "/lessons",
    );
    await expect(page.locator("main").getByRole("link", { name: "Rules" })).toHaveAttribute(
      "href",
      "/rules",
    );
    await hydrated(page, "main button");
    await page.locator("main").getByRole("button", { name: "Search the course" }).click();
    const dialog = page.getByRole("dialog", { name: "Search the course" });
    await dialog.getByRole("searchbox").fill("sandbox proxy");
    await expect(dialog.getByTestId("search-hits")).toContainText("The sandbox proxy");
    await expectNoSeriousA11yViolations(page);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`the focus ring is not the error red (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/lessons");
      await page.keyboard.press("Tab");
      const { outline, fail } = await page.evaluate(() => ({
        outline: getComputedStyle(document.activeElement!).outlineColor,
        fail: getComputedStyle(document.documentElement).getPropertyValue("--fail"),
      }));
      const probe = await page.evaluate((c) => {
        const el = document.createElement("span");
        el.style.color = c;
        document.body.append(el);
        const v = getComputedStyle(el).color;
        el.remove();
        return v;
      }, fail);
      expect(outline).not.toBe(probe);
      const [r, g, b] = outline.match(/\d+(\.\d+)?/g)!.map(Number) as [number, number, number];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      // Hue in degrees; red errors sit within 30° of 0.
      let hue = 0;
      if (max !== min) {
        if (max === r) hue = (60 * ((g - b) / (max - min)) + 360) % 360;
        else if (max === g) hue = 60 * ((b - r) / (max - min)) + 120;
        else hue = 60 * ((r - g) / (max - min)) + 240;
      }
      expect(hue > 30 && hue < 330, `outline ${outline} has hue ${hue}`).toBe(true);
    });
  }
});
