#!/usr/bin/env node
// Runs the named npm scripts at the same time and prints each one's output whole, in the order
// they finish, with its time; exits 1 if any failed, after all have finished (every failure is
// reported, none hides another). `npm test` uses it for checks that are mostly single-threaded,
// so two of them share the machine's two cores instead of waiting in line.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/run-all.mjs <npm script>...");
  process.exit(2);
}

const started = Date.now();
console.log(`Running at once: ${names.join(", ")} (each one's output follows when it ends)`);
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const t0 = Date.now();
        const child = spawn("npm", ["run", "-s", name], { stdio: ["ignore", "pipe", "pipe"] });
        const chunks = [];
        child.stdout.on("data", (c) => chunks.push(c));
        child.stderr.on("data", (c) => chunks.push(c));
        child.on("close", (code, signal) => {
          const seconds = ((Date.now() - t0) / 1000).toFixed(1);
          const ok = code === 0;
          process.stdout.write(
            `\n── ${name}: ${ok ? "passed" : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s ──\n`,
          );
          process.stdout.write(Buffer.concat(chunks));
          resolve({ name, ok });
        });
      }),
  ),
);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
console.log(
  `\n${names.join(", ")}: ${failed.length === 0 ? "all passed" : `failed: ${failed.join(", ")}`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failed.length === 0 ? 0 : 1);
