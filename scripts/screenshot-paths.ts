/**
 * Screenshots of the home page's three learning paths on a 375 × 740 phone, for docs/.
 * Run against a served app: `npm start` in one terminal, then
 * `npm run docs:screenshots -- [base URL]` (http://localhost:3000 by default).
 */
// First: with --help it prints the usage and exits before anything else loads.
import "./usage";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./find-chromium";
import { loadLearningPaths } from "../lib/content/paths";

const base = process.argv[2] ?? "http://localhost:3000";
const found = findChromium();
if (!found) {
  console.error("No Chromium found: install one (Debian: apt-get install chromium).");
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath: found.executablePath,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
  await page.goto(base);
  const paths = page.getByTestId("learning-paths");
  for (const path of await loadLearningPaths()) {
    await paths.getByLabel(path.audience).check();
    await paths.getByTestId("path-steps").waitFor();
    const file = `docs/path-${path.id}-375.png`;
    await paths.screenshot({ path: file });
    console.log(`${file}: ${path.audience}`);
  }
} finally {
  await browser.close();
}
