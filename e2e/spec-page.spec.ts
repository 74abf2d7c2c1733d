import { readdirSync, readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolationsInBothThemes } from "./helpers";

// /spec: the requirements catalogue as a table. The counts come from content/spec/*.json, read here,
// so the test holds for whatever entries the branch has (infra-sample.json at least).

interface Entry {
  id: string;
  party: string;
  keyword: string;
}

function catalogue(): Entry[] {
  const dir = new URL("../content/spec/", import.meta.url);
  return readdirSync(dir)
    .filter((n) => n.endsWith(".json") && n !== "gaps.json")
    .flatMap(
      (n) => (JSON.parse(readFileSync(new URL(n, dir), "utf8")) as { entries: Entry[] }).entries,
    );
}

// Several steps and page loads each: room for a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

const visibleRows = (page: Page) => page.locator("#spec-table tbody tr[data-entry]:visible");

test("lists every catalogue entry under figures, and filters by party, keyword and area, kept in the address", async ({
  page,
}) => {
  const entries = catalogue();
  expect(entries.length).toBeGreaterThan(0);
  await page.goto("/spec");
  await expect(page.getByRole("heading", { level: 1, name: "The spec, mapped" })).toBeVisible();
  // REQUIRED weighs as a MUST (RFC 2119), as the page counts it.
  const mandatory = (k: string) => k === "MUST" || k === "MUST NOT" || k === "REQUIRED";
  const must = entries.filter((e) => mandatory(e.keyword)).length;
  await expect(page.getByTestId("spec-headline")).toContainText(new RegExp(`\\d+ of ${must}\\b`));
  const hostMust = entries.filter((e) => e.party === "host" && mandatory(e.keyword)).length;
  if (hostMust > 0) {
    await expect(
      page
        .getByTestId("spec-must-by-party")
        .getByRole("listitem")
        .filter({ hasText: /^host:/ }),
    ).toHaveText(new RegExp(`^host: \\d+ of ${hostMust}$`));
  }
  await expect(visibleRows(page)).toHaveCount(entries.length);
  await expect(page.getByTestId("filter-status")).toHaveText(
    `Showing all ${entries.length} requirements`,
  );

  const party = entries[0]!.party;
  const byParty = entries.filter((e) => e.party === party);
  await page.getByTestId("filter-party").selectOption(party);
  await expect(visibleRows(page)).toHaveCount(byParty.length);
  for (const row of await visibleRows(page).all()) {
    await expect(row).toHaveAttribute("data-party", party);
  }
  await expect(page).toHaveURL(new RegExp(`\\?party=${party}$`));

  const keyword = byParty[0]!.keyword;
  await page.getByTestId("filter-keyword").selectOption(keyword);
  const both = byParty.filter((e) => e.keyword === keyword);
  await expect(visibleRows(page)).toHaveCount(both.length);
  await expect(page.getByTestId("filter-status")).toHaveText(
    both.length === entries.length
      ? `Showing all ${entries.length} requirements`
      : `Showing ${both.length} of ${entries.length} requirements`,
  );

  // The filter survives a reload (it is in the address).
  await page.reload();
  await expect(page.getByTestId("filter-party")).toHaveValue(party);
  await expect(visibleRows(page)).toHaveCount(both.length);

  await page.getByRole("button", { name: "Show all" }).click();
  const area = entries.at(-1)!.id.split("/")[0]!;
  await page.getByTestId("filter-area").selectOption(area);
  await expect(visibleRows(page)).toHaveCount(
    entries.filter((e) => e.id.startsWith(`${area}/`)).length,
  );
  await expect(page).toHaveURL(new RegExp(`\\?area=${area}$`));
});

test("every lesson, rule and question link on /spec opens a page that has its target", async ({
  page,
  request,
}) => {
  await page.goto("/spec");
  const hrefs = await page
    .locator(
      "#spec-table a[data-lesson-link], #spec-table a.rule-ref, #spec-table a[data-question]",
    )
    .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")!))]);
  expect(hrefs.some((h) => h.startsWith("/lessons/"))).toBe(true);
  expect(hrefs.some((h) => h.startsWith("/rules#"))).toBe(true);
  expect(hrefs.some((h) => h.startsWith("/quizzes/practice/"))).toBe(true);
  const questionLinks = await page
    .locator("#spec-table a[data-question]")
    .evaluateAll((as) =>
      as.map((a) => [a.getAttribute("href")!, a.getAttribute("data-question")!]),
    );
  const failures: string[] = [];
  for (const href of hrefs) {
    const [pathname, hash] = href.split("#") as [string, string | undefined];
    const res = await request.get(pathname);
    if (res.status() !== 200) {
      failures.push(`${href}: HTTP ${res.status()}`);
      continue;
    }
    const html = await res.text();
    if (hash && !html.includes(`id="${hash}"`)) failures.push(`${href}: no element #${hash}`);
  }
  // A question link opens that question (?q=), not only its topic (issue #34).
  for (const [href, id] of questionLinks)
    expect(href, id).toMatch(new RegExp(`\\?q=${encodeURIComponent(id!)}$`));
  // A question links its topic's practice set, which must hold it.
  const practice = new Map<string, string>();
  for (const [href, id] of questionLinks) {
    if (!practice.has(href!)) practice.set(href!, await (await request.get(href!)).text());
    if (!practice.get(href!)!.includes(id!)) failures.push(`${href} does not hold question ${id}`);
  }
  expect(failures).toEqual([]);
});

test("the header's Reference opens the spec, the rules and the matrix, and stays current on each (also in the phone menu)", async ({
  page,
}) => {
  const reference = page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Reference" });
  await page.goto("/");
  await reference.click();
  await expect(page).toHaveURL(/\/reference$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reference");
  await expect(reference).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolationsInBothThemes(page);
  const hub = page.locator("main");
  for (const [name, url] of [
    ["The metadata matrix", /\/reference\/metadata-matrix$/],
    ["The rules", /\/rules$/],
  ] as const) {
    await page.goto("/reference");
    await hub.getByRole("link", { name }).click();
    await expect(page).toHaveURL(url);
    await expect(reference).toHaveAttribute("aria-current", "page");
  }
  // From the rules page on to /spec, still under Reference.
  await page.getByRole("link", { name: "the spec, mapped" }).click();
  await expect(page).toHaveURL(/\/spec$/);
  await expect(reference).toHaveAttribute("aria-current", "page");
  // On a phone the entry waits behind the Menu button, reached by keyboard.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await page.getByRole("button", { name: "Menu" }).focus();
  await page.keyboard.press("Enter");
  await reference.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/reference$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reference");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolationsInBothThemes(page);
});

test(`/spec has no serious accessibility violation (light and dark)`, async ({ page }) => {
  await page.goto("/spec");
  await expect(visibleRows(page).first()).toBeVisible();
  await page.locator("#spec-table details summary").first().click();
  await expectNoSeriousA11yViolationsInBothThemes(page);
});

test("at 375 px each requirement is a card and nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/spec?keyword=MUST");
  const first = visibleRows(page).first();
  await expect(first).toBeVisible();
  // Measured again until it holds: the filtered rows may be drawn anew as the page hydrates, and a
  // row measured as it is replaced has no box.
  await expect
    .poll(() =>
      first.evaluate((row) => {
        const r = row.getBoundingClientRect();
        return { inside: r.left >= 0 && r.right <= 375, left: r.left, right: r.right };
      }),
    )
    .toMatchObject({ inside: true });
  // Each cell says what it is, since the column headers are hidden.
  const label = await first
    .locator('td[data-label="Rules"]')
    .evaluate((td) => getComputedStyle(td, "::before").content);
  expect(label).toBe('"Rules"');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

// axe's empty-table-header (a minor violation, so the serious-only sweep let it pass): every header
// cell of the two coverage tables names its column (issue #34).
test("every header cell of the coverage tables on /spec has text", async ({ page }) => {
  await page.goto("/spec");
  const headers = page.locator(".spec-figures th");
  expect(await headers.count()).toBeGreaterThan(10);
  const empty = await headers.evaluateAll((ths) =>
    ths.filter((th) => !th.textContent?.trim()).map((th) => th.outerHTML),
  );
  expect(empty).toEqual([]);
});
