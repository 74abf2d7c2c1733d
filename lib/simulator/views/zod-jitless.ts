// Imported before anything that builds a zod schema (ES modules run in import order). zod probes
// `new Function` when it builds an object schema, to decide whether it may compile parsers; under
// a view's CSP (no 'unsafe-eval', CSP-2) that probe is reported as a script-src violation the view
// never caused. jitless skips the probe, so a clean preset shows no violation; the eval preset
// shows a real one.
import { config } from "zod";

config({ jitless: true });
