import { z } from "zod";

/**
 * The app's pages forbid eval (`APP_CSP` in proxy.ts). Zod probes `new Function("")` once to decide
 * whether it may compile fast parsers, and Chromium reports the refused probe as a CSP violation
 * even though Zod catches it: jitless mode skips the probe. Imported for its effect by the root
 * layout's store provider, before any schema parses.
 */
z.config({ jitless: true });
