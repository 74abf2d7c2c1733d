/**
 * The app's pages forbid eval (`APP_CSP` in proxy.ts). Zod probes `new Function("")` once to decide
 * whether it may compile fast parsers, and Chromium reports the refused probe as a CSP violation
 * even though Zod catches it: jitless mode skips the probe.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there when
 * it first loads, so this module sets the flag without importing Zod: the pages' first load stays
 * free of it (app/simulator/first-load.test.ts), and Zod, loaded later with the SDK, starts jitless.
 * Imported for its effect by the root layout's store provider. lib/zod-jitless.test.ts fails if a
 * Zod upgrade stops honouring the global.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
