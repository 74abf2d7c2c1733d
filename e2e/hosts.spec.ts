import { readdirSync, readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolationsInBothThemes } from "./helpers";

// /hosts: the host records (content/hosts/*.json, read here on their own) × the host-directed
// requirements. Counts and cells come from the files, so the test holds for whatever records the
// branch has.

interface Fact {
  value: string;
  kind: string;
  date: string;
  source: string;
  corroboration?: string[];
}
interface Record {
  id: string;
  name: string;
  cells: { [entry: string]: Fact };
}

function records(): Record[] {
  const dir = new URL("../content/hosts/", import.meta.url);
  return readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .map((n) => JSON.parse(readFileSync(new URL(n, dir), "utf8")) as Record);
}
const allCells = (rs: Record[]) =>
  rs.flatMap((r) => Object.entries(r.cells).map(([entry, fact]) => ({ host: r, entry, fact })));

// Long pages and several loads each: room for a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

// The cell's own evidence, not that of a disagreeing source shown beside its finding.
const EVIDENCE = 'td[data-label="Evidence"]';
const EVIDENCE_SOURCE = `:scope > ${EVIDENCE} > [data-source]`;
const gridRows = (page: Page) => page.locator("#hosts-grid tr[data-cell]");
const visibleRows = (page: Page) => page.locator("#hosts-grid tr[data-cell]:visible");
/** The build day the page counts ages to, as it says in its introduction. */
const buildDay = async (page: Page) =>
  (await page.locator("main p time").first().getAttribute("datetime"))!;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

test("shows every record's cells with kind, date and source, and the JSON download holds the same cells", async ({
  page,
  request,
}) => {
  const rs = records();
  const cells = allCells(rs);
  await page.goto("/hosts");
  await expect(page.getByRole("heading", { level: 1, name: "Real hosts" })).toBeVisible();
  await expect(gridRows(page)).toHaveCount(cells.length);
  await expect(page.getByTestId("hosts-overview").locator("tbody tr")).toHaveCount(rs.length);

  // A measured FAIL on a MUST, and a fact from a public source with its link.
  const measured = cells.find((c) => c.fact.kind === "measured" && c.fact.value === "FAIL")!;
  const row = page.locator(`tr[data-cell="${measured.entry}@${measured.host.id}"]`);
  await expect(row).toContainText("FAIL");
  await expect(row).toContainText("measured here");
  await expect(row.locator("time")).toHaveAttribute("datetime", measured.fact.date);
  await expect(row.locator(EVIDENCE_SOURCE)).toContainText(measured.fact.source);
  const documented = cells.find((c) => c.fact.source.startsWith("https://"))!;
  const docRow = page.locator(`tr[data-cell="${documented.entry}@${documented.host.id}"]`);
  await expect(docRow.locator(`${EVIDENCE_SOURCE} a`)).toHaveAttribute(
    "href",
    documented.fact.source,
  );
  await expect(docRow).toContainText(documented.fact.value);
  // Violation or variation is said in words on every row.
  await expect(page.locator("#hosts-grid [data-judgement]").first()).toHaveText(
    /Spec violation|Allowed|Meets|Not settled/,
  );
  await expect(
    page.locator('#hosts-grid tr[data-judgement="violation"]').first().locator(".hosts-judgement"),
  ).toHaveText(/^Spec violation: the MUST( NOT)? is not met$/);

  // A host with no cells says why.
  await expect(page.getByTestId("absent").first()).toContainText("No cells:");

  const download = page.getByTestId("grid-download");
  await expect(download).toHaveAttribute("download", "hosts-grid.json");
  const res = await request.get((await download.getAttribute("href"))!);
  expect(res.status()).toBe(200);
  const grid = (await res.json()) as { requirements: { cells: { anchor: string }[] }[] };
  expect(grid.requirements.flatMap((r) => r.cells.map((c) => c.anchor)).sort()).toEqual(
    cells.map((c) => `${c.entry}@${c.host.id}`).sort(),
  );
});

test("says in words which cells are old, undated or one user's report", async ({ page }) => {
  const cells = allCells(records());
  await page.goto("/hosts");
  const today = await buildDay(page);
  const flagOf = (c: (typeof cells)[number]) =>
    page.locator(
      `tr[data-cell="${c.entry}@${c.host.id}"] > ${EVIDENCE} > [data-testid="stale-flag"]`,
    );
  const old = cells.find((c) => c.fact.date !== "undated" && daysBetween(c.fact.date, today) > 90);
  if (old) {
    await expect(flagOf(old)).toContainText(
      `${daysBetween(old.fact.date, today)} days old: over 90 days`,
    );
  }
  const undated = cells.find((c) => c.fact.date === "undated");
  if (undated) await expect(flagOf(undated)).toContainText("undated: the source carries no date");
  const single = cells.find((c) => c.fact.kind === "user-reported" && !c.fact.corroboration);
  if (single) await expect(flagOf(single)).toContainText("rests on one user report");
  const fresh = cells.find(
    (c) =>
      c.fact.kind === "measured" &&
      c.fact.date !== "undated" &&
      daysBetween(c.fact.date, today) <= 90,
  );
  if (fresh) await expect(flagOf(fresh)).toHaveCount(0);
  expect(
    old ?? undated ?? single,
    "the records hold at least one cell to treat with care",
  ).toBeTruthy();
});

test("filters by host and by requirement from the keyboard, kept in the address", async ({
  page,
}) => {
  const rs = records();
  const total = allCells(rs).length;
  const host =
    rs.find((r) => r.id === "basic-host") ?? rs.find((r) => Object.keys(r.cells).length)!;
  const mine = Object.keys(host.cells).length;
  await page.goto("/hosts");
  await expect(page.getByTestId("filter-status")).toHaveText(`Showing all ${total} cells`);

  await page.getByTestId("filter-host").selectOption(host.id);
  await expect(visibleRows(page)).toHaveCount(mine);
  for (const row of await visibleRows(page).all()) {
    await expect(row).toHaveAttribute("data-host", host.id);
  }
  await expect(page.getByTestId("filter-status")).toHaveText(`Showing ${mine} of ${total} cells`);
  await expect(page).toHaveURL(new RegExp(`\\?host=${host.id}$`));

  // The filter survives a reload (it is in the address).
  await page.reload();
  await expect(page.getByTestId("filter-host")).toHaveValue(host.id);
  await expect(visibleRows(page)).toHaveCount(mine);

  // By keyboard: Show all, then the requirement select stepped with the arrow keys.
  await page.getByRole("button", { name: "Show all" }).focus();
  await page.keyboard.press("Enter");
  await expect(visibleRows(page)).toHaveCount(total);
  const requirement = page.getByTestId("filter-requirement");
  await requirement.focus();
  await page.keyboard.press("ArrowDown");
  const first = await requirement.inputValue();
  expect(first).not.toBe("");
  const expected = rs.filter((r) => r.cells[first]).length;
  await expect(visibleRows(page)).toHaveCount(expected);
  await expect(page.locator("#hosts-grid section[data-entry]:visible")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`\\?requirement=${encodeURIComponent(first)}$`));
});

test("each cell has its own link, each host a page, and /spec links host rows here", async ({
  page,
}) => {
  const rs = records();
  const { host, entry } = allCells(rs).find((c) => c.fact.kind === "measured")!;
  const anchor = `${entry}@${host.id}`;
  await page.goto("/hosts");
  const link = page.locator(`tr[data-cell="${anchor}"] a.hosts-anchor`);
  await expect(link).toHaveAttribute("href", `#${anchor}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#${anchor.replace(/[/@]/g, (ch) => `\\${ch}`)}$`));
  await expect(page.locator(`tr[data-cell="${anchor}"]`)).toBeInViewport();

  await page.goto(`/hosts/${host.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(host.name);
  await expect(page.getByTestId("host-cells").locator("tbody tr")).toHaveCount(
    Object.keys(host.cells).length,
  );
  await page.locator(`tr[data-cell="${anchor}"] a[href="/hosts#${anchor}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/hosts#`));
  await expect(page.locator(`tr[data-cell="${anchor}"]`)).toBeInViewport();

  await page.goto("/spec");
  const toHosts = page.locator(`#spec-table a[data-hosts-link="${entry}"]`);
  await expect(toHosts).toHaveAttribute("href", `/hosts#${entry}`);
  await expect(toHosts).toHaveText(
    `How real hosts do (${rs.filter((r) => r.cells[entry]).length} hosts)`,
  );
  // Only host-directed rows with records carry the link: a server entry never does.
  await expect(page.locator('#spec-table tr[data-party="server"] a[data-hosts-link]')).toHaveCount(
    0,
  );
});

test("without scripts the filter stays hidden and the jump list and host pages still work", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/hosts");
  await expect(page.getByTestId("filter-host")).toBeHidden();
  await page.getByText(/^Jump to a requirement/).click();
  const jump = page.locator(".hosts-jump a").first();
  const target = (await jump.getAttribute("href"))!;
  await jump.click();
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[/]/g, "\\/")}$`));
  await page.getByTestId("hosts-overview").locator("tbody th a").first().click();
  await expect(page.getByTestId("host-facts")).toBeVisible();
  await context.close();
});

test("/hosts, a host page and the authors' page are axe clean in both themes at 1280 px and 375 px", async ({
  page,
}) => {
  const withCells = records().find((r) => Object.keys(r.cells).length > 0)!;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/hosts", `/hosts/${withCells.id}`, "/hosts/authors"]) {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      if (path === "/hosts") await page.getByText(/^Jump to a requirement/).click();
      await test.step(`${path} at ${width} px`, () =>
        expectNoSeriousA11yViolationsInBothThemes(page));
    }
  }
});

test("nothing scrolls sideways at 375 px, and the grid's rows become labelled cards", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ["/hosts", "/hosts/claude", "/hosts/authors", "/hosts?host=sunpeak-claude"]) {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto("/hosts");
  const label = await page
    .locator('#hosts-grid td[data-label="Evidence"]')
    .first()
    .evaluate((td) => getComputedStyle(td, "::before").content);
  expect(label).toBe('"Evidence"');
});

test("the header's Reference leads to /hosts and stays current there", async ({ page }) => {
  const reference = page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Reference" });
  await page.goto("/reference");
  await page.locator("main").getByRole("link", { name: "Real hosts" }).click();
  await expect(page).toHaveURL(/\/hosts$/);
  await expect(reference).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Run the kit in your host" }).click();
  await expect(page).toHaveURL(/\/hosts\/authors$/);
  await expect(page.getByTestId("exit-status")).toContainText("A report arrived and no MUST");
  await expect(reference).toHaveAttribute("aria-current", "page");
});
