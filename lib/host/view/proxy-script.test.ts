/**
 * The sandbox proxy page's own script (public/sandbox/proxy.js), run in a bare VM with two fake
 * neighbours: the host (window.parent) and the view's frame. What it posts is compared with
 * what it was given, message by message.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { serialize } from "node:v8";
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
  let listener: ((e: unknown) => void) | undefined;
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
  const stubs = domStubs();
  const context = vm.createContext({
    window,
    ...stubs,
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
  // A posted message arrives as a copy made in the receiving realm (here, the proxy's VM).
  const intoRealm = vm.runInContext(
    `(function copy(v) {
      if (v === null || typeof v !== "object") return v;
      if (ArrayBuffer.isView(v)) return new globalThis[v.constructor.name](v);
      if (Array.isArray(v)) return v.map(copy);
      const o = {};
      for (const k of Object.keys(v)) o[k] = copy(v[k]);
      return o;
    })`,
    context,
  ) as (v: unknown) => unknown;
  const event = (data: unknown, source: unknown, origin: string, ports: unknown[] = []) =>
    new stubs.MessageEvent({ data: intoRealm(data), source, origin, ports });
  return {
    toHost,
    toView,
    event,
    fromHost: (data: unknown, ports?: unknown[]) => listener!(event(data, parent, HOST, ports)),
    fromHostEvent: (e: unknown) => listener!(e),
    fromView: (data: unknown) => listener!(event(data, viewWindow, SANDBOX)),
    /** A message as it reaches the proxy when script in its document made it (no copy). */
    fromViewUncopied: (data: unknown) =>
      listener!(new stubs.MessageEvent({ data, source: viewWindow, origin: SANDBOX, ports: [] })),
    context,
  };
}

/** A MessagePort of the host's: what the proxy posts on it, and a way to post to the proxy. */
class FakePort {
  posted: unknown[] = [];
  private listeners: ((e: unknown) => void)[] = [];
  started = false;
  postMessage(m: unknown) {
    this.posted.push(m);
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    if (type === "message") this.listeners.push(fn);
  }
  start() {
    this.started = true;
  }
  deliver(e: unknown) {
    for (const fn of this.listeners) fn(e);
  }
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
      const own =
        this instanceof FakePort
          ? FakePort.prototype.addEventListener
          : Object.getOwnPropertyDescriptor(this ?? {}, "addEventListener")?.value;
      if (typeof own === "function") own.apply(this, args);
    },
    writable: true,
    configurable: true,
  });
  class MutationObserver {
    observe() {}
  }
  // The proxy reads events through MessageEvent's getters, taken at start.
  class MessageEvent {
    #init: { data: unknown; source: unknown; origin: string; ports: unknown[] };
    constructor(init: { data: unknown; source: unknown; origin: string; ports: unknown[] }) {
      this.#init = init;
    }
    get data() {
      return this.#init.data;
    }
    get source() {
      return this.#init.source;
    }
    get origin() {
      return this.#init.origin;
    }
    get ports() {
      return this.#init.ports;
    }
  }
  // The proxy calls a port's methods through the prototype's, taken at start.
  const MessagePort = function () {} as unknown as { prototype: object };
  MessagePort.prototype = {
    postMessage(this: FakePort, m: unknown) {
      FakePort.prototype.postMessage.call(this, m);
    },
    start(this: FakePort) {
      FakePort.prototype.start.call(this);
    },
  };
  return {
    MessageEvent,
    MessagePort,
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
    // Compared as posted, byte for byte (the proxy's copies live in its own realm).
    relayed.forEach((m, i) => expect(serialize(m).equals(serialize(accepted[i]))).toBe(true));
  });

  it("announces that it takes a port before sandbox-proxy-ready, and with the host's port carries every later message both ways on it, dropping unread whatever reaches its window as the host's (issue #39)", () => {
    const p = startProxy();
    expect(
      p.toHost.map(
        (m) =>
          (m as Record<string, { type?: string }>)[INSTRUMENTATION]?.type ??
          (m as { method?: string }).method,
      ),
    ).toEqual(["self-test", "port-offer", "ui/notifications/sandbox-proxy-ready"]);
    const port = new FakePort();
    p.fromHost(
      {
        jsonrpc: "2.0",
        method: "ui/notifications/sandbox-resource-ready",
        params: { html: "<!doctype html><html><body></body></html>" },
      },
      [port],
    );
    expect(port.started).toBe(true);
    const windowBefore = p.toHost.length;
    const init = { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} };
    p.fromView(init);
    port.deliver(p.event({ jsonrpc: "2.0", id: 1, result: {} }, null, ""));
    expect(rpc(port.posted)).toEqual([init]);
    expect(rpc(p.toView)).toEqual([{ jsonrpc: "2.0", id: 1, result: {} }]);
    // The proxy's reports go on the port too: nothing more is posted to the host's window.
    expect(port.posted.some((m) => INSTRUMENTATION in (m as object))).toBe(true);
    expect(p.toHost).toHaveLength(windowBefore);
    // A message on the window that claims to be the host's is not read at all now.
    let reads = 0;
    const forged = p.event({ jsonrpc: "2.0", method: "ping", id: 2 }, undefined, HOST);
    Object.defineProperty(forged, "data", {
      get() {
        reads++;
        return {};
      },
    });
    p.fromHostEvent(forged);
    expect(reads).toBe(0);
    expect(p.toView).toHaveLength(1);
  });

  it("measures what it relays without running the view's script: prototypes patched in its realm, accessors and values JSON cannot hold do not carry an oversized message past it (issue #39)", () => {
    const p = startProxy();
    const port = new FakePort();
    p.fromHost(
      {
        jsonrpc: "2.0",
        method: "ui/notifications/sandbox-resource-ready",
        params: { html: "<!doctype html><html><body></body></html>" },
      },
      [port],
    );
    const windowBefore = p.toHost.length;
    // What script the view puts in the proxy document can do to that realm.
    vm.runInContext(
      `Object.defineProperty(Object.getPrototypeOf(Uint8Array.prototype), "byteLength", { get() { return 0; } });
       for (let i = 0; i < 8; i++) Object.defineProperty(Array.prototype, i, { set() {}, get() { return undefined; }, configurable: true });
       Object.defineProperty(Object.prototype, "method", { get() { return "ui/notifications/initialized"; }, configurable: true });
       MessagePort.prototype.postMessage = function () {};`,
      p.context,
    );
    const big = MAX_MESSAGE_BYTES + 10;
    p.fromView({ jsonrpc: "2.0", method: "x/bytes", params: { data: new Uint8Array(big) } });
    p.fromView({ jsonrpc: "2.0", method: "x/array", params: { data: ["s".repeat(big)] } });
    // A Map and a String object have no own keys to count, however much they hold.
    const inRealm = (code: string) => vm.runInContext(code, p.context) as unknown;
    p.fromViewUncopied(
      inRealm(
        `({ jsonrpc: "2.0", method: "x/map", params: { data: new Map([["k", "m".repeat(${big})]]) } })`,
      ),
    );
    p.fromViewUncopied(
      inRealm(
        `({ jsonrpc: "2.0", method: "x/wrapper", params: { data: new String("w".repeat(${big})) } })`,
      ),
    );
    // An accessor would answer small while measured and large when posted.
    p.fromViewUncopied(
      inRealm(
        `(() => { let n = 0; return { jsonrpc: "2.0", method: "x/getter", get params() { return n++ ? { data: "g".repeat(${big}) } : {}; } }; })()`,
      ),
    );
    // Whichever channel carried them (a proxy without the port used the window).
    const posted = [...p.toHost.slice(windowBefore), ...port.posted];
    const notices = posted.map(
      (m) => (m as Record<string, { type?: string }>)[INSTRUMENTATION]?.type,
    );
    expect(notices.filter((t) => t === "oversized-message")).toHaveLength(5);
    expect(rpc(posted)).toEqual([]);
    for (const m of posted)
      expect(sizeUpTo(structuredClone(m), MAX_MESSAGE_BYTES)).toBeLessThan(300);
  });
});
