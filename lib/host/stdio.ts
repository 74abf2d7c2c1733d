/**
 * Node only: starts a stdio server from a command line. Kept apart from the rest of `lib/host`,
 * which never imports it, so the host stays browser-safe.
 */
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { TransportFactory } from "./connect";

/**
 * Splits a command line into words the way a POSIX shell would for simple cases: white space
 * separates, single and double quotes group, a backslash escapes the next character. No
 * expansion of variables, globs or pipes: the command is run directly, never through a shell.
 */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let quote: '"' | "'" | undefined;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === "\\" && quote === '"' && i + 1 < line.length) word += line[++i]!;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      started = true;
    } else if (c === "\\" && i + 1 < line.length) {
      word += line[++i]!;
      started = true;
    } else if (/\s/.test(c)) {
      if (started) words.push(word);
      word = "";
      started = false;
    } else {
      word += c;
      started = true;
    }
  }
  if (quote) throw new Error(`unclosed ${quote} in command: ${line}`);
  if (started) words.push(word);
  return words;
}

export interface StdioTransportOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Receives the server's stderr, line by line (it is not shown otherwise). */
  onStderr?: (text: string) => void;
}

/**
 * A transport factory for a stdio server. It is the SDK's own `StdioClientTransport`, untouched:
 * a dual-era client then probes `server/discover` on a short-lived sibling process, so a legacy
 * server that exits on the unknown request costs nothing (that probe is not on this wire).
 */
export function stdioTransport(
  command: string,
  options: StdioTransportOptions = {},
): TransportFactory {
  const [file, ...args] = splitCommand(command);
  if (!file) throw new Error("empty command");
  return () => {
    const t = new StdioClientTransport({
      command: file,
      args,
      cwd: options.cwd,
      env: options.env,
      stderr: "pipe",
    });
    t.stderr?.on("data", (chunk: Buffer) => options.onStderr?.(chunk.toString("utf8")));
    return t;
  };
}
