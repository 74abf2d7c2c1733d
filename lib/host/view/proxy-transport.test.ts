import type { JSONRPCMessage } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { Trace } from "./trace";
import {
  createLimits,
  FOREIGN_TRACED,
  MAX_BYPASSES,
  MAX_BYTES_PER_SECOND,
  MAX_MESSAGE_BYTES,
  MAX_OVERSIZED,
  ProxyTransport,
  sizeUpTo,
} from "./proxy-transport";

const SANDBOX = "http://sandbox.localhost:3000";
const proxyWindow = { postMessage: () => {} } as unknown as Window;
const spareWindow = { postMessage: () => {} } as unknown as Window;
const ready = { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} };

function post(target: EventTarget, data: unknown, source: unknown = proxyWindow) {
  target.dispatchEvent(Object.assign(new Event("message"), { data, origin: SANDBOX, source }));
}

describe("ProxyTransport with a proxy loaded ahead", () => {
  it("handles the proxy's earlier messages first, checked and traced, then live ones", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const seen: JSONRPCMessage[] = [];
    const transport = new ProxyTransport({
      target: proxyWindow,
      origin: SANDBOX,
      trace,
      listenOn,
      early: [
        { source: proxyWindow, origin: SANDBOX, data: ready },
        // Checked like any other message: a wrong origin is still refused.
        { source: proxyWindow, origin: "http://localhost:3000", data: ready },
      ],
    });
    transport.onmessage = (m) => seen.push(m);
    await transport.start();
    post(listenOn, { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} });
    expect(seen.map((m) => ("method" in m ? m.method : ""))).toEqual([
      "ui/notifications/sandbox-proxy-ready",
      "ui/initialize",
    ]);
    expect(trace.entries.map((e) => e.note ?? e.method)).toEqual([
      "sandbox proxy loaded before this run: its 2 earlier message(s) are handled now",
      "ui/notifications/sandbox-proxy-ready",
      expect.stringContaining("origin"),
      "ui/initialize",
    ]);
    expect(trace.entries[2]!.status).toBe("rejected");
    await transport.close();
  });

  it("leaves the next spare's messages to the spare, but still records a stranger's", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const transport = new ProxyTransport({
      target: proxyWindow,
      origin: SANDBOX,
      trace,
      listenOn,
      isOtherOwnFrame: (source) => source === spareWindow,
    });
    await transport.start();
    post(listenOn, ready, spareWindow);
    expect(trace.entries).toHaveLength(0);
    post(listenOn, ready, {});
    expect(trace.entries).toHaveLength(1);
    expect(trace.entries[0]!.status).toBe("rejected");
    await transport.close();
  });
});

describe("ProxyTransport limits", () => {
  it("refuses and traces a message above the size cap without parsing it (SBX-6)", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const transport = new ProxyTransport({
      target: proxyWindow,
      origin: SANDBOX,
      trace,
      listenOn,
      limits: createLimits(trace, () => {}),
    });
    const seen: JSONRPCMessage[] = [];
    transport.onmessage = (m) => seen.push(m);
    await transport.start();
    post(listenOn, {
      jsonrpc: "2.0",
      method: "notifications/message",
      params: { level: "info", data: "x".repeat(MAX_MESSAGE_BYTES + 1) },
    });
    expect(seen).toHaveLength(0);
    expect(trace.entries).toHaveLength(1);
    expect(trace.entries[0]!.status).toBe("rejected");
    expect(trace.entries[0]!.note).toContain("KiB");
    expect(trace.entries[0]!.message).toBeUndefined();
    // Measuring stops as soon as the cap is passed: a million small strings cost a few steps.
    expect(sizeUpTo(new Array(1_000_000).fill("abc"), 1000)).toBeLessThan(1100);
    await transport.close();
  });

  it("tears down a view above the message rate, and counts strangers without storing them", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const reasons: string[] = [];
    const limits = createLimits(trace, (why) => reasons.push(why), 50);
    const transport = new ProxyTransport({
      target: proxyWindow,
      origin: SANDBOX,
      trace,
      listenOn,
      limits,
    });
    await transport.start();
    for (let i = 0; i < 60; i++) post(listenOn, { jsonrpc: "2.0", method: "ping", id: i });
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain("50 messages");
    for (let i = 0; i < 100; i++) post(listenOn, ready, {});
    expect(limits.foreignCount).toBe(100);
    expect(trace.entries.filter((e) => e.note?.includes("not the sandbox proxy"))).toHaveLength(
      FOREIGN_TRACED,
    );
    expect(trace.entries.every((e) => e.from === "proxy" || e.message === undefined)).toBe(true);
    await transport.close();
    expect(trace.entries.at(-1)!.note).toContain("80 more messages");
  });

  it("tears down a view that sends more than its bytes a second in messages each within the size cap, and drops the rest unread (issue #39)", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const reasons: string[] = [];
    const seen: JSONRPCMessage[] = [];
    const transport = new ProxyTransport({
      target: proxyWindow,
      origin: SANDBOX,
      trace,
      listenOn,
      limits: createLimits(trace, (why) => reasons.push(why)),
    });
    transport.onmessage = (m) => seen.push(m);
    await transport.start();
    const data = "y".repeat(MAX_MESSAGE_BYTES - 1024);
    const fits = Math.floor(MAX_BYTES_PER_SECOND / (MAX_MESSAGE_BYTES - 1024 + 100));
    for (let i = 0; i < fits + 5; i++)
      post(listenOn, { jsonrpc: "2.0", method: "notifications/message", params: { data } });
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain(`more than ${MAX_BYTES_PER_SECOND / 1024 / 1024} MiB`);
    expect(reasons[0]).toContain("within one second");
    expect(seen.length).toBeGreaterThanOrEqual(fits - 1);
    expect(seen.length).toBeLessThanOrEqual(fits + 1);
    // Well under the rate, the same messages pass: the bytes of the last second are what count.
    const slow = createLimits(trace, (why) => reasons.push(why));
    for (let i = 0; i < 200; i++) expect(slow.count(i * 1000, MAX_MESSAGE_BYTES)).toBe(true);
    await transport.close();
  });

  it("counts oversized messages against the view: a burst of them tears it down, and later ones are not even read (issue #25)", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const reasons: string[] = [];
    const transport = new ProxyTransport({
      target: proxyWindow,
      origin: SANDBOX,
      trace,
      listenOn,
      limits: createLimits(trace, (why) => reasons.push(why)),
    });
    await transport.start();
    const big = {
      jsonrpc: "2.0",
      method: "ping",
      id: 1,
      params: { x: "x".repeat(MAX_MESSAGE_BYTES + 1) },
    };
    for (let i = 0; i < MAX_OVERSIZED; i++) post(listenOn, big);
    expect(reasons).toHaveLength(0);
    post(listenOn, big);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain(`more than ${MAX_OVERSIZED} messages above`);
    // Reading a posted message's data is what costs (the browser deserializes it on first
    // access): once the view is over its limits, its messages are dropped unread.
    let reads = 0;
    const event = Object.assign(new Event("message"), { origin: SANDBOX, source: proxyWindow });
    Object.defineProperty(event, "data", {
      get() {
        reads++;
        return big;
      },
    });
    for (let i = 0; i < 40; i++) listenOn.dispatchEvent(event);
    expect(reads).toBe(0);
    expect(reasons).toHaveLength(1);
    await transport.close();
  });

  it("takes the proxy's notice of a message it refused to relay as that oversized message: traced, its request answered, and the fourth tears the view down naming the size (issue #39)", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const reasons: string[] = [];
    const sent: unknown[] = [];
    const target = { postMessage: (m: unknown) => sent.push(m) } as unknown as Window;
    const seen: JSONRPCMessage[] = [];
    const reports: unknown[] = [];
    const transport = new ProxyTransport({
      target,
      origin: SANDBOX,
      trace,
      listenOn,
      limits: createLimits(trace, (why) => reasons.push(why)),
      onInstrumentation: (r) => reports.push(r),
    });
    transport.onmessage = (m) => seen.push(m);
    await transport.start();
    const notice = (id?: unknown) => ({
      "academy/instrumentation": { type: "oversized-message", limit: MAX_MESSAGE_BYTES, id },
    });
    post(listenOn, notice(7), target);
    expect(seen).toHaveLength(0);
    // The view's request gets the same answer as when the host measured the message itself.
    expect(sent).toEqual([
      {
        jsonrpc: "2.0",
        id: 7,
        error: { code: -32600, message: "message too large for this host (SBX-6)" },
      },
    ]);
    const refusal = trace.entries.find((e) => e.status === "rejected");
    expect(refusal?.note).toContain("256 KiB");
    expect(refusal?.note).toContain("before relaying");
    // A notification has no id to answer; an id that is neither a number nor a short string is
    // never echoed.
    post(listenOn, notice(), target);
    post(listenOn, notice({ not: "an id" }), target);
    expect(sent).toHaveLength(1);
    expect(reasons).toHaveLength(0);
    post(listenOn, notice(8), target);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain(`more than ${MAX_OVERSIZED} messages above 256 KiB`);
    expect(reports).toHaveLength(0);
    await transport.close();
  });
});

describe("ProxyTransport's channel to the proxy (issue #39)", () => {
  const resourceReady = {
    jsonrpc: "2.0" as const,
    method: "ui/notifications/sandbox-resource-ready",
    params: { html: "<p>view</p>" },
  };
  const offer = { "academy/instrumentation": { type: "port-offer" } };
  /** A posted message whose `data` counts its reads: reading it is what costs in a browser. */
  function unreadable(source: unknown) {
    const event = Object.assign(new Event("message"), { origin: SANDBOX, source, reads: 0 });
    Object.defineProperty(event, "data", {
      get() {
        event.reads++;
        return { jsonrpc: "2.0", method: "notifications/message", params: { data: "x" } };
      },
    });
    return event;
  }
  const tick = () => new Promise((r) => setTimeout(r, 20));

  it("hands a proxy that offers it a MessagePort with sandbox-resource-ready, then talks over the port alone; the proxy's window posting after that is dropped unread and ends the view", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const posted: { message: unknown; transfer?: Transferable[] }[] = [];
    const target = {
      postMessage: (message: unknown, _origin: string, transfer?: Transferable[]) =>
        posted.push({ message, transfer }),
    } as unknown as Window;
    const bypasses: string[] = [];
    const seen: JSONRPCMessage[] = [];
    const transport = new ProxyTransport({
      target,
      origin: SANDBOX,
      trace,
      listenOn,
      limits: createLimits(trace, () => {}),
      onBypass: (why) => bypasses.push(why),
    });
    transport.onmessage = (m) => seen.push(m);
    await transport.start();
    post(listenOn, offer, target);
    post(listenOn, ready, target);
    await transport.send(resourceReady);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.message).toEqual(resourceReady);
    const proxyEnd = posted[0]!.transfer?.[0] as MessagePort;
    expect(proxyEnd).toBeInstanceOf(MessagePort);
    // The proxy speaks on its end; the host answers on its own, never on the window again.
    const fromHost: unknown[] = [];
    proxyEnd.onmessage = (e) => fromHost.push(e.data);
    proxyEnd.postMessage({ jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} });
    await tick();
    expect(seen.map((m) => ("method" in m ? m.method : ""))).toEqual([
      "ui/notifications/sandbox-proxy-ready",
      "ui/initialize",
    ]);
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    await tick();
    expect(fromHost).toEqual([{ jsonrpc: "2.0", id: 1, result: {} }]);
    expect(posted).toHaveLength(1);
    // Script in the proxy document posting on its window: never read, the view ended once.
    // A lone one is traced and the run goes on; more than MAX_BYPASSES end the view.
    const events = Array.from({ length: MAX_BYPASSES + 3 }, () => unreadable(target));
    listenOn.dispatchEvent(events[0]!);
    expect(bypasses).toHaveLength(0);
    expect(trace.entries.at(-1)!.note).toContain("posted past the sandbox proxy");
    expect(trace.entries.at(-1)!.note).toContain("Dropped unread");
    for (const e of events.slice(1)) listenOn.dispatchEvent(e);
    expect(events.every((e) => e.reads === 0)).toBe(true);
    expect(bypasses).toHaveLength(1);
    expect(bypasses[0]).toContain(`more than ${MAX_BYPASSES} messages past its sandbox proxy`);
    expect(seen).toHaveLength(2);
    await transport.close();
    expect(trace.entries.at(-1)!.note).toContain("2 more messages posted past the sandbox proxy");
    proxyEnd.close();
  });

  it("serves a proxy that follows the spec (no offer) over window messages, as before", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const posted: { message: unknown; transfer?: Transferable[] }[] = [];
    const target = {
      postMessage: (message: unknown, _origin: string, transfer?: Transferable[]) =>
        posted.push({ message, transfer }),
    } as unknown as Window;
    const seen: JSONRPCMessage[] = [];
    const bypasses: string[] = [];
    const transport = new ProxyTransport({
      target,
      origin: SANDBOX,
      trace,
      listenOn,
      onBypass: (why) => bypasses.push(why),
    });
    transport.onmessage = (m) => seen.push(m);
    await transport.start();
    post(listenOn, ready, target);
    await transport.send(resourceReady);
    // An offer after the view's HTML went out is too late: a view may have sent it.
    post(listenOn, offer, target);
    post(listenOn, { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} }, target);
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    expect(posted.map((p) => p.transfer)).toEqual([undefined, undefined]);
    expect(seen).toHaveLength(2);
    expect(bypasses).toEqual([]);
    await transport.close();
  });

  it("never reads a message from a window inside the proxy (the view posting to the host page itself), and ends the view", async () => {
    const listenOn = new EventTarget() as unknown as Window;
    const trace = new Trace();
    const bypasses: string[] = [];
    const transport = new ProxyTransport({
      target: proxyWindow,
      origin: SANDBOX,
      trace,
      listenOn,
      limits: createLimits(trace, () => {}),
      onBypass: (why) => bypasses.push(why),
    });
    await transport.start();
    const view = { parent: proxyWindow };
    const nested = { parent: view };
    const stranger = { parent: {} };
    const events = [
      unreadable(stranger),
      ...Array.from({ length: MAX_BYPASSES + 1 }, (_, i) => unreadable(i % 2 ? nested : view)),
    ];
    for (const e of events) listenOn.dispatchEvent(e);
    expect(events.every((e) => e.reads === 0)).toBe(true);
    expect(bypasses).toHaveLength(1);
    expect(bypasses[0]).toContain("a window inside the sandbox proxy");
    // The stranger is only a stranger.
    expect(trace.entries.filter((e) => e.note?.includes("not the sandbox proxy"))).toHaveLength(1);
    await transport.close();
  });

  it("counts a value JSON cannot hold as above the size cap: a Map or a String object has no own keys to count", () => {
    const big = "m".repeat(MAX_MESSAGE_BYTES);
    expect(sizeUpTo({ data: new Map([["k", big]]) }, MAX_MESSAGE_BYTES)).toBeGreaterThan(
      MAX_MESSAGE_BYTES,
    );
    expect(sizeUpTo({ data: new Set([big]) }, MAX_MESSAGE_BYTES)).toBeGreaterThan(
      MAX_MESSAGE_BYTES,
    );
    expect(sizeUpTo({ data: new String("small") }, MAX_MESSAGE_BYTES)).toBeGreaterThan(
      MAX_MESSAGE_BYTES,
    );
    expect(sizeUpTo({ data: [1, "two", { three: null }] }, MAX_MESSAGE_BYTES)).toBeLessThan(100);
  });
});
