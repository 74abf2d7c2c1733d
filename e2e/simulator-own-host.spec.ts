import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { collectPageErrors, expectNoSeriousA11yViolationsInBothThemes } from "./helpers";
import { runPreset } from "./simulator-helpers";
import { deflate, toBase64Url } from "../lib/simulator/link-bytes";
import { encodeProfileLink, PROFILE_LINK_PREFIX } from "../lib/simulator/share-profile";

// A host implementer's own profile as the host the simulator runs (issue 33): loaded from a JSON
// file beside the Host select, chosen like a built-in host, the table changed as it says with the
// rows marked, its own evidence shown, what it leaves out said as unknown; and the share link
// carries the profile itself, so a fresh page runs the same host. A tampered or oversized link
// says so and falls back to the reference, keeping the scenario.

test.describe.configure({ timeout: 120_000 });

const row = (page: Page, name: string) =>
  page.getByTestId("decision-table").locator(`tr[data-row="${name}"]`);

/** Acme Chat forwards a view's every tools/call (a TOOL-4 violation) and says nothing else. */
const OWN = {
  id: "acme-chat",
  basis: "Acme Chat's own reading of its bridge code, December 2026.",
  fields: {
    appCallVisibility: {
      value: "unchecked",
      evidence: [
        {
          kind: "host-code",
          date: "2026-12-01",
          source: "https://example.com/acme-chat/bridge.ts",
          says: "Our bridge forwards every tools/call a view sends, whatever its visibility.",
        },
      ],
    },
  },
};

const fileOf = (json: unknown) => ({
  name: "acme-chat.json",
  mimeType: "application/json",
  buffer: Buffer.from(JSON.stringify(json, null, 2)),
});

/** The table's marks for Acme Chat on the model-only-tool preset. */
async function expectAcmeTable(page: Page) {
  await expect(row(page, "app-call")).toHaveAttribute("data-verdict", "pass", { timeout: 15_000 });
  const call = row(page, "app-call").locator(".sim-departure");
  await expect(call).toHaveAttribute("data-departure", "violation");
  await expect(call).toContainText("The reference host: fail");
  await expect(call.locator('[data-field="appCallVisibility"]')).toContainText("spec violation");
  await expect(call.getByRole("link", { name: "TOOL-4" })).toBeVisible();
  await expect(call.locator(".sim-evidence")).toContainText("seen in the host's code, 2026-12-01");
  await expect(call.locator(".sim-evidence")).toContainText("example.com");
  // The profile says nothing about consent: that row's other field is unknown for this host.
  await expect(call.locator("[data-unknown]")).toContainText("Unknown for this host");
  await expect(call.locator("[data-unknown]")).toHaveAttribute("data-unknown", /consent/);
  // Nothing about the CSP either: the reference's verdict, the fields named as unknown.
  await expect(row(page, "csp").locator(".sim-departure")).not.toHaveAttribute(
    "data-departure",
    /./,
  );
  await expect(row(page, "csp").locator("[data-unknown]")).toContainText("Unknown for this host");
  await expect(row(page, "mime").locator(".sim-departure")).toHaveCount(0);
}

test("an own profile file is chosen as the host: the table changes as it says, rows marked with its evidence, and the share link carries it to a fresh page", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto("/simulator?preset=app-calls-model-only-tool");
  await runPreset(page, "app-calls-model-only-tool");
  await expect(row(page, "app-call")).toHaveAttribute("data-verdict", "fail");
  const select = page.getByLabel("Host", { exact: true });

  // A bad value first: the server's error names the file and the field, and nothing changes.
  await page.getByLabel("or load your own profile (JSON)").setInputFiles(
    fileOf({
      ...OWN,
      fields: { appCallVisibility: { ...OWN.fields.appCallVisibility, value: "sometimes" } },
    }),
  );
  await expect(page.getByTestId("own-host-error")).toContainText(
    "acme-chat.json: fields.appCallVisibility.value",
  );
  await expect(select).toHaveValue("reference");

  const status = page.getByTestId("run-status");
  const before = Number(await status.getAttribute("data-run"));
  await page.getByLabel("or load your own profile (JSON)").setInputFiles(fileOf(OWN));
  await expect(select).toHaveValue("own:acme-chat");
  await expect(page.getByTestId("own-host-error")).toHaveCount(0);
  await expect(page.getByTestId("host-basis")).toContainText("Acme Chat's own reading");
  // Loading it starts a run in it, as choosing any host does.
  await expect
    .poll(async () => Number(await status.getAttribute("data-run")), { timeout: 15_000 })
    .toBeGreaterThan(before);
  await expect(status).toHaveAttribute("data-status", "done", { timeout: 15_000 });
  await expectAcmeTable(page);
  await expect(page.getByTestId("table-host")).toContainText(
    "As acme-chat (your file) would decide it, on what its profile says.",
  );
  await expect(page.getByTestId("host-unknown")).toContainText("the default CSP");

  // The reference and back: it stays in the list, under its own heading.
  await select.selectOption("reference");
  await expect(row(page, "app-call")).toHaveAttribute("data-verdict", "fail");
  await select.selectOption({ label: "acme-chat (your file)" });
  await expectAcmeTable(page);

  // The address carries the profile in the fragment (the server never sees it), beside the preset.
  await expect(page).toHaveURL(/\?preset=app-calls-model-only-tool#profile=p1\.[A-Za-z0-9_-]+$/, {
    timeout: 10_000,
  });
  const shared = page.url();
  const fresh = await page.context().newPage();
  const freshErrors = collectPageErrors(fresh);
  await fresh.goto(shared);
  await expect(fresh.getByLabel("Host", { exact: true })).toHaveValue("own:acme-chat");
  await expect(fresh.getByTestId("host-basis")).toContainText("Acme Chat's own reading");
  await expectAcmeTable(fresh);
  await expect(fresh.getByTestId("link-message")).toHaveCount(0);

  // An edited scenario: the profile goes beside it, and round-trips with it.
  await fresh.getByText("Scenario as JSON").click();
  const editor = fresh.getByTestId("json-editor");
  const scenario = JSON.parse(await editor.inputValue());
  scenario.title = "Model-only tool, in Acme Chat";
  await editor.fill(JSON.stringify(scenario, null, 2));
  await editor.blur();
  await expect(fresh).toHaveURL(/#s=d1\.[A-Za-z0-9_-]+&profile=p1\.[A-Za-z0-9_-]+$/, {
    timeout: 10_000,
  });
  const edited = fresh.url();
  await fresh.close();
  const third = await page.context().newPage();
  await third.goto(edited);
  await expect(third.getByLabel("Host", { exact: true })).toHaveValue("own:acme-chat");
  await third.getByText("Scenario as JSON").click();
  await expect(third.getByTestId("json-editor")).toHaveValue(/Model-only tool, in Acme Chat/);
  await expectAcmeTable(third);
  await third.close();
  expect(errors).toEqual([]);
  expect(freshErrors).toEqual([]);
});

test("a tampered, oversized or invalid profile in a link says so and runs the reference, keeping the scenario", async ({
  page,
}) => {
  // An edited scenario, shared in the reference host: the fragment every case below extends.
  await page.goto("/simulator?preset=app-calls-model-only-tool");
  await runPreset(page, "app-calls-model-only-tool");
  await page.getByText("Scenario as JSON").click();
  const editor = page.getByTestId("json-editor");
  const scenario = JSON.parse(await editor.inputValue());
  scenario.title = "Kept whatever the profile";
  await editor.fill(JSON.stringify(scenario, null, 2));
  await editor.blur();
  await expect(page).toHaveURL(/#s=d1\.[A-Za-z0-9_-]+$/, { timeout: 10_000 });
  const base = page.url();

  const good = await encodeProfileLink(JSON.stringify(OWN));
  const mid = Math.floor(good.length / 2);
  const tampered = good.slice(0, mid) + (good[mid] === "A" ? "B" : "A") + good.slice(mid + 1);
  const bomb = new TextEncoder().encode(JSON.stringify({ ...OWN, basis: "a".repeat(200_000) }));
  const oversized = PROFILE_LINK_PREFIX + toBase64Url(await deflate(bomb, "deflate"));
  const invalid = await encodeProfileLink(
    JSON.stringify({ ...OWN, fields: { appCallVisibility: { value: "unchecked" } } }),
  );
  const cases: [string, RegExp][] = [
    [tampered, /host profile is damaged/],
    [oversized, /host profile is too large: it unpacks to more than 64 KiB/],
    [invalid, /the link's host profile: fields\.appCallVisibility: rest the value/],
  ];
  for (const [value, words] of cases) {
    const other = await page.context().newPage();
    await other.goto(`${base}&profile=${value}`);
    const message = other.getByTestId("link-message");
    await expect(message).toContainText("This link's host profile could not be used");
    await expect(message).toContainText(words);
    await expect(message).toContainText("Showing the reference host instead; the scenario is kept");
    await expect(other.getByLabel("Host", { exact: true })).toHaveValue("reference");
    await expect(row(other, "app-call")).toHaveAttribute("data-verdict", "fail");
    await other.getByText("Scenario as JSON").click();
    await expect(other.getByTestId("json-editor")).toHaveValue(/Kept whatever the profile/);
    await other.close();
  }
});

test("the own profile's controls work by keyboard at 375 px, and the page is axe-clean in light and dark", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(
    `/simulator?preset=app-calls-model-only-tool#profile=${await encodeProfileLink(JSON.stringify(OWN))}`,
  );
  const select = page.getByLabel("Host", { exact: true });
  await expect(select).toHaveValue("own:acme-chat");
  const file = page.getByLabel("or load your own profile (JSON)");
  await select.focus();
  await page.keyboard.press("Tab");
  await expect(file).toBeFocused();
  // A bad file's error on screen too, for axe to see.
  await file.setInputFiles({
    name: "x.json",
    mimeType: "application/json",
    buffer: Buffer.from("{"),
  });
  await expect(page.getByTestId("own-host-error")).toContainText("x.json: JSON");
  await page
    .getByRole("tablist", { name: "Simulator panels" })
    .getByRole("tab", { name: "Table", exact: true })
    .click();
  await expect(row(page, "app-call").locator(".sim-departure")).toBeVisible({ timeout: 15_000 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolationsInBothThemes(page, 'iframe[data-simulator="proxy"]');
});
