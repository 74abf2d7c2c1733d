import { spawn, type ChildProcess } from "node:child_process";
import dgram from "node:dgram";
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { runForReal } from "./helpers";
import { getViewFrame } from "./simulator-helpers";

/**
 * Issue 25: the view's CSP (even the restrictive default, `connect-src 'none'`, CSP-4) does not
 * cover WebRTC. A view that builds an RTCPeerConnection with a hand-made answer naming a host and
 * port makes Chromium send STUN connectivity checks there, and the checks' USERNAME carries text
 * the view chose. This host's sandbox proxy removes WebRTC from the view (a host policy, not an
 * MCP Apps rule). The proof is a real UDP listener on this machine: no packet may reach it.
 */

const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The view server's port: 21 above the app's, clear of the review specs' 1-19. */
const VIEW_SERVER_PORT = APP_PORT + 21;
/** How long the listener keeps listening after the view has made every attempt. */
const QUIET_MS = 4000;

interface Packet {
  from: string;
  /** The STUN message's printable bytes: the USERNAME attribute is in there. */
  text: string;
}

/** A UDP listener on 127.0.0.1:`port` (0: any free port) that keeps every datagram it gets. */
async function listen(port: number) {
  const socket = dgram.createSocket("udp4");
  const packets: Packet[] = [];
  socket.on("message", (msg, rinfo) =>
    packets.push({
      from: `${rinfo.address}:${rinfo.port}`,
      text: msg.toString("latin1").replace(/[^\x20-\x7e]+/g, "."),
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(port, "127.0.0.1", () => resolve());
  });
  return {
    port: socket.address().port,
    packets,
    /** The ICE usernames the view chose, as they arrived (`<view's ufrag>:<browser's ufrag>`). */
    usernames: () => [...new Set(packets.map((p) => /(leak|hostile)[a-z]*:/.exec(p.text)?.[0]))],
    close: () => new Promise<void>((r) => socket.close(() => r())),
  };
}

test.describe.configure({ mode: "serial", timeout: 90_000 });

test("the hostile view's WebRTC attempt is refused and no STUN packet reaches a UDP listener (CSP-3 asks it; the CSP itself does not cover WebRTC)", async ({
  page,
}) => {
  // The hostile view aims at 127.0.0.1 on the UDP port numbered like the app's own port.
  const udp = await listen(APP_PORT);
  try {
    await page.goto("/simulator?preset=hostile-view");
    await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "done", {
      timeout: 20_000,
    });
    const view = await getViewFrame(page);
    const attempt = view.locator('[data-attack="webrtc-stun"]');
    await expect(attempt).toHaveCount(1, { timeout: 20_000 });
    await page.waitForTimeout(QUIET_MS);
    expect(udp.packets.length, `STUN from ${udp.usernames().join(", ")}`).toBe(0);
    await expect(attempt).toHaveAttribute("data-outcome", "refused");
    await expect(attempt).toContainText("SBX-1, CSP-3");
    // Issue #39: it tries an <embed>'s window and a src frame's first window too, and finds the
    // host's stub in both (not an empty slot).
    await expect(attempt).toContainText(
      "an <embed>'s window (RTCPeerConnection is not available in this view",
    );
    await expect(attempt).toContainText(
      "a frame with a src, read as window[i] at once (RTCPeerConnection is not available in this view",
    );
    await expect(view.getByTestId("status")).toHaveAttribute("data-achieved", "0", {
      timeout: 20_000,
    });
    // The trace says what the host did, as its own policy, before the view's HTML went out.
    await expect(
      page
        .getByTestId("trace")
        .locator("li", { hasText: "WebRTC closed outside the CSP: WebRTC" })
        .first(),
    ).toBeAttached();
  } finally {
    await udp.close();
  }
});

async function reviewWebrtcView(page: Page, udpPort: number) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(process.cwd(), "e2e/fixtures/webrtc-view-server.mjs"),
      String(VIEW_SERVER_PORT),
      String(udpPort),
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the view server did not start")), 20_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      if (/listening on/.test(String(chunk))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => reject(new Error(`the view server exited with ${code}`)));
  });
  await page.goto("/review");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Server URL").fill(`http://localhost:${VIEW_SERVER_PORT}/mcp`);
  await page.getByRole("button", { name: "Connect and review" }).click();
  await expect(page.getByTestId("review-result")).toBeVisible({ timeout: 30_000 });
  return child;
}

/** Runs `tool`'s view on /review and returns what each way reported, once the view is done. */
async function runView(page: Page, tool: string) {
  const section = page.locator(`[data-testid="review-ui-tool"][data-tool="${tool}"]`);
  await section.getByTestId("handshake-timeout").fill("2");
  await runForReal(section);
  const view = section
    .getByTestId("review-view")
    .frameLocator("iframe")
    .frameLocator('iframe[title="MCP App view"]');
  await expect(view.locator("#status")).toHaveAttribute("data-started", /\d+/, {
    timeout: 20_000,
  });
  await page.waitForTimeout(QUIET_MS);
  const ways = await view
    .locator("[data-way]")
    .evaluateAll((els) =>
      els.map((e) => `${e.getAttribute("data-way")}: ${e.getAttribute("data-outcome")}`),
    );
  console.log(`${tool}: ${ways.join("; ")}`);
  // Anything not refused, with the view's own account of it.
  for (const text of await view
    .locator('[data-way]:not([data-outcome="refused"])')
    .allTextContents())
    console.log(`  ${text}`);
  return { section, ways };
}

/** Issue #39 item 2: new browsing contexts the proxy did not watch, each found by the view. */
const NEW_CONTEXT_WAYS = [
  "frame-src-window-index",
  "frame-innerhtml-window-index",
  "embed-forced-layout",
  "embed-script",
  "embed-markup",
  "embed-nested-write",
  "object-window-index",
];

test("a reviewed server's view under connect-src 'none' sends no STUN packet by any of 25 ways: its own realm, fresh frames made every way, <embed> and <object> windows, srcdoc and javascript: documents, Location navigations, the proxy's realm, a worker", async ({
  page,
}) => {
  const udp = await listen(0);
  const server = await reviewWebrtcView(page, udp.port);
  try {
    const { section, ways } = await runView(page, "webrtc-leak");
    expect(udp.packets.length, `STUN from ${udp.usernames().join(", ")}`).toBe(0);
    expect(new Set(ways.map((w) => w.split(":")[0])).size).toBe(25);
    for (const way of ways) expect(way).toMatch(/: refused$/);
    // Each new way reached a window and found the host's stub there, not an empty slot.
    const view = section
      .getByTestId("review-view")
      .frameLocator("iframe")
      .frameLocator('iframe[title="MCP App view"]');
    for (const way of NEW_CONTEXT_WAYS)
      await expect(view.locator(`[data-way="${way}"]`)).toContainText(
        "is not available in this view",
      );
    // The live view's log says the host removed WebRTC, as its own policy.
    await section.getByText(/Message log/).click();
    // The log shows its newest rows; the filter finds the note among the view's many attempts.
    await section.getByTestId("log-filter").fill("WebRTC closed outside");
    await expect(
      section
        .getByTestId("message-log")
        .locator("tr", { hasText: "WebRTC closed outside the CSP: WebRTC" }),
    ).toHaveCount(1);
    // And the view's attempts, as the sandbox document reported them.
    await section.getByTestId("log-filter").fill("webrtc-blocked");
    await expect(
      section.getByTestId("message-log").locator("tr", { hasText: "webrtc-blocked" }).first(),
    ).toBeAttached();
  } finally {
    server.kill();
    await udp.close();
  }
});

/**
 * A frame the parser puts in a shadow root (declarative shadow DOM) is seen by no observer of the
 * document, and one in a CLOSED root by no script at all: its srcdoc document used to run in an
 * unsealed first window and send STUN. The proxy opens closed declarative roots in the markup it
 * is given to parse (setHTMLUnsafe, parseHTMLUnsafe, the view's own HTML), refuses
 * document.write of one, and seals the frames inside open roots as they are parsed.
 */
test("a frame inside a declarative shadow root, closed or open, made by setHTMLUnsafe, parseHTMLUnsafe, document.write or the view's own markup, sends no STUN from its srcdoc document", async ({
  page,
}) => {
  const udp = await listen(0);
  const server = await reviewWebrtcView(page, udp.port);
  try {
    const { ways } = await runView(page, "webrtc-shadow-roots");
    expect(udp.packets.length, `STUN from ${udp.usernames().join(", ")}`).toBe(0);
    expect(ways.map((w) => w.split(":")[0]).sort()).toEqual(
      [
        "closed-shadow-markup",
        "closed-shadow-parsed-document",
        "closed-shadow-srcdoc",
        "closed-shadow-write",
        "open-shadow-markup",
        "open-shadow-srcdoc",
        "worker",
      ].sort(),
    );
    for (const way of ways) expect(way).toMatch(/: refused$/);
  } finally {
    server.kill();
    await udp.close();
  }
});
