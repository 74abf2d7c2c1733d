import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolationsInBothThemes, startExampleServer } from "./helpers";
import { simulatorHostProfiles } from "../lib/content/host-profiles";
import type { ProfileFieldName } from "../lib/decide/host-profile";
import type { WorksIn } from "../lib/review/works-in";

/**
 * The review's "Works in" table (issue 33, deliverable 3) for two real servers: the published
 * basic-vanillajs example (2.0.3, a pinned devDependency), whose get-time tool declares an
 * outputSchema, and a fixture (e2e/fixtures/works-in-server.mjs) whose view embeds a frame from
 * an origin it declares in frameDomains and asks for pip. On the page, in `--hosts` and in `--json`.
 * The expected outcomes are written by hand from the profiles in content/host-profiles; the
 * sources' dates are read from those profiles.
 */

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const BASIC_PORT = BASE_PORT + 31;
const FIXTURE_PORT = BASE_PORT + 32;
const BASIC_URL = `http://localhost:${BASIC_PORT}/mcp`;
const FIXTURE_URL = `http://localhost:${FIXTURE_PORT}/mcp`;

const servers: ChildProcess[] = [];

test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

test.beforeAll(async () => {
  const basic = startExampleServer("server-basic-vanillajs", BASIC_PORT);
  const fixture = startExampleServer("e2e/fixtures/works-in-server.mjs", FIXTURE_PORT, [
    String(FIXTURE_PORT),
  ]);
  servers.push(basic.child, fixture.child);
  await Promise.all([basic.ready, fixture.ready]);
});

test.afterAll(() => {
  for (const s of servers) s.kill();
});

/** `npm run review` as a person runs it: its exit code and what it printed. */
function reviewCli(args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const cli = spawn(process.execPath, ["--import", "tsx", "scripts/review.ts", ...args], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let stdout = "";
    cli.stdout.on("data", (d: Buffer) => (stdout += d));
    cli.on("close", (code) => resolve({ code, stdout }));
  });
}

async function review(page: Page, url: string) {
  await page.goto("/review");
  await page.getByRole("textbox", { name: "Server URL" }).fill(url);
  await page.getByRole("button", { name: "Connect and review" }).click();
  await expect(page.getByTestId("review-result")).toBeVisible({ timeout: 30_000 });
}

const cellOf = (page: Page, host: string, tool: string) =>
  page.locator(`[data-testid="review-works-in"] tr[data-host="${host}"] td[data-tool="${tool}"]`);

/** The date of the source the engine uses for a host's field, from its profile. */
async function usedDate(host: string, field: ProfileFieldName): Promise<string> {
  const profiles = await simulatorHostProfiles(new Date().toISOString().slice(0, 10));
  const f = profiles.find((p) => p.id === host)!.fields[field];
  return f.evidence.find((e) => e.used)!.date;
}

/** Each host's outcome for `tool`, as the page shows it. */
async function outcomesOnPage(page: Page, tool: string): Promise<Record<string, string>> {
  const cells = page.locator(`[data-testid="review-works-in"] td[data-tool="${tool}"]`);
  // The table's code loads with the review's result (app/review/lazy-result-parts.tsx).
  await expect(cells.first()).toBeVisible({ timeout: 15_000 });
  return Object.fromEntries(
    await cells.evaluateAll((tds) =>
      tds.map((td) => [td.closest("tr")!.getAttribute("data-host"), td.dataset.outcome]),
    ),
  );
}

async function downloadedJson(page: Page): Promise<{ worksIn: WorksIn }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download JSON" }).click(),
  ]);
  return JSON.parse(await readFile((await download.path())!, "utf8")) as { worksIn: WorksIn };
}

/** The Works in section of the page's Markdown download (trimmed), and that of --markdown --hosts. */
async function downloadedWorksInMarkdown(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download Markdown" }).click(),
  ]);
  return worksInSection(await readFile((await download.path())!, "utf8"));
}
function worksInSection(markdown: string): string {
  const at = markdown.indexOf("\n## Works in\n");
  expect(at, "a Works in section in the Markdown report").toBeGreaterThan(0);
  return markdown.slice(at).trim();
}

test("basic-vanillajs 2.0.3: renders in the reference, without structuredContent in Claude (its outputSchema), its ui/message only drafted in VS Code; on the page, in --hosts and --json", async ({
  page,
}) => {
  await review(page, BASIC_URL);
  const outcomes = await outcomesOnPage(page, "get-time");
  expect(outcomes.reference).toBe("renders");
  // Its view sends ui/message, which VS Code only drafts into the chat input.
  expect(outcomes.vscode).toBe("renders-without");
  await expect(cellOf(page, "vscode", "get-time")).toContainText("ui/message only drafted");
  expect(outcomes.claude).toBe("renders-without");
  const claude = cellOf(page, "claude", "get-time");
  await expect(claude).toContainText("no structuredContent");
  await claude.locator("summary").click();
  const reason = claude.locator('li[data-field="structuredContent"]');
  await expect(reason).toHaveAttribute("data-kind", "variation");
  await expect(reason).toContainText("an allowed variation");
  await expect(reason.getByRole("link", { name: "BRG-3" })).toBeVisible();
  await expect(reason).toContainText(await usedDate("claude", "structuredContent"));

  const text = await reviewCli([BASIC_URL, "--hosts"]);
  expect(text.code).toBe(0);
  expect(text.stdout).toMatch(
    /Claude \(claude\.ai and Claude Desktop\)\s+renders without: no structuredContent/,
  );
  expect(text.stdout).toMatch(/Reference \(the spec\)\s+renders\n/);

  const json = JSON.parse((await reviewCli([BASIC_URL, "--json"])).stdout) as { worksIn: WorksIn };
  expect(json.worksIn.cells.find((c) => c.host === "claude")!.outcome).toBe("renders-without");
  expect((await downloadedJson(page)).worksIn).toEqual(json.worksIn);

  // The page's Markdown download carries the same section as --markdown --hosts.
  const markdown = await reviewCli([BASIC_URL, "--markdown", "--hosts"]);
  const section = worksInSection(markdown.stdout);
  expect(section).toMatch(
    /\n\| Claude \(claude\.ai and Claude Desktop\) \| renders without: no structuredContent \| /,
  );
  expect(await downloadedWorksInMarkdown(page)).toBe(section);
});

test("a view embedding a declared frameDomains origin and asking for pip: Claude blocks the frame, VS Code stays inline, ChatGPT renders it whole; page, --hosts and --json", async ({
  page,
}) => {
  await review(page, FIXTURE_URL);
  const outcomes = await outcomesOnPage(page, "play_video");
  expect(outcomes).toMatchObject({
    reference: "renders-without",
    claude: "renders-without",
    vscode: "renders-without",
    chatgpt: "renders",
  });
  const claude = cellOf(page, "claude", "play_video");
  await expect(claude).toContainText("frameDomains blocked: https://www.youtube-nocookie.com");
  await claude.locator("summary").click();
  const frame = claude.locator('li[data-field="cspFrameDomains"]');
  await expect(frame).toContainText("<iframe src>");
  await expect(frame).toContainText(await usedDate("claude", "cspFrameDomains"));
  const vscode = cellOf(page, "vscode", "play_video");
  await expect(vscode).toContainText("pip refused");
  await expect(vscode).not.toContainText("frameDomains blocked");
  await vscode.locator("summary").click();
  await expect(vscode.locator('li[data-field="displayModes"]')).toContainText(
    await usedDate("vscode", "displayModes"),
  );

  const text = await reviewCli([FIXTURE_URL, "--hosts"]);
  expect(text.stdout).toContain("Tool play_video:");
  expect(text.stdout).toMatch(
    /Claude \(claude\.ai and Claude Desktop\)\s+renders without: frameDomains blocked: https:\/\/www\.youtube-nocookie\.com; pip refused/,
  );
  expect(text.stdout).toMatch(/VS Code \(GitHub Copilot Chat\)\s+renders without: pip refused/);
  expect(text.stdout).toMatch(/ChatGPT\s+renders\n/);
  const json = JSON.parse((await reviewCli([FIXTURE_URL, "--json"])).stdout) as {
    worksIn: WorksIn;
  };
  expect((await downloadedJson(page)).worksIn).toEqual(json.worksIn);

  // Keyboard: the region scrolls by keys, a cell opens with Enter.
  const region = page.getByRole("region", { name: "Works in: hosts and UI tools" });
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press("Tab");
  const first = cellOf(page, "reference", "play_video").locator("details");
  await expect(first.locator("summary")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("open", "");

  await expectNoSeriousA11yViolationsInBothThemes(page, '[data-testid="review-view"]');
  await page.setViewportSize({ width: 375, height: 740 });
  // At 375 px the table scrolls inside its region; the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await expectNoSeriousA11yViolationsInBothThemes(page, '[data-testid="review-view"]');
});

test("a call the view places at run time, seen in a Preview, goes through each host's visibility check: refused in the reference, forwarded by ChatGPT (a TOOL-4 violation); the downloads follow", async ({
  page,
}) => {
  await review(page, FIXTURE_URL);
  // Its name is built at run time: the static reading does not see it.
  await expect(cellOf(page, "reference", "play_video")).not.toContainText("call to log_view");
  const section = page.locator('[data-testid="review-ui-tool"][data-tool="play_video"]');
  await section.getByTestId("preview-tool").click();
  await expect(
    section.locator('[data-testid="app-calls"] li[data-target="log_view"][data-outcome="refused"]'),
  ).toHaveCount(1, { timeout: 20_000 });

  const reference = cellOf(page, "reference", "play_video");
  await expect(reference).toContainText("call to log_view refused");
  await reference.locator("summary").click();
  const refused = reference.locator('li[data-field="appCallVisibility"]');
  await expect(refused).toContainText("seen when the view ran");
  await expect(refused.getByRole("link", { name: "TOOL-4" })).toBeVisible();
  const chatgpt = cellOf(page, "chatgpt", "play_video");
  await expect(chatgpt).toHaveAttribute("data-outcome", "renders");
  await chatgpt.locator("summary").click();
  const forwarded = chatgpt.locator('li[data-field="appCallVisibility"]');
  await expect(forwarded).toHaveAttribute("data-kind", "violation");
  await expect(forwarded).toContainText(await usedDate("chatgpt", "appCallVisibility"));

  const json = (await downloadedJson(page)).worksIn;
  const cell = json.cells.find((c) => c.host === "reference" && c.tool === "play_video")!;
  expect(cell.reasons.map((r) => r.short)).toContain("call to log_view refused");
  expect(await downloadedWorksInMarkdown(page)).toContain("call to log\\_view refused");
});
