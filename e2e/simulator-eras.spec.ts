import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./helpers";
import { runPreset } from "./simulator-helpers";

test.describe.configure({ timeout: 120_000 });

// NEG-6 in the page: the era controls change the session the real host opens, in Chromium.
test("the era controls switch the session's era, and a pair with no era in common names the fix", async ({
  page,
}) => {
  await page.goto("/simulator");
  await runPreset(page, "era-dual-client-legacy-server");
  await expect(page.locator("[data-era]")).toHaveAttribute("data-era", "legacy");
  await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "rendered");
  await expectNoSeriousA11yViolations(page);

  // The same legacy-only server, now with a modern-only client: no session at all.
  const status = page.getByTestId("run-status");
  let before = Number(await status.getAttribute("data-run"));
  await page.getByTestId("client-era").selectOption("modern");
  await expect
    .poll(async () => Number(await status.getAttribute("data-run")), { timeout: 15_000 })
    .toBeGreaterThan(before);
  await expect(status).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "not-connected");
  await expect(page.locator("[data-era]")).toHaveCount(0);
  await expect(page.locator('[data-row="negotiation"]')).toHaveAttribute("data-verdict", "fail");
  await expect(page.getByRole("alert").filter({ hasText: "dual-era client" })).toBeVisible();

  // Serve both eras instead: the modern client now gets a modern session.
  before = Number(await status.getAttribute("data-run"));
  await page.getByTestId("server-era").selectOption("dual");
  await expect
    .poll(async () => Number(await status.getAttribute("data-run")), { timeout: 15_000 })
    .toBeGreaterThan(before);
  await expect(status).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  await expect(page.locator("[data-era]")).toHaveAttribute("data-era", "modern");
});
