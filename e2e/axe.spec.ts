import { expect, test } from "./fixtures";
import {
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsInBothThemes,
} from "./helpers";

/**
 * The axe helper every page test relies on must fail when there is something to find: in the page,
 * in a frame, in the dark scheme only; and pass a clean page, and a frame it was told to leave out.
 */
const CLEAN = `<!doctype html><html lang="en"><title>t</title><main><h1>Fine</h1><p>Readable.</p></main></html>`;
const FRAME_WITH_IMAGE = `<iframe title="inner" id="inner" srcdoc="<!doctype html><html lang=en><title>i</title><img src=x.png>"></iframe>`;

test("the axe helper fails on a violation in the page, in a frame and in the dark scheme, and passes what is clean, hidden or left out", async ({
  page,
}) => {
  await page.setContent(CLEAN);
  await expectNoSeriousA11yViolationsInBothThemes(page);

  await page.setContent(
    `<!doctype html><html lang="en"><title>t</title><main><p style="color:#bbb;background:#fff">Faint</p></main></html>`,
  );
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/color-contrast/);

  await page.setContent(
    `<!doctype html><html lang="en"><title>t</title><main><h1>Page</h1>${FRAME_WITH_IMAGE}</main></html>`,
  );
  await expect(page.frameLocator("#inner").locator("img")).toHaveCount(1);
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(
    /\[frame about:srcdoc\] image-alt/,
  );
  await expectNoSeriousA11yViolations(page, "#inner");
  await page.locator("#inner").evaluate((e) => ((e as HTMLElement).style.display = "none"));
  await expectNoSeriousA11yViolations(page);

  await page.setContent(
    `<!doctype html><html lang="en"><title>t</title><style>@media (prefers-color-scheme: dark) { p { color: #333; background: #222 } }</style><main><p>Dark only</p></main></html>`,
  );
  await expect(expectNoSeriousA11yViolationsInBothThemes(page)).rejects.toThrow(/color-contrast/);
});
