import type { Frame, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { collectPageErrors, expectNoSeriousA11yViolationsInBothThemes } from "./helpers";
import { getViewFrame, runPreset } from "./simulator-helpers";

/**
 * The simulator loaded with the conformance server (preset conformance-view): its view runs in the
 * simulator's real sandbox proxy, on a per-run origin, under the CSP the host built, and probes the
 * host from inside. Its CSP probes reach http://api.localhost (declared) and http://evil.localhost
 * (declared nowhere), both answered by app/probe. A test-only fault that loosens the CSP the proxy
 * is served must make exactly the CSP probes fail, so the suite can fail.
 */

const PRESET = "conformance-view";

/** Waits for the view's automatic probes and returns each verdict row's id, verdict and kind. */
async function probeRows(view: Frame) {
  await expect(view.locator("#status")).toHaveAttribute("data-state", "done", { timeout: 20_000 });
  return view.locator('[data-testid="conformance-table"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const d = (tr as HTMLElement).dataset;
      return { id: d.probe!, verdict: d.verdict!, kind: d.kind!, text: tr.textContent ?? "" };
    }),
  );
}

type Row = { id: string; verdict: string; kind: string; text: string };
const automaticWith = (rows: Row[], verdict: string) =>
  rows
    .filter((r) => r.kind === "automatic" && r.verdict === verdict)
    .map((r) => r.id)
    .sort();

async function runAndProbe(page: Page) {
  await runPreset(page, PRESET);
  return probeRows(await getViewFrame(page));
}

test("the conformance view in the simulator passes every automatic probe the simulator can show, says NOT OBSERVABLE with the reason for links and display modes, sends its report through the app-only tool, and a host that loosens the CSP fails exactly the CSP probes (SBX-3, SBX-5, CSP-3, BRG-2..7)", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  await page.goto(`/simulator?preset=${PRESET}`);
  const rows = await runAndProbe(page);
  const automatic = rows.filter((r) => r.kind === "automatic");
  console.log(
    `conformance in the simulator: ${JSON.stringify(Object.fromEntries(automatic.map((r) => [r.id, r.verdict])))}`,
  );
  expect(automatic.length).toBeGreaterThanOrEqual(17);
  expect(automaticWith(rows, "FAIL")).toEqual([]);
  // This host offers only "inline": the display-mode probes cannot run, and say so.
  const unseen = automatic.filter((r) => r.verdict === "NOT OBSERVABLE");
  expect(unseen.map((r) => r.id).sort()).toEqual([
    "display-mode/no-undeclared-mode",
    "display-mode/return-resulting-mode",
    "host-context/context-changed",
  ]);
  for (const r of unseen) expect(r.text).toContain("lists no other mode this view supports");
  // The CSP was really probed in Chromium, not skipped.
  expect(automatic.map((r) => r.id)).toEqual(
    expect.arrayContaining([
      "security/csp-block-undeclared",
      "dimensions/listen-size-changed (height)",
      "dimensions/listen-size-changed (width)",
    ]),
  );
  // What this host does not offer is said, with the reason, never a PASS.
  const link = rows.find((r) => r.id === "links/open-external")!;
  expect(link.verdict).toBe("NOT OBSERVABLE");
  expect(link.text).toContain("does not advertise openLinks");
  const view = await getViewFrame(page);
  await expect(view.getByRole("button", { name: "Open the test link" })).toBeDisabled();
  // The report went to the in-page conformance server through the app-only tool: in the run's trace.
  await expect(view.locator("#status")).toHaveAttribute("data-sent", "true");
  await expect(page.getByTestId("sequence-panel")).toContainText("conformance_report");

  await expectNoSeriousA11yViolationsInBothThemes(page);

  // The negative control: the same run with the host's CSP loosened on purpose.
  await page.evaluate(() => {
    (window as { __academyHostFault?: string }).__academyHostFault = "loosen-csp";
  });
  expect(automaticWith(await runAndProbe(page), "FAIL")).toEqual([
    "security/csp-block-undeclared",
    "security/csp-no-loosening",
    "security/sandbox-csp-enforced",
  ]);
  expect(errors).toEqual([]);
});

test("a host that adds a script of its own after the view's script fails sandbox-resource-ready, and only that row: the kit compares the whole delivered document, not only what precedes its own script (SBX-3)", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = collectPageErrors(page);
  await page.addInitScript(() => {
    (window as { __academyHostFault?: string }).__academyHostFault = "inject-after-view";
  });
  await page.goto(`/simulator?preset=${PRESET}`);
  const rows = await runAndProbe(page);
  expect(automaticWith(rows, "FAIL")).toEqual(["security/sandbox-resource-ready"]);
  const row = rows.find((r) => r.id === "security/sandbox-resource-ready")!;
  // The evidence shows what the host added, where the served document had none of it.
  expect(row.text).toContain('data-host-fault="inject-after-view"');
  expect(errors).toEqual([]);
});
