/**
 * Node only: starts a stdio server from a command line. Kept apart from the rest of `lib/host`,
 * which never imports it, so the host stays browser-safe.
 */
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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
  /**
   * Notes every server process this factory starts (its exit, its stray stdout) and can stop them
   * all, with their process groups. Without it, processes are still started in a group of their own.
   */
  processes?: StdioProcesses;
}

/** The spec line a stdio server's stray stdout breaks, for messages that name it. */
export const STDOUT_RULE =
  "a stdio server's stdout must carry only JSON-RPC messages; logs belong on stderr " +
  "(MCP specification 2025-11-25, https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio)";

/** What one server process did, as far as a review needs to tell it. */
export interface StdioProcessRecord {
  /** The process the transport spawned (the group wrapper where one is used). */
  pid: number | undefined;
  /** Set once the process has exited. */
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  /**
   * The client had already closed the process's stdin when it exited: the exit answers the
   * client's own close (SDK servers exit then), so it explains nothing about a failure.
   */
  exitedAfterInputClosed?: boolean;
  /** Lines on stdout that are not JSON-RPC messages: the first few, each cut to 200 characters. */
  strayStdout: string[];
  strayCount: number;
  /** JSON-RPC messages seen on stdout. */
  messages: number;
  /** Bytes the process wrote to stdout in all. */
  stdoutBytes: number;
  /**
   * What it wrote after its last newline, still waiting for one: its length in characters and
   * its first 200. A stdio message ends with a newline, so this is not (yet) a message.
   */
  unterminated?: { chars: number; head: string };
}

/** Characters of an unfinished stdout line kept whole: a longer line is judged by its start. */
const LINE_KEPT = 16 * 1024 * 1024;

const GROUP_WRAPPER = fileURLToPath(new URL("./stdio-group.mjs", import.meta.url));

/** How a stdio server's exit reads in a sentence: "exited with code 3", "was killed by SIGKILL". */
export function describeExit(exit: NonNullable<StdioProcessRecord["exit"]>): string {
  return exit.signal ? `was ended by ${exit.signal}` : `exited with code ${exit.code}`;
}

/**
 * The server processes one review started. Each runs in a process group of its own (through
 * `stdio-group.mjs`), so stopping it ends whatever it started as well.
 */
export class StdioProcesses {
  readonly records: StdioProcessRecord[] = [];
  private readonly live = new Map<ChildProcess, StdioProcessRecord>();
  /** Set by `stopAll`: a transport of this review that starts later starts nothing. */
  stopped = false;
  /** Where each group wrapper writes its server's process-group id, one a line. */
  readonly groupFile = join(tmpdir(), `academy-stdio-groups-${process.pid}-${randomUUID()}`);

  /** Starts noting `child`'s exit and stdout. */
  track(child: ChildProcess): StdioProcessRecord {
    const record: StdioProcessRecord = {
      pid: child.pid,
      strayStdout: [],
      strayCount: 0,
      messages: 0,
      stdoutBytes: 0,
    };
    this.records.push(record);
    if (child.exitCode !== null || child.signalCode !== null) {
      record.exit = { code: child.exitCode, signal: child.signalCode };
      return record;
    }
    this.live.set(child, record);
    let inputClosed = false;
    child.stdin?.once("finish", () => (inputClosed = true));
    child.stdin?.once("close", () => (inputClosed = true));
    child.once("exit", (code, signal) => {
      record.exit = { code, signal };
      if (inputClosed) record.exitedAfterInputClosed = true;
      this.live.delete(child);
    });
    // Started as the review was being stopped: its wrapper ends its group at once.
    if (this.stopped) child.kill("SIGTERM");
    // The line being written, in pieces (joined once it ends, so a long line costs one copy);
    // past LINE_KEPT characters only its start is kept.
    let pieces: string[] = [];
    let chars = 0;
    let head = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      record.stdoutBytes += chunk.length;
      const parts = chunk.toString("utf8").split("\n");
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i]!;
        if (head.length < 200) head += part.slice(0, 200 - head.length);
        if (chars + part.length <= LINE_KEPT) pieces.push(part);
        chars += part.length;
        if (i === parts.length - 1) break;
        noteLine(record, chars <= LINE_KEPT ? pieces.join("") : head, chars > LINE_KEPT);
        pieces = [];
        chars = 0;
        head = "";
      }
      record.unterminated = chars ? { chars, head } : undefined;
    });
    return record;
  }

  /** The latest process that has exited, if any. */
  lastExited(): StdioProcessRecord | undefined {
    return this.records.findLast((r) => r.exit);
  }

  /**
   * Ends every process still running: SIGTERM (the group wrapper passes it to the server's
   * group and SIGKILLs the group half a second later), then SIGKILL after `graceMs`.
   */
  async stopAll(graceMs = 1500): Promise<void> {
    this.stopped = true;
    await Promise.all(
      [...this.live.keys()].map(async (child) => {
        const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill("SIGTERM");
        const timer = new Promise<"late">((r) => setTimeout(() => r("late"), graceMs).unref());
        if ((await Promise.race([exited, timer])) === "late") {
          child.kill("SIGKILL");
          await exited;
        }
      }),
    );
    this.killGroups();
  }

  /**
   * SIGKILLs every process group a wrapper reported, the ones this object never saw included
   * (the SDK's probe sibling), and forgets them. Synchronous, so it can run on process exit.
   */
  killGroups(): void {
    let text = "";
    try {
      text = readFileSync(this.groupFile, "utf8");
      unlinkSync(this.groupFile);
    } catch {
      return;
    }
    for (const id of text.split("\n").map(Number)) {
      if (!Number.isInteger(id) || id <= 1) continue;
      try {
        process.kill(-id, "SIGKILL");
      } catch {
        // That group has already ended.
      }
    }
  }
}

/** One line of stdout; `cut`: only its start was kept (a line too long to parse here). */
function noteLine(record: StdioProcessRecord, raw: string, cut = false) {
  const line = raw.replace(/\r$/, "");
  if (!line.trim()) return;
  let message: unknown;
  try {
    message = cut ? undefined : JSON.parse(line);
  } catch {
    message = undefined;
  }
  const m = message as { jsonrpc?: unknown } | undefined;
  const looksLikeMessage = cut && /^\s*\{/.test(line) && /"jsonrpc"\s*:\s*"2\.0"/.test(line);
  if (looksLikeMessage || (typeof m === "object" && m !== null && m.jsonrpc === "2.0")) {
    record.messages++;
    return;
  }
  record.strayCount++;
  if (record.strayStdout.length < 3) record.strayStdout.push(line.slice(0, 200));
}

/**
 * A transport factory for a stdio server. It is the SDK's own `StdioClientTransport`, untouched:
 * a dual-era client then probes `server/discover` on a short-lived sibling process, so a legacy
 * server that exits on the unknown request costs nothing (that probe is not on this wire). The
 * command runs under `stdio-group.mjs` (not on Windows, which has no process groups), so the
 * server and anything it starts end together; the sibling, built by the SDK from the same
 * parameters, runs under it too.
 */
export function stdioTransport(
  command: string,
  options: StdioTransportOptions = {},
): TransportFactory {
  const [file, ...args] = splitCommand(command);
  if (!file) throw new Error("empty command");
  const grouped = process.platform !== "win32";
  return () => {
    const t = new StdioClientTransport({
      command: grouped ? process.execPath : file,
      args: grouped
        ? [
            GROUP_WRAPPER,
            ...(options.processes ? ["--group-file", options.processes.groupFile] : []),
            file,
            ...args,
          ]
        : args,
      cwd: options.cwd,
      env: options.env,
      stderr: "pipe",
    });
    t.stderr?.on("data", (chunk: Buffer) => options.onStderr?.(chunk.toString("utf8")));
    const processes = options.processes;
    if (processes) {
      // An own property on this instance (the SDK looks for its exact class on the prototype).
      const start = t.start.bind(t);
      t.start = async () => {
        // A review stopped (out of time, interrupted) while the SDK was still connecting.
        if (processes.stopped) throw new Error("the review was stopped before this server started");
        await start();
        // The SDK keeps the child private; it is read here only to watch it, never to drive it.
        const child = (t as unknown as { _process?: ChildProcess })._process;
        if (child) processes.track(child);
      };
    }
    return t;
  };
}
