import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { collectPageErrors } from "./helpers";

/**
 * Opens a lesson and brings one widget into view: an island widget's code loads only then (see
 * app/_components/widgets/lazy.tsx). Waits until React has hydrated it, so each test exercises the
 * live widget; input given before that is tested on its own below.
 */
async function openWidget(page: Page, lesson: string, widget: string) {
  await page.goto(`/lessons/${lesson}`);
  const w = page.locator(`[data-widget="${widget}"]`);
  await w.scrollIntoViewIfNeeded();
  const island = page.locator("[data-island]", { has: w });
  await expect(island).toHaveAttribute("data-ready", "");
  await page.waitForFunction((name) => {
    const el = document.querySelector(
      `[data-widget="${name}"] input, [data-widget="${name}"] select`,
    );
    return !!el && Object.keys(el).some((k) => k.startsWith("__react"));
  }, widget);
  return w;
}

test("a widget's code loads when the reader nears it, and the server HTML shows until then", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const chunks: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") chunks.push(r.url());
  });
  await page.setViewportSize({ width: 1000, height: 600 });
  await page.goto("/lessons/the-decision-table", { waitUntil: "networkidle" });
  const w = page.locator('[data-widget="decision-walker"]');
  const island = page.locator("[data-island]", { has: w });
  // Far below the first screen: rendered by the server, not yet hydrated, its code not fetched.
  expect(await w.evaluate((el) => el.getBoundingClientRect().top - innerHeight)).toBeGreaterThan(
    400,
  );
  await expect(w.locator("[data-row]")).not.toHaveCount(0);
  await expect(island).not.toHaveAttribute("data-ready");
  const before = chunks.length;
  await w.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute("data-ready", "");
  expect(chunks.length).toBeGreaterThan(before);
  expect(errors).toEqual([]);
});

test("CSP builder shows the exact header and refuses an injected directive", async ({ page }) => {
  const errors = collectPageErrors(page);
  const w = await openWidget(page, "content-security-policy", "csp-builder");
  const header = w.getByTestId("csp-header");
  await expect(header).toHaveText(
    "default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.tides.example; " +
      "style-src 'self' 'unsafe-inline' https://cdn.tides.example; connect-src 'self' https://api.tides.example; " +
      "img-src 'self' data: https://cdn.tides.example; font-src 'self' https://cdn.tides.example; " +
      "media-src 'self' data: https://cdn.tides.example; frame-src 'none'; object-src 'none'; base-uri 'self'",
  );
  await expect(w.getByTestId("csp-verdict")).toHaveAttribute("data-verdict", "pass");

  await w.getByRole("button", { name: "Try an injection" }).click();
  await expect(w.getByTestId("csp-verdict")).toHaveAttribute("data-verdict", "fail");
  await expect(w.getByTestId("csp-refused")).toContainText("could inject into the policy");
  await expect(header).toHaveAttribute("data-rendered", "false");

  await w.getByLabel("render with the approved origins only").check();
  await expect(header).toContainText("connect-src 'self' https://api.tides.example;");
  await expect(header).not.toContainText("script-src *");

  await w.getByLabel("left out").check();
  await expect(header).toContainText("connect-src 'none'");
  await expect(w.getByTestId("csp-verdict")).toHaveAttribute("data-verdict", "pass");

  // Layout (issue #24), on a desktop and a phone: the four lists' boxes line up row by row, and
  // neither the declared JSON nor the header is cut off inside its box.
  await w.getByLabel("declared (an object of lists)").check();
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const box = (k: string) => w.locator(`textarea[data-list="${k}"]`).boundingBox();
    const [connect, resource, frame, base] = await Promise.all(
      ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"].map(box),
    );
    if (width > 700) {
      expect(Math.abs(connect!.y - resource!.y), `${width}: first row`).toBeLessThan(2);
      expect(Math.abs(frame!.y - base!.y), `${width}: second row`).toBeLessThan(2);
    }
    const cut = await w
      .locator("pre")
      .evaluateAll((pres) =>
        pres
          .filter((p) => p.scrollWidth > p.clientWidth + 1)
          .map((p) => p.textContent!.slice(0, 40)),
      );
    expect(cut, `${width}: boxes that hide part of their text`).toEqual([]);
    expect(await w.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${width}`).toBe(true);
  }
  expect(errors).toEqual([]);
});

test("mime checker passes only the exact profile type", async ({ page }) => {
  const w = await openWidget(page, "linking-a-tool-to-its-view", "mime-checker");
  const verdict = w.getByTestId("mime-verdict");
  await expect(verdict).toHaveAttribute("data-verdict", "pass");
  const input = w.getByRole("textbox");
  await input.fill("text/html");
  await expect(verdict).toHaveAttribute("data-verdict", "fail");
  await expect(w.getByTestId("mime-outcome")).toContainText("Not an app");
  await w.getByRole("button", { name: '"text/html; profile=mcp-app"' }).click();
  await expect(input).toHaveValue("text/html; profile=mcp-app");
  await expect(verdict).toContainText("without extra spaces");
  await w.getByLabel("resource exists").uncheck();
  await expect(verdict).toContainText("RES-1");
});

test("permissions mapper builds the allow attribute from what the host grants", async ({
  page,
}) => {
  const w = await openWidget(page, "permissions", "permissions-mapper");
  const allow = w.getByTestId("allow-attribute");
  await expect(allow).toHaveText('<iframe allow="clipboard-write">');
  await w.locator('input[data-grant="camera"]').check();
  await expect(allow).toHaveText('<iframe allow="camera; clipboard-write">');
  await expect(w.getByTestId("reported-permissions")).toHaveText(
    '{"camera":{},"clipboardWrite":{}}',
  );
  await w.getByLabel("a list of strings").check();
  await expect(w.getByTestId("permissions-verdict")).toHaveAttribute("data-verdict", "fail");
  await expect(allow).toHaveText("<iframe> (no allow attribute)");
});

test("decision-table walker shows the six rows decide() gives", async ({ page }) => {
  const w = await openWidget(page, "the-decision-table", "decision-walker");
  const verdict = (row: string) => w.locator(`tr[data-row="${row}"] [data-verdict]`);
  const outcome = w.getByTestId("walker-outcome");
  await expect(w.locator("tbody tr")).toHaveCount(6);
  // Numbered in decide()'s order of evaluation: the agent's visibility comes first.
  await expect(w.locator("tbody tr").first()).toHaveAttribute("data-row", "visibility");
  await expect(w.locator("tbody tr").first().locator("th")).toHaveText("1. Visibility");
  await expect(outcome).toHaveAttribute("data-outcome", "rendered");
  for (const row of ["negotiation", "visibility", "mime", "csp", "permissions", "app-call"]) {
    await expect(verdict(row)).toHaveText("pass");
  }
  await w.locator('select[data-setting="client"]').selectOption("none");
  await expect(verdict("negotiation")).toHaveText("fail");
  await expect(verdict("mime")).toHaveText("skip");
  await expect(outcome).toHaveAttribute("data-outcome", "text");

  await w.getByRole("button", { name: "Reset to the happy path" }).click();
  await w.locator('select[data-setting="appCall"]').selectOption("other-server");
  await expect(verdict("app-call")).toHaveText("fail");
  await expect(w.locator('tr[data-row="app-call"]')).toContainText("TOOL-5");

  await w.locator('select[data-setting="visibility"]').selectOption("app");
  await expect(outcome).toHaveAttribute("data-outcome", "not-called");
});

test("visibility matrix starts where the lesson sets it", async ({ page }) => {
  const w = await openWidget(page, "app-initiated-tool-calls", "visibility-matrix");
  await expect(w.getByLabel('["app"]')).toBeChecked();
  await expect(w.locator('tr[data-caller="agent"] [data-verdict]')).toHaveText("refused");
  await w.getByLabel('["model"]').check();
  await expect(w.locator('tr[data-caller="same"] [data-verdict]')).toHaveText("refused");
});

test("a self-check question grades an answer and explains it", async ({ page }) => {
  await openWidget(page, "who-may-call-a-tool", "self-check");
  const card = page.locator('[data-widget="self-check"] [data-question]').first();
  const radio = card.locator('input[type="radio"]');
  const box = card.locator('input[type="checkbox"]');
  const text = card.locator('input[type="text"]');
  if (await radio.count()) await radio.first().check();
  else if (await box.count()) await box.first().check();
  else if (await text.count()) await text.fill("an answer");
  await card.getByRole("button", { name: "Check answer" }).click();
  await expect(card.getByTestId("feedback")).toBeVisible();
  await expect(card.getByTestId("feedback")).toHaveAttribute("data-correct", /true|false/);
});

test("an island widget also works after a client-side navigation, with no server HTML", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto("/lessons");
  await page.getByRole("link", { name: "Content security policy", exact: false }).first().click();
  await expect(page).toHaveURL(/\/lessons\/content-security-policy$/);
  // No server HTML to keep: until its code loads, the island says what is coming.
  const island = page.locator('[data-island="CSP builder"]');
  await expect(island).toContainText("Loading the CSP builder…");
  await island.scrollIntoViewIfNeeded();
  const w = island.locator('[data-widget="csp-builder"]');
  await expect(w.getByTestId("csp-verdict")).toHaveAttribute("data-verdict", "pass");
  await w.getByRole("button", { name: "Try an injection" }).click();
  await expect(w.getByTestId("csp-verdict")).toHaveAttribute("data-verdict", "fail");
  expect(errors).toEqual([]);
});

/**
 * Holds back the script chunk that contains `marker` until `release()` is called, so a test can
 * act on a widget's server HTML before its code has arrived, as a reader on a slow link does.
 */
async function holdChunk(page: Page, marker: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held = false;
  await page.route("**/_next/static/chunks/**", async (route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(marker)) {
        held = true;
        await released;
      }
      await route.fulfill({ response, body });
    } catch {
      // The test ended while this chunk was on its way; a chunk lost during the test shows as
      // the widget never becoming ready.
    }
  });
  return { release, wasHeld: () => held };
}

test("a choice made before a widget's code arrives is applied once it does", async ({ page }) => {
  const errors = collectPageErrors(page);
  const chunk = await holdChunk(page, "Agent lists and calls it");
  await page.goto("/lessons/who-may-call-a-tool");
  const w = page.locator('[data-widget="visibility-matrix"]');
  const island = page.locator("[data-island]", { has: w });
  await w.scrollIntoViewIfNeeded();
  await expect.poll(chunk.wasHeld).toBe(true);
  await expect(island).not.toHaveAttribute("data-ready");
  // The server HTML's radio takes the click although nothing handles it yet.
  await w.getByLabel('["app"]').check();
  chunk.release();
  await expect(island).toHaveAttribute("data-ready", "");
  const verdict = (caller: string) => w.locator(`tr[data-caller="${caller}"] [data-verdict]`);
  await expect(verdict("agent")).toHaveAttribute("data-verdict", "refused");
  await expect(verdict("same")).toHaveAttribute("data-verdict", "allowed");
  await expect(w.getByLabel('["app"]')).toBeChecked();
  expect(errors).toEqual([]);
});

test("text typed and a button pressed before the code arrives are not lost", async ({ page }) => {
  const chunk = await holdChunk(page, "Try an injection");
  await page.goto("/lessons/content-security-policy");
  const w = page.locator('[data-widget="csp-builder"]');
  const island = page.locator("[data-island]", { has: w });
  await w.scrollIntoViewIfNeeded();
  await expect.poll(chunk.wasHeld).toBe(true);
  await expect(island).not.toHaveAttribute("data-ready");
  await w.getByRole("button", { name: "Try an injection" }).click();
  chunk.release();
  await expect(island).toHaveAttribute("data-ready", "");
  await expect(w.getByTestId("csp-verdict")).toHaveAttribute("data-verdict", "fail");
});

test("text typed before the mime checker's code arrives is checked once it does", async ({
  page,
}) => {
  const chunk = await holdChunk(page, "mime-verdict");
  await page.goto("/lessons/linking-a-tool-to-its-view");
  const w = page.locator('[data-widget="mime-checker"]');
  const island = page.locator("[data-island]", { has: w });
  await w.scrollIntoViewIfNeeded();
  await expect.poll(chunk.wasHeld).toBe(true);
  await expect(island).not.toHaveAttribute("data-ready");
  await w.getByRole("textbox").fill("text/html");
  chunk.release();
  await expect(island).toHaveAttribute("data-ready", "");
  await expect(w.getByRole("textbox")).toHaveValue("text/html");
  await expect(w.getByTestId("mime-verdict")).toHaveAttribute("data-verdict", "fail");
});
