/**
 * The sandbox proxy page's own script (public/sandbox/proxy.js), run in a bare VM with two fake
 * neighbours: the host (window.parent) and the view's frame. What it posts is compared with
 * what it was given, message by message.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { MAX_MESSAGE_BYTES, sizeUpTo } from "./proxy-transport";

const HOST = "http://localhost:3000";
const SANDBOX = "http://r-1.sandbox.localhost:3000";
const INSTRUMENTATION = "academy/instrumentation";

function startProxy() {
  const toHost: unknown[] = [];
  const toView: unknown[] = [];
  const parent = { postMessage: (m: unknown) => toHost.push(m) };
  const viewWindow = { postMessage: (m: unknown) => toView.push(m) };
  const attrs = new Map<string, string>();
  const iframe = {
    setAttribute: (k: string, v: string) => attrs.set(k, v),
    getAttribute: (k: string) => attrs.get(k) ?? null,
    contentWindow: viewWindow,
    contentDocument: {
      baseURI: SANDBOX,
      open() {},
      write() {},
      close() {},
      addEventListener() {},
    },
  };
  let listener: ((e: { data: unknown; source: unknown; origin: string }) => void) | undefined;
  const window = {
    parent,
    top: {
      get document(): never {
        throw new Error("SecurityError");
      },
    },
    addEventListener: (type: string, fn: typeof listener) => {
      if (type === "message") listener = fn;
    },
  };
  const context = vm.createContext({
    window,
    ...domStubs(),
    location: { origin: SANDBOX },
    document: { createElement: () => iframe, body: { appendChild() {} } },
    ACADEMY_HOST_ORIGIN: HOST,
    ACADEMY_MESSAGE_LIMIT: MAX_MESSAGE_BYTES,
    URL,
  });
  vm.runInContext(
    readFileSync(path.join(process.cwd(), "public/sandbox/proxy.js"), "utf8"),
    context,
  );
  return {
    toHost,
    toView,
    fromHost: (data: unknown) => listener!({ data, source: parent, origin: HOST }),
    fromView: (data: unknown) => listener!({ data, source: viewWindow, origin: SANDBOX }),
  };
}

/**
 * Just enough of the DOM's classes for the proxy's WebRTC sealing to set itself up in a bare VM:
 * prototypes with the getters and methods it captures at start, doing nothing. The relay, which
 * this file tests, never goes through them; the sealing itself is tested in Chromium
 * (e2e/webrtc.spec.ts).
 */
function domStubs() {
  const klass = (getters: string[], methods: string[] = []) => {
    const C = function () {} as unknown as { prototype: object };
    for (const g of getters)
      Object.defineProperty(C.prototype, g, { get: () => undefined, configurable: true });
    for (const m of methods)
      Object.defineProperty(C.prototype, m, {
        value: () => [],
        writable: true,
        configurable: true,
      });
    return C;
  };
  const EventTarget = klass([]);
  Object.defineProperty(EventTarget.prototype, "addEventListener", {
    // Delegates to an object's own addEventListener (the test's window captures "message").
    value(this: { addEventListener?: unknown }, ...args: unknown[]) {
      const own = Object.getOwnPropertyDescriptor(this ?? {}, "addEventListener")?.value;
      if (typeof own === "function") own.apply(this, args);
    },
    writable: true,
    configurable: true,
  });
  class MutationObserver {
    observe() {}
  }
  return {
    HTMLIFrameElement: klass(["contentWindow", "contentDocument"]),
    HTMLObjectElement: klass(["contentWindow", "contentDocument"]),
    Node: klass(
      ["nodeType", "parentNode", "nextSibling", "isConnected"],
      ["removeChild", "insertBefore"],
    ),
    Element: klass(
      ["localName", "shadowRoot", "innerHTML", "outerHTML"],
      ["querySelectorAll", "attachShadow", "getAttribute", "setAttribute", "setHTMLUnsafe"],
    ),
    DocumentFragment: klass([], ["querySelectorAll"]),
    HTMLTemplateElement: klass(["content"]),
    DocumentType: klass(["name"]),
    DOMParser: klass([], ["parseFromString"]),
    EventTarget,
    MutationObserver,
    MutationRecord: klass(["type", "target", "addedNodes"]),
    Window: klass(["frameElement", "length"]),
    Document: klass(
      ["defaultView", "doctype", "documentElement"],
      ["open", "write", "writeln", "querySelectorAll", "createElement"],
    ),
    DOMException: Error,
    queueMicrotask,
  };
}

/** JSON-RPC messages only: the proxy's instrumentation envelopes are a separate channel. */
const rpc = (posted: unknown[]) =>
  posted.filter((m) => !(m && typeof m === "object" && INSTRUMENTATION in m));

describe("the sandbox proxy script", () => {
  // Every message here is within the host's size limit. Above it our proxy withholds a view's
  // message (the test after next): host policy under SBX-6, which SBX-4 as written does not
  // allow for, so this test keeps its name and the departure is named where it is tested.
  it("originates only sandbox-proxy-ready and relays every other message unchanged both ways, creating no request of its own (SBX-3, SBX-4)", () => {
    const p = startProxy();
    const fromHost = [
      { jsonrpc: "2.0", id: 1, result: { protocolVersion: "2026-01-26", hostCapabilities: {} } },
      { jsonrpc: "2.0", method: "ui/notifications/tool-input", params: { arguments: { q: 1 } } },
      { jsonrpc: "2.0", id: 40, method: "ping" },
      { jsonrpc: "2.0", id: 41, method: "x-vendor/unknown", params: {} },
      { jsonrpc: "2.0", id: 42, method: "ui/resource-teardown", params: {} },
    ];
    const fromView = [
      { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: { appCapabilities: {} } },
      { jsonrpc: "2.0", method: "ui/notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "t", arguments: {} } },
      { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x" } },
      { jsonrpc: "2.0", id: 40, result: {} },
      { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} },
    ];
    p.fromHost({
      jsonrpc: "2.0",
      method: "ui/notifications/sandbox-resource-ready",
      params: { html: "<!doctype html><html><body></body></html>" },
    });
    p.fromView(fromView[0]);
    p.fromHost(fromHost[0]);
    p.fromView(fromView[1]);
    for (const m of fromHost.slice(1)) p.fromHost(m);
    for (const m of fromView.slice(2)) p.fromView(m);

    // To the host: its one own message first, then exactly what the view sent, minus sandbox-*.
    expect(rpc(p.toHost)).toEqual([
      { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} },
      ...fromView.slice(0, 5),
    ]);
    // To the view: exactly what the host sent after the HTML, and no sandbox-* message.
    expect(rpc(p.toView)).toEqual(fromHost);
    // No request reaches either side that the other side did not send.
    const requests = (ms: unknown[]) =>
      rpc(ms).filter(
        (m) => (m as { method?: string; id?: unknown }).method && "id" in (m as object),
      );
    expect(requests(p.toHost)).toEqual(requests(fromView));
    expect(requests(p.toView)).toEqual(requests(fromHost));
  });

  it("refuses a view's message above the host's size limit before relaying it, and tells the host on its instrumentation channel, never with a JSON-RPC message (host policy under SBX-6; SBX-4 as written has no such exception)", () => {
    const p = startProxy();
    p.fromHost({
      jsonrpc: "2.0",
      method: "ui/notifications/sandbox-resource-ready",
      params: { html: "<!doctype html><html><body></body></html>" },
    });
    const big = "x".repeat(MAX_MESSAGE_BYTES);
    p.fromView({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "t", data: big } });
    p.fromView({ jsonrpc: "2.0", method: "notifications/message", params: { data: big } });
    p.fromView({ jsonrpc: "2.0", id: "x".repeat(200), method: "ping", params: { data: big } });
    // Not one of them reaches the host as JSON-RPC: only the proxy's ready notification did.
    expect(rpc(p.toHost)).toEqual([
      { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} },
    ]);
    const notices = p.toHost
      .map((m) => (m as Record<string, { type?: string }>)[INSTRUMENTATION])
      .filter((r) => r?.type === "oversized-message");
    // Small notices: the limit, and the request's id when it is a number or a short string.
    expect(notices).toEqual([
      { type: "oversized-message", limit: MAX_MESSAGE_BYTES, id: 9 },
      { type: "oversized-message", limit: MAX_MESSAGE_BYTES },
      { type: "oversized-message", limit: MAX_MESSAGE_BYTES },
    ]);
    expect(JSON.stringify(notices).length).toBeLessThan(300);
  });

  it("measures a message as the host does: whatever the host would accept is relayed unchanged, whatever it would refuse is not", () => {
    const p = startProxy();
    p.fromHost({
      jsonrpc: "2.0",
      method: "ui/notifications/sandbox-resource-ready",
      params: { html: "<!doctype html><html><body></body></html>" },
    });
    const near = (n: number): unknown[] => [
      "s".repeat(n),
      { k: "s".repeat(n - 12) },
      Array.from({ length: Math.floor(n / 8) }, () => 1),
      new Uint8Array(n),
      { a: [null, true, "t".repeat(n - 40)], b: { c: new Float64Array(2) } },
    ];
    // Around the limit, each shape with its own overhead: some just fit, some just do not.
    const cases = [-300, -120, -90, -80, -77, -76, -75, -74, -60, -20, 0, 50].flatMap((d) =>
      near(MAX_MESSAGE_BYTES + d).map((data, i) => ({
        jsonrpc: "2.0",
        id: i,
        method: "x-test/size",
        params: { data },
      })),
    );
    // Walking stops at 100,000 values, as the host's does.
    cases.push({
      jsonrpc: "2.0",
      id: 99,
      method: "x-test/size",
      params: { data: Array.from({ length: 100_001 }, () => 0) as unknown as string },
    });
    const accepted = cases.filter((m) => sizeUpTo(m, MAX_MESSAGE_BYTES) <= MAX_MESSAGE_BYTES);
    expect(accepted.length).toBeGreaterThan(5);
    expect(accepted.length).toBeLessThan(cases.length - 5);
    for (const m of cases) p.fromView(m);
    const relayed = rpc(p.toHost).slice(1);
    expect(relayed).toHaveLength(accepted.length);
    relayed.forEach((m, i) => expect(m).toBe(accepted[i]));
  });
});
