import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolationsInBothThemes } from "./helpers";
import { simulatorHostProfiles } from "../lib/content/host-profiles";

// Two hosts side by side in the simulator (issue 33): the chosen host against any other, every
// behaviour a profile sets, the differing ones marked, each side with its judgement and dated
// source (read here from the profiles in content/host-profiles).

test.describe.configure({ timeout: 120_000 });

test("Claude against VS Code, then against a profile file of one's own (a bad one names the field), side by side, by keyboard at 375 px, axe-clean in light and dark", async ({
  page,
}) => {
  const profiles = await simulatorHostProfiles(new Date().toISOString().slice(0, 10));
  const claude = profiles.find((p) => p.id === "claude")!;
  const frameDate = claude.fields.cspFrameDomains.evidence.find((e) => e.used)!.date;

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/simulator?preset=happy-path&host=claude");
  await page
    .getByRole("tablist", { name: "Simulator panels" })
    .getByRole("tab", { name: "Table", exact: true })
    .click();
  const compare = page.getByTestId("host-compare");
  const summary = compare.locator("summary");
  await expect(summary).toContainText("Compare Claude (claude.ai and Claude Desktop) with");
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(compare).toHaveAttribute("open", "");
  const select = compare.getByLabel("Compare with");
  // The reference first.
  await expect(select).toHaveValue("reference");
  await select.focus();
  await select.selectOption({ label: "VS Code (GitHub Copilot Chat)" });
  await expect(select).toHaveValue("vscode");

  const frame = compare.locator('tr[data-field="cspFrameDomains"]');
  await expect(frame).toHaveAttribute("data-differs", "true");
  await expect(frame.locator("th")).toContainText("differs");
  await expect(frame.locator("td").first()).toContainText("dropped");
  await expect(frame.locator("td").first()).toContainText("allowed variation");
  await expect(frame.locator("td").first()).toContainText(frameDate);
  await expect(frame.locator("td").nth(1)).toContainText("honoured");
  await expect(compare.locator('tr[data-field="message"] td').nth(1)).toContainText("draft");
  await expect(compare.locator('tr[data-field="cspConnectDomains"]')).toHaveAttribute(
    "data-differs",
    "false",
  );
  await expect(compare.getByTestId("host-compare-count")).toContainText(
    /\d+ of 17 behaviours differ/,
  );

  // A host implementer's own profile, in the repository's schema, compared with Claude.
  const own = {
    id: "acme-chat",
    basis: "Acme Chat's own reading of its host code, December 2026.",
    fields: {
      cspFrameDomains: {
        value: "honoured",
        evidence: [
          {
            kind: "host-code",
            date: "2026-12-01",
            source: "https://example.com/acme-chat/csp.ts",
            says: "Our policy builder keeps every declared list.",
          },
        ],
      },
    },
  };
  const input = compare.getByLabel(/load a profile of your own/);
  await input.setInputFiles({
    name: "acme-chat.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(own)),
  });
  await expect(select).toHaveValue("own:acme-chat");
  await expect(compare.locator("thead")).toContainText("acme-chat (your file)");
  await expect(frame.locator("td").nth(1)).toContainText("honoured");
  await expect(frame.locator("td").nth(1)).toContainText("2026-12-01");
  await expect(compare.locator('tr[data-field="message"] td').nth(1)).toContainText("unknown");
  // A value the schema does not know: the error names the file and the field.
  own.fields.cspFrameDomains.value = "sometimes";
  await input.setInputFiles({
    name: "acme-chat.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(own)),
  });
  await expect(compare.getByRole("alert")).toContainText(
    "acme-chat.json: fields.cspFrameDomains.value",
  );

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolationsInBothThemes(page, 'iframe[data-simulator="proxy"]');
});
