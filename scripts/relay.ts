// npm run relay -- --stdio "<command>" [--port N] [--origin URL]
// A stdio MCP server made reachable over Streamable HTTP for the /review page (lib/host/relay.ts).
import "./usage";
import { parseRelayArgs } from "../lib/host/relay-args";
import { startRelay } from "../lib/host/relay";

const parsed = parseRelayArgs(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`${parsed.message}\nSee: npm run relay -- --help`);
  process.exit(2);
}
const relay = await startRelay({
  command: parsed.command,
  allowOrigin: parsed.origin,
  ...(parsed.port !== undefined ? { port: parsed.port } : {}),
  onNote: (n) => console.error(`relay: ${n}`),
  onStderr: (t) => process.stderr.write(t),
}).catch((e: unknown) => {
  console.error(`Could not start the relay: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
});
console.log(`Relaying ${parsed.command}`);
console.log(`  URL for ${parsed.origin}/review: ${relay.url}`);
console.log("Ctrl-C ends the relay and its server processes.");
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    void relay.close().then(() => process.exit(0));
  });
}
