/**
 * One conformance server process for one host and one run: `npm run conformance-server -- --http 0
 * --once --out <file>`, its stderr kept in a log file and watched for the port it listens on and
 * for the reports its views send. Node only.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import type { ConformanceReport } from "../../lib/conformance/types";

export interface ServerRun {
  /** http://127.0.0.1:PORT, the server's own origin (hosts are given the pass-through instead). */
  origin: string;
  /** Resolves with the first report of a run of `tool` (negative controls aside). */
  firstReport(timeoutMs: number): Promise<ConformanceReport>;
  /** Resolves when a report of that run arrives in which `done` holds (an amended report). */
  reportWhere(
    run: string,
    done: (r: ConformanceReport) => boolean,
    timeoutMs: number,
  ): Promise<ConformanceReport | undefined>;
  /** The process's exit code (0, 1 or 2: scripts/usage.ts). */
  exited: Promise<number | null>;
  stop(): void;
}

export interface ServerOptions {
  out: string;
  log: string;
  allowOrigins: string[];
  timeoutS: number;
  lingerS: number;
}

function killGroup(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

/** Starts the server; resolves once it listens. */
export function startConformanceServer(o: ServerOptions): Promise<ServerRun> {
  const args = [
    "run",
    "--silent",
    "conformance-server",
    "--",
    "--http",
    "0",
    "--once",
    "--out",
    o.out,
  ];
  for (const origin of o.allowOrigins) args.push("--allow-origin", origin);
  args.push("--timeout", String(o.timeoutS), "--linger", String(o.lingerS));
  // Its own process group, so stopping it stops npm, tsx and node together.
  const child = spawn("npm", args, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(o.log);
  child.stdout.pipe(log);
  const reports: ConformanceReport[] = [];
  const waiters = new Set<() => void>();
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let pending = "";
  let origin: string | undefined;
  let listening: (origin: string) => void = () => {};
  child.stderr.on("data", (chunk: Buffer) => {
    log.write(chunk);
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(line);
      if (port && !origin) listening((origin = `http://127.0.0.1:${port[1]}`));
      if (line.startsWith('{"conformanceReport":')) {
        try {
          reports.push(
            (JSON.parse(line) as { conformanceReport: ConformanceReport }).conformanceReport,
          );
        } catch {
          continue;
        }
        for (const w of waiters) w();
      }
    }
  });
  const waitFor = <T>(find: () => T | undefined, timeoutMs: number): Promise<T | undefined> =>
    new Promise((resolve) => {
      const look = () => {
        const found = find();
        if (found === undefined) return;
        waiters.delete(look);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        resolve(undefined);
      }, timeoutMs);
      waiters.add(look);
      void exited.then(() => {
        waiters.delete(look);
        clearTimeout(timer);
        resolve(find());
      });
      look();
    });
  return new Promise((resolve, reject) => {
    const early = setTimeout(
      () => reject(new Error("the conformance server did not start within 60 s")),
      60_000,
    );
    void exited.then((code) =>
      reject(new Error(`the conformance server exited (${code}) before listening; see ${o.log}`)),
    );
    listening = (at) => {
      clearTimeout(early);
      resolve({
        origin: at,
        firstReport: async (timeoutMs) => {
          const r = await waitFor(() => reports.find((x) => !x.negativeControl), timeoutMs);
          if (!r) throw new Error(`no report from the view within ${timeoutMs / 1000} s`);
          return r;
        },
        reportWhere: (run, done, timeoutMs) =>
          waitFor(() => reports.filter((x) => x.run === run).find(done), timeoutMs),
        exited,
        stop: () => killGroup(child),
      });
    };
  });
}
