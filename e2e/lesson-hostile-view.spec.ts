import { expect, test } from "./fixtures";
import { getViewFrame } from "./simulator-helpers";

test.describe.configure({ timeout: 60_000 });

/**
 * Issue 11, item 8: the hostile-view preset doubles as a lesson example. The sandbox-proxy lesson
 * links it; following the link runs it; the view's own report says no attack got through; and
 * every rule the view names for a refusal is one the lesson's section cites.
 */
test("the sandbox-proxy lesson runs the hostile view, whose report shows every attack refused", async ({
  page,
}) => {
  await page.goto("/lessons/the-sandbox-proxy");
  const heading = page.locator("h2#hostile-view");
  await expect(heading).toHaveText(/A view that attacks its host/);
  // The section: from its heading to the next h2.
  const cited = await heading.evaluate((h) => {
    const ids: string[] = [];
    for (let el = h.nextElementSibling; el && el.tagName !== "H2"; el = el.nextElementSibling)
      el.querySelectorAll("a.rule-ref").forEach((a) => ids.push(a.textContent ?? ""));
    return ids;
  });
  expect(cited.length).toBeGreaterThan(5);
  const link = page.locator('.try-it[data-scenario="hostile-view"] a');
  await expect(link).toHaveAttribute("href", "/simulator?preset=hostile-view");

  await link.click();
  await expect(page).toHaveURL(/\/simulator\?preset=hostile-view/);
  await expect(page.getByTestId("preset-select")).toHaveValue("hostile-view");
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
    timeout: 20_000,
  });
  const view = await getViewFrame(page);
  // The view's own verdict on itself: no attack achieved.
  await expect(view.getByTestId("status")).toHaveAttribute("data-achieved", "0", {
    timeout: 20_000,
  });
  const attempts = await view.locator("[data-attack]").evaluateAll((els) =>
    els.map((e) => ({
      attack: e.getAttribute("data-attack"),
      outcome: e.getAttribute("data-outcome"),
      text: e.textContent ?? "",
    })),
  );
  expect(attempts.length).toBeGreaterThanOrEqual(8);
  // Issue 25: WebRTC, which no CSP directive covers, is among them (and refused, below).
  expect(attempts.map((a) => a.attack)).toContain("webrtc-stun");
  for (const a of attempts) {
    // "labelled": the forged sandbox report, which a host can flag but not stop (see the lesson).
    expect(["refused", "labelled"], `${a.attack}: ${a.text}`).toContain(a.outcome);
    const rules = a.text.match(/\b[A-Z]+-\d+\b/g) ?? [];
    expect(rules.length, `${a.attack} names its rule`).toBeGreaterThan(0);
    for (const id of rules) expect(cited, `${a.attack}: the lesson cites ${id}`).toContain(id);
  }
  // Its final tools/call is refused too (BRG-5; the preset's user says no).
  await expect(page.locator("[data-app-call]")).toHaveAttribute("data-app-call", "refused");
});
