/** Child processes of the grid: a host's own server, started in its own process group. Node only. */
import { spawn, type SpawnOptions } from "node:child_process";
import { createWriteStream } from "node:fs";
import { createServer } from "node:net";

export interface Started {
  /** The first match of `ready` in the process's output. */
  match: RegExpExecArray;
  stop(): void;
}

/**
 * Spawns `command args` (output to `log`) and resolves once a line of its output matches `ready`;
 * rejects when it exits first or `timeoutMs` passes, naming the log.
 */
export function startProcess(
  command: string,
  args: string[],
  o: SpawnOptions & { log: string; ready: RegExp; timeoutMs?: number },
): Promise<Started> {
  const child = spawn(command, args, { ...o, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(o.log);
  const stop = () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(
          `${command} did not get ready within ${(o.timeoutMs ?? 90_000) / 1000} s; see ${o.log}`,
        ),
      );
    }, o.timeoutMs ?? 90_000);
    const watch = (chunk: Buffer) => {
      log.write(chunk);
      seen += chunk.toString("utf8");
      // Terminal colours are not part of a URL.
      const m = o.ready.exec(seen.replace(/\u001b\[[0-9;]*m/g, ""));
      if (m) {
        clearTimeout(timer);
        resolve({ match: m, stop });
      }
    };
    child.stdout!.on("data", watch);
    child.stderr!.on("data", watch);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before it was ready; see ${o.log}`));
    });
  });
}

/** A TCP port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
