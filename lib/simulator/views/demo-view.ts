/**
 * The demo view: an MCP App built with ext-apps' App, bundled into one HTML document by
 * scripts/build-views.ts. It shows its tool input and result and offers one control per thing a
 * host decides about: tool calls, fetches, images, frames, permissions and bridge requests.
 * Every control reports what happened in #log, so learners (and tests) see the browser's verdict.
 */
// First: zod must be jitless before ext-apps builds its schemas (see zod-jitless.ts).
import "./zod-jitless";
import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
} from "@modelcontextprotocol/ext-apps";

/** The simulator's own instructions to this view: not part of MCP Apps, and shown as such. */
interface ViewArgs {
  viewAction?: { callTool: string; arguments?: Record<string, unknown> };
  toolsToTry?: string[];
}
const PLUMBING = ["viewAction", "toolsToTry"] as const;

/** Follows the host's theme and style variables, as any MCP App should. */
function applyHostContext(ctx: Partial<McpUiHostContext> | undefined) {
  if (ctx?.theme) applyDocumentTheme(ctx.theme);
  if (ctx?.styles?.variables) applyHostStyleVariables(ctx.styles.variables);
}

const $ = (id: string) => document.getElementById(id)!;
const log = (line: string, data?: Record<string, string>) => {
  const li = document.createElement("li");
  li.textContent = line;
  for (const [k, v] of Object.entries(data ?? {})) li.dataset[k] = v;
  $("log").prepend(li);
};
const port = location.port ? `:${location.port}` : "";
const external = (name: string) => `${location.protocol}//${name}.localhost${port}`;

const app = new App(
  { name: "academy-demo-view", version: "1.0.0" },
  { availableDisplayModes: ["inline", "fullscreen"] },
  { autoResize: true },
);

let pendingAction: ViewArgs["viewAction"];

function button(label: string, testId: string, onClick: () => Promise<void> | void) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.dataset.testid = testId;
  b.addEventListener("click", () => {
    void Promise.resolve(onClick()).catch((e: unknown) =>
      log(`${label}: error ${(e as Error).message}`, { outcome: "error" }),
    );
  });
  $("controls").append(b);
}

async function callTool(name: string, args: Record<string, unknown> = {}) {
  const result = await app.callServerTool({ name, arguments: args });
  const text = result.content?.map((c) => ("text" in c ? c.text : c.type)).join(" ") ?? "";
  log(`tools/call ${name}: ${result.isError ? "refused or failed" : "ok"} — ${text}`, {
    tool: name,
    outcome: result.isError ? "error" : "ok",
  });
}

app.ontoolinput = ({ arguments: args }) => {
  const a = (args ?? {}) as ViewArgs;
  // The tool's own input, without the simulator's instructions, which are shown apart, labelled.
  const own = Object.fromEntries(
    Object.entries(args ?? {}).filter(([k]) => !(PLUMBING as readonly string[]).includes(k)),
  );
  $("input").textContent = JSON.stringify(own, null, 2);
  const plumbing = Object.fromEntries(
    Object.entries(args ?? {}).filter(([k]) => (PLUMBING as readonly string[]).includes(k)),
  );
  if (Object.keys(plumbing).length) {
    $("plumbing").hidden = false;
    $("plumbing-json").textContent = JSON.stringify(plumbing, null, 2);
  }
  pendingAction = a.viewAction;
  for (const name of a.toolsToTry ?? [])
    button(`Call ${name}`, `call-${name}`, () => callTool(name));
};

app.ontoolresult = (result) => {
  $("result-content").textContent =
    (result.content ?? []).map((c) => ("text" in c ? c.text : `[${c.type}]`)).join("\n") ||
    "(no text content)";
  $("result").textContent = JSON.stringify(result.structuredContent ?? {}, null, 2);
  $("status").textContent = "result received";
  $("status").dataset.result = "1";
  // Lets the host time delivery; notifications/message is an ordinary bridge message (BRG-4).
  void app.sendLog({ level: "info", data: "tool-result received" });
  const action = pendingAction;
  pendingAction = undefined;
  if (action) void callTool(action.callTool, action.arguments);
};

app.onteardown = async () => {
  $("status").textContent = "torn down";
  return {};
};

button("Fetch declared API", "fetch-declared", async () => {
  try {
    const r = await fetch(`${external("api")}/sim-api`);
    log(`fetch ${external("api")}: ${r.status}`, { probe: "fetch-declared", outcome: "completed" });
  } catch {
    log(`fetch ${external("api")}: blocked`, { probe: "fetch-declared", outcome: "blocked" });
  }
});
button("Fetch undeclared origin", "fetch-undeclared", async () => {
  try {
    const r = await fetch(`${external("evil")}/sim-api`);
    log(`fetch ${external("evil")}: ${r.status}`, {
      probe: "fetch-undeclared",
      outcome: "completed",
    });
  } catch {
    log(`fetch ${external("evil")}: blocked`, { probe: "fetch-undeclared", outcome: "blocked" });
  }
});
button("Load CDN image", "load-image", () => {
  const img = new Image();
  img.alt = "CDN pixel";
  img.onload = () => log("image from cdn: loaded", { probe: "image", outcome: "completed" });
  img.onerror = () => log("image from cdn: blocked", { probe: "image", outcome: "blocked" });
  img.src = `${external("cdn")}/sim-cdn/pixel.svg`;
  $("media").append(img);
});
button("Open nested frame", "open-frame", () => {
  const f = document.createElement("iframe");
  f.title = "Nested frame";
  f.src = `${external("frames")}/sim-frame.html`;
  f.onload = () =>
    log("nested frame: load event (blocked frames load an error page)", { probe: "frame" });
  $("media").append(f);
});
button("Write clipboard", "clipboard", async () => {
  if (!navigator.clipboard?.writeText)
    return log("clipboard: API not available", { probe: "clipboard", outcome: "unavailable" });
  try {
    await navigator.clipboard.writeText("hello from the view");
    log("clipboard: written", { probe: "clipboard", outcome: "completed" });
  } catch (e) {
    log(`clipboard: refused (${(e as Error).name})`, { probe: "clipboard", outcome: "blocked" });
  }
});
button("Use camera", "camera", async () => {
  // PERM-3: feature-detect, never assume a grant.
  if (!navigator.mediaDevices?.getUserMedia)
    return log("camera: API not available", { probe: "camera", outcome: "unavailable" });
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true });
    stream.getTracks().forEach((t) => t.stop());
    log("camera: granted", { probe: "camera", outcome: "completed" });
  } catch (e) {
    log(`camera: refused (${(e as Error).name})`, { probe: "camera", outcome: "blocked" });
  }
});
button("Send ui/message", "message", async () => {
  await app.sendMessage({ role: "user", content: [{ type: "text", text: "Show me more." }] });
  log("ui/message sent", { probe: "message", outcome: "completed" });
});
button("Update model context", "context", async () => {
  await app.updateModelContext({ content: [{ type: "text", text: "The user selected row 3." }] });
  log("ui/update-model-context sent", { probe: "context", outcome: "completed" });
});
button("Request fullscreen", "display-mode", async () => {
  const r = await app.requestDisplayMode({ mode: "fullscreen" });
  // BRG-6: the result may differ from the request.
  log(`ui/request-display-mode fullscreen → ${r.mode}`, { probe: "display-mode", outcome: r.mode });
});
button("Grow", "grow", async () => {
  $("media").style.minHeight = `${($("media").offsetHeight || 0) + 120}px`;
  await app.sendSizeChanged({ height: document.documentElement.scrollHeight });
  log("ui/notifications/size-changed sent", { probe: "size", outcome: "completed" });
});

app.onhostcontextchanged = (ctx) => applyHostContext(ctx);

void app
  .connect()
  .then(() => {
    applyHostContext(app.getHostContext());
    $("status").textContent = "initialized";
  })
  .catch((e: unknown) => {
    $("status").textContent = `connect failed: ${(e as Error).message}`;
  });
