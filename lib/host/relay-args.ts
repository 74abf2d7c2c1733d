/** The relay script's arguments, checked: every problem named, nothing started on bad input. */
export type RelayArgs =
  { ok: true; command: string; port?: number; origin: string } | { ok: false; message: string };

const DEFAULT_RELAY_ORIGIN = "http://localhost:3000";

export function parseRelayArgs(args: readonly string[]): RelayArgs {
  let command: string | undefined;
  let port: number | undefined;
  let origin = DEFAULT_RELAY_ORIGIN;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = args[i + 1];
    if (a === "--stdio" || a === "--port" || a === "--origin") {
      if (value === undefined || value.startsWith("--"))
        return { ok: false, message: `${a} needs a value` };
      i++;
      if (a === "--stdio") {
        if (!value.trim()) return { ok: false, message: "--stdio needs a command" };
        command = value;
      } else if (a === "--port") {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1 || n > 65535)
          return {
            ok: false,
            message: `--port needs a port number 1-65535, got ${JSON.stringify(value)}`,
          };
        port = n;
      } else {
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          return {
            ok: false,
            message: `--origin needs an http(s) origin, got ${JSON.stringify(value)}`,
          };
        }
        if (!/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, ""))
          return {
            ok: false,
            message: `--origin needs an origin (scheme, host and port, no path), got ${JSON.stringify(value)}`,
          };
        origin = url.origin;
      }
    } else return { ok: false, message: `unknown argument ${JSON.stringify(a)}` };
  }
  if (!command) return { ok: false, message: 'give the server\'s command: --stdio "<command>"' };
  return { ok: true, command, origin, ...(port !== undefined ? { port } : {}) };
}
