/**
 * The demo view: an MCP App that speaks the bridge protocol itself (JSON-RPC 2.0 over postMessage
 * to its parent, the sandbox proxy), bundled into one HTML document by scripts/build-views.ts. It
 * shows its tool input and result and offers one control per thing a host decides about: tool
 * calls, fetches, images, frames, permissions and bridge requests. Every control reports what
 * happened in #log, so learners (and tests) see the browser's verdict.
 *
 * It does what ext-apps' App does for a view (ui/initialize, then ui/notifications/initialized;
 * answers ui/resource-teardown and ping; follows host-context changes; reports its size), in a
 * few KB rather than the SDK's bundle with its schemas, so the document starts at once: the SDK is
 * not what this view demonstrates (lessons teach App; the host side of the simulator is the SDK's
 * AppBridge). Only the types come from ext-apps.
 */
import type {
  McpUiHostContext,
  McpUiInitializeResult,
  McpUiResourceTeardownResult,
} from "@modelcontextprotocol/ext-apps";
import type { CallToolResult } from "@modelcontextprotocol/client";

/** The simulator's own instructions to this view: not part of MCP Apps, and shown as such. */
interface ViewArgs {
  viewAction?: { callTool: string; arguments?: Record<string, unknown> };
  toolsToTry?: string[];
}
const PLUMBING = ["viewAction", "toolsToTry"] as const;

/**
 * Follows the host's theme and style variables, as any MCP App should: what ext-apps'
 * applyDocumentTheme and applyHostStyleVariables do.
 */
function applyHostContext(ctx: Partial<McpUiHostContext> | undefined) {
  const root = document.documentElement;
  if (ctx?.theme) {
    root.setAttribute("data-theme", ctx.theme);
    root.style.colorScheme = ctx.theme;
  }
  for (const [name, value] of Object.entries(ctx?.styles?.variables ?? {}))
    if (value !== undefined) root.style.setProperty(name, value);
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

/** The bridge protocol version this view speaks (the Apps spec of 2026-01-26). */
const PROTOCOL_VERSION = "2026-01-26";

interface RpcMessage {
  jsonrpc: "2.0";
  id?: number | string;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: number; message: string };
}

/** JSON-RPC over postMessage to the parent (the proxy relays to the host, SBX-2). */
const bridge = (() => {
  let nextId = 1;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const post = (msg: RpcMessage) => window.parent.postMessage(msg, "*");
  const handlers = new Map<string, (params: Record<string, unknown>) => unknown>();
  window.addEventListener("message", (event) => {
    // Only the parent speaks to this view; anything else is not the host.
    if (event.source !== window.parent) return;
    const msg = event.data as RpcMessage;
    if (!msg || msg.jsonrpc !== "2.0") return;
    if (msg.method === undefined) {
      const waiting = typeof msg.id === "number" ? pending.get(msg.id) : undefined;
      if (!waiting) return;
      pending.delete(msg.id as number);
      if (msg.error) waiting.reject(new Error(msg.error.message));
      else waiting.resolve(msg.result);
      return;
    }
    const handler = handlers.get(msg.method);
    if (msg.id === undefined) {
      handler?.(msg.params ?? {});
      return;
    }
    const id = msg.id;
    if (!handler) {
      post({
        jsonrpc: "2.0",
        id,
        error: { code: -32601, message: `Method not found: ${msg.method}` },
      });
      return;
    }
    void Promise.resolve()
      .then(() => handler(msg.params ?? {}))
      .then(
        (result) => post({ jsonrpc: "2.0", id, result: result ?? {} }),
        (e: unknown) =>
          post({ jsonrpc: "2.0", id, error: { code: -32603, message: (e as Error).message } }),
      );
  });
  return {
    request<T>(method: string, params: Record<string, unknown>): Promise<T> {
      const id = nextId++;
      const answer = new Promise<T>((resolve, reject) =>
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject }),
      );
      post({ jsonrpc: "2.0", id, method, params });
      return answer;
    },
    notify(method: string, params: Record<string, unknown>) {
      post({ jsonrpc: "2.0", method, params });
    },
    on(method: string, handler: (params: Record<string, unknown>) => unknown) {
      handlers.set(method, handler);
    },
  };
})();

/** What this view asks of its host, as ext-apps' App would send it. */
const app = {
  callServerTool: (params: { name: string; arguments: Record<string, unknown> }) =>
    bridge.request<CallToolResult>("tools/call", params),
  sendMessage: (params: { role: "user"; content: { type: "text"; text: string }[] }) =>
    bridge.request("ui/message", params),
  updateModelContext: (params: { content: { type: "text"; text: string }[] }) =>
    bridge.request("ui/update-model-context", params),
  requestDisplayMode: (params: { mode: "inline" | "fullscreen" | "pip" }) =>
    bridge.request<{ mode: string }>("ui/request-display-mode", params),
  sendSizeChanged: (params: { width?: number; height?: number }) =>
    bridge.notify("ui/notifications/size-changed", params),
  sendLog: (params: { level: string; data: unknown }) =>
    bridge.notify("notifications/message", params),
};

let pendingAction: ViewArgs["viewAction"];
/** The host context as this view last knew it: the initialize result, then each change merged. */
let hostContext: Partial<McpUiHostContext> = {};

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

/**
 * The tools this view's own server has for it (the document's companion-tools meta, filled in by
 * the server that serves it; empty in the simulator, whose agent passes toolsToTry instead). Read
 * as data: only lower_snake_case names, as the scenario format allows.
 */
function companionTools(): string[] {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="companion-tools"]');
  return (meta?.content ?? "").split(/\s+/).filter((n) => /^[a-z][a-z0-9_]*$/.test(n));
}
const offered = new Set<string>();

/** The partial inputs seen so far (BRG-3): each field's last value, and how many parts came. */
const previewSeen = new Map<string, string>();
let previewParts = 0;

bridge.on("ui/notifications/tool-input", (params) => {
  const args = params.arguments as Record<string, unknown> | undefined;
  const a = (args ?? {}) as ViewArgs;
  // The tool's own input, without the simulator's instructions, which are shown apart, labelled.
  const own = Object.fromEntries(
    Object.entries(args ?? {}).filter(([k]) => !(PLUMBING as readonly string[]).includes(k)),
  );
  $("input").textContent = JSON.stringify(own, null, 2);
  if (previewParts) $("status").textContent = "input received";
  if (previewParts)
    $("preview-status").textContent =
      `The whole input has arrived (after ${previewParts} partial${previewParts === 1 ? "" : "s"}): see Tool input.`;
  const plumbing = Object.fromEntries(
    Object.entries(args ?? {}).filter(([k]) => (PLUMBING as readonly string[]).includes(k)),
  );
  if (Object.keys(plumbing).length) {
    $("plumbing").hidden = false;
    $("plumbing-json").textContent = JSON.stringify(plumbing, null, 2);
  }
  pendingAction = a.viewAction;
  // The tools to offer: the simulator's, then those the document names, each once (tool-input
  // arrives once per run, SBX-5; a name offered already is not offered again).
  for (const name of [...(a.toolsToTry ?? []), ...companionTools()])
    if (!offered.has(name)) {
      offered.add(name);
      button(`Call ${name}`, `call-${name}`, () => callTool(name));
    }
});

bridge.on("ui/notifications/tool-result", (params) => {
  const result = params as unknown as CallToolResult;
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
});

/**
 * BRG-3: partial input is a preview, never a basis for action (no buttons, no calls: those wait
 * for tool-input). The spec asks a view to cope with fields missing from a part or changed in the
 * next (apps-2026-01-26 line 1143; no rule of ours names that SHOULD): every field seen so far is
 * listed, marked when this part lacks it or changed it, and anything that is not an object is
 * shown as "nothing usable yet" rather than trusted.
 */
bridge.on("ui/notifications/tool-input-partial", (params) => {
  previewParts++;
  const raw = params.arguments;
  const args =
    typeof raw === "object" && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : {};
  $("preview").hidden = false;
  $("preview").dataset.parts = String(previewParts);
  const fields = $("preview-fields");
  fields.replaceChildren();
  const own = Object.keys(args).filter((k) => !(PLUMBING as readonly string[]).includes(k));
  for (const key of new Set([...previewSeen.keys(), ...own])) {
    const dt = document.createElement("dt");
    dt.textContent = key;
    const dd = document.createElement("dd");
    if (!(key in args)) {
      dd.textContent = `${previewSeen.get(key)} (not in this part)`;
      dd.dataset.state = "missing";
    } else {
      const value = JSON.stringify(args[key]) ?? String(args[key]);
      const before = previewSeen.get(key);
      dd.dataset.state = before === undefined ? "new" : before === value ? "same" : "changed";
      dd.textContent = dd.dataset.state === "changed" ? `${value} (was ${before})` : value;
      previewSeen.set(key, value);
    }
    fields.append(dt, dd);
  }
  $("preview-status").textContent = own.length
    ? `Part ${previewParts}: ${own.length} field${own.length === 1 ? "" : "s"} so far.`
    : `Part ${previewParts}: nothing usable yet.`;
  $("status").textContent = "receiving input";
});

// BRG-3: the call was cancelled; no result will come. The reason is the host's, shown as text.
bridge.on("ui/notifications/tool-cancelled", (params) => {
  const reason = typeof params.reason === "string" ? params.reason : "no reason given";
  $("status").textContent = `cancelled: ${reason}`;
  $("status").dataset.cancelled = "1";
  log(`tool call cancelled: ${reason}`, { probe: "cancelled", outcome: "cancelled" });
});

// BRG-3: the host asks before it removes the view, and waits for this answer.
bridge.on("ui/resource-teardown", (): McpUiResourceTeardownResult => {
  $("status").textContent = "torn down";
  return {};
});
bridge.on("ping", () => ({}));

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
  // BRG-6: a view MUST check the host's availableDisplayModes before it asks for a mode.
  const offered = hostContext.availableDisplayModes ?? [];
  if (!offered.includes("fullscreen")) {
    log(
      `fullscreen not requested: the host offers ${offered.join(", ") || "no display mode"} (availableDisplayModes)`,
      { probe: "display-mode", outcome: "not-offered" },
    );
    return;
  }
  const r = await app.requestDisplayMode({ mode: "fullscreen" });
  // BRG-6: the result may differ from the request.
  log(`ui/request-display-mode fullscreen → ${r.mode}`, { probe: "display-mode", outcome: r.mode });
});
button("Grow", "grow", async () => {
  $("media").style.minHeight = `${($("media").offsetHeight || 0) + 120}px`;
  await app.sendSizeChanged({ height: document.documentElement.scrollHeight });
  log("ui/notifications/size-changed sent", { probe: "size", outcome: "completed" });
});

bridge.on("ui/notifications/host-context-changed", (ctx) => {
  hostContext = { ...hostContext, ...(ctx as Partial<McpUiHostContext>) };
  applyHostContext(ctx as Partial<McpUiHostContext>);
});

/** Reports the document's height once per frame when it changes, as App's autoResize does (BRG-7). */
function followSize() {
  let queued = false;
  let width = 0;
  let height = 0;
  const measure = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      const root = document.documentElement;
      const before = root.style.height;
      root.style.height = "max-content";
      const h = Math.ceil(root.getBoundingClientRect().height);
      root.style.height = before;
      const w = Math.ceil(window.innerWidth);
      if (w !== width || h !== height) {
        width = w;
        height = h;
        app.sendSizeChanged({ width: w, height: h });
      }
    });
  };
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(document.documentElement);
  observer.observe(document.body);
}

// BRG-2: ui/initialize first, then ui/notifications/initialized; nothing else before.
bridge
  .request<McpUiInitializeResult>("ui/initialize", {
    appInfo: { name: "academy-demo-view", version: "1.0.0" },
    appCapabilities: { availableDisplayModes: ["inline", "fullscreen"] },
    protocolVersion: PROTOCOL_VERSION,
  })
  .then((init) => {
    bridge.notify("ui/notifications/initialized", {});
    hostContext = { ...init.hostContext };
    applyHostContext(init.hostContext);
    $("status").textContent = "initialized";
    followSize();
  })
  .catch((e: unknown) => {
    $("status").textContent = `connect failed: ${(e as Error).message}`;
  });
