// Runs one stdio MCP server in a process group of its own and ends that whole group with it:
//   node stdio-group.mjs [--group-file <path>] <command> [args...]
// The review's stdio transport starts every server through this (Node's spawn cannot be told to
// by the SDK's transport), so a server that ignores its stdin closing, or leaves children behind
// (npx, tsx, a shell script), cannot outlive the review:
// - stdin is passed through; when it ends (the client closed, or the client process died) the
//   server's stdin is closed too, and a server still running 2 s later gets SIGTERM, then SIGKILL;
// - SIGTERM, SIGINT or SIGHUP to this process: SIGTERM to the group at once, SIGKILL 0.25 s
//   later (well inside the second the SDK gives a probe sibling before it SIGKILLs this process);
// - when the server exits, whatever is left in its group is killed, and this process exits the
//   same way (same code, or the same signal) so the client can tell what happened.
// - with --group-file, the group's id is appended to that file, so the client can end the group
//   itself even when it never saw this process (the SDK's probe sibling runs through here too).
// stdout and stderr are the server's own (inherited), so the JSON-RPC stream is not touched.
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";

let argv = process.argv.slice(2);
let groupFile;
if (argv[0] === "--group-file") {
  groupFile = argv[1];
  argv = argv.slice(2);
}
const [file, ...args] = argv;
if (!file) {
  process.stderr.write("usage: node stdio-group.mjs <command> [args...]\n");
  process.exit(2);
}

const child = spawn(file, args, { stdio: ["pipe", "inherit", "inherit"], detached: true });
if (groupFile && child.pid) {
  try {
    appendFileSync(groupFile, `${child.pid}\n`);
  } catch {
    // The client has finished and removed the file: it will not look again.
  }
}
const group = (signal) => {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
};

// Ending is a deadline that can only come sooner: stdin closing allows 2 s, a signal none.
let endAt = Infinity;
let timers = [];
function end(graceMs) {
  if (Date.now() + graceMs >= endAt) return;
  endAt = Date.now() + graceMs;
  for (const t of timers) clearTimeout(t);
  const term = () => group("SIGTERM");
  if (graceMs === 0) term();
  timers = [setTimeout(term, graceMs), setTimeout(() => group("SIGKILL"), graceMs + 250)];
}

child.on("error", (error) => {
  process.stderr.write(`could not start ${file}: ${error.message}\n`);
  process.exit(127);
});
child.stdin.on("error", () => {});
process.stdin.pipe(child.stdin);
process.stdin.on("end", () => end(2000));
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => end(0));

child.on("exit", (code, signal) => {
  group("SIGKILL");
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    setTimeout(() => process.exit(128), 200);
  } else {
    process.exit(code ?? 1);
  }
});
