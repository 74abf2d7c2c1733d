// Stands in for zod's table of ~50 message locales (about a quarter of the simulator runner's code)
// in the browser bundles: nothing in this app, the MCP SDK or ext-apps selects a locale, and zod
// keeps English, its default, which is exported here from zod itself. See next.config.ts.
export { default as en } from "zod/v4/locales/en.js";
