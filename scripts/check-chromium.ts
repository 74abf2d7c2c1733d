import { findChromium } from "./find-chromium";

// Fails `npm test` at once, in one line, rather than after a long build or with skipped tests.
const found = findChromium({ headlessShell: true });
if (!found) {
  const env = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  console.error(
    env
      ? `No Chromium at PLAYWRIGHT_CHROMIUM_EXECUTABLE=${env}: point it at a Chromium binary, or unset it.`
      : "No Chromium found for the end-to-end tests: install one (Debian: `apt-get install chromium`; elsewhere: `npx playwright install chromium`) or set PLAYWRIGHT_CHROMIUM_EXECUTABLE.",
  );
  process.exit(1);
}
console.log(`Chromium for end-to-end tests: ${found.source}`);
