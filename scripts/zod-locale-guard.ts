// Held after every build by check-first-load.ts: zod's ~50 message locales stay out of the
// browser's chunks (next.config.ts aliases zod's locale table to lib/vendor-shims/zod-locales.ts;
// English, the one zod uses, is imported by zod directly). In the simulator's runner chunk they
// were 36 KiB of 90 gzipped. The marker is a sentence of zod's German locale: if zod rewords it,
// the check says so instead of passing without looking.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** A sentence zod's German locale (zod/v4/locales/de.js) carries. */
export const LOCALE_MARKER = "Ungültige Eingabe";

/**
 * The `.js` files under `chunkDir` that carry `marker`, or an error when `localeFile` (the locale
 * the marker was taken from) no longer carries it.
 */
export function chunksWithLocales(
  chunkDir: string,
  localeFile: string,
  marker = LOCALE_MARKER,
): { error?: string; chunks: string[] } {
  if (!readFileSync(localeFile, "utf8").includes(marker))
    return {
      error: `${localeFile} no longer contains "${marker}": pick another marker in scripts/zod-locale-guard.ts`,
      chunks: [],
    };
  const chunks = readdirSync(chunkDir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".js"))
    .filter((f) => readFileSync(path.join(chunkDir, f), "utf8").includes(marker));
  return { chunks };
}
